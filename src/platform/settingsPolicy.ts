/**
 * Which layer of a setting wins, for settings that decide where requests go. Pure and free of
 * `vscode`: `config.ts` feeds it `inspect()` results, the workspace trust state and the consents
 * stored in `globalState`, and acts on the answer (use a value, ask the user).
 *
 * Why consent on top of restricted settings: VS Code ignores restricted workspace values only in
 * untrusted workspaces. A trusted repository can still carry a `.vscode/settings.json` that points
 * the Data API at another host and so collects the user's API key; the user should see that once.
 */
import { type SettingKey, settingId } from './settingKeys';

/** The layers of `WorkspaceConfiguration.inspect()` this extension reads. */
export interface InspectedLayers<T> {
    readonly defaultValue?: T | undefined;
    readonly globalValue?: T | undefined;
    readonly workspaceValue?: T | undefined;
    readonly workspaceFolderValue?: T | undefined;
}

export type ValueSource = 'default' | 'user' | 'workspace' | 'workspaceFolder';

/** The user's answer to "this workspace wants to send requests to …". */
export type Consent = 'allow' | 'deny';

export interface PolicyInput<T> {
    readonly key: SettingKey;
    /** Layers, already validated: invalid values must be removed (set to undefined) beforehand. */
    readonly layers: InspectedLayers<T>;
    /** The value when no layer has one. */
    readonly fallback: T;
    /** Whether workspace values of this key need consent (the restricted keys). */
    readonly restricted: boolean;
    /** `vscode.workspace.isTrusted`. */
    readonly trusted: boolean;
    /** Identifies the workspace (workspace file or folder URI); consents are remembered per scope. */
    readonly scope: string | undefined;
    readonly consentFor: (consentKey: string) => Consent | undefined;
    /**
     * True when the workspace value adds no destination the user has not already chosen (for
     * example it selects a built-in node or one from the user's own list): no need to ask.
     */
    readonly isKnownDestination?: (workspaceValue: T, userValue: T) => boolean;
}

/** A workspace value waiting for the user's answer. */
export interface ConsentRequest<T = unknown> {
    readonly key: SettingKey;
    readonly value: T;
    readonly source: 'workspace' | 'workspaceFolder';
    readonly consentKey: string;
}

export interface PolicyResult<T> {
    readonly value: T;
    readonly source: ValueSource;
    /** Set when a workspace value is being held back until the user answers. */
    readonly ask?: ConsentRequest<T>;
    /** Set when a workspace value was ignored (untrusted workspace, or the user said no). */
    readonly ignoredWorkspaceValue?: 'untrusted' | 'denied';
}

/** Key under which the answer for (scope, setting, value) is stored. */
export function consentKey(scope: string | undefined, key: SettingKey, value: unknown): string {
    return JSON.stringify([scope ?? '', settingId(key), value]);
}

/** Structural equality for JSON-like setting values. */
export function sameValue(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((k) =>
        sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    );
}

/**
 * Decides the effective value of one setting. Workspace-folder beats workspace beats user beats
 * default, as in VS Code, except that for restricted keys a workspace value is used only in a
 * trusted workspace and only once the user allowed that exact value for this workspace.
 */
export function resolveSetting<T>(input: PolicyInput<T>): PolicyResult<T> {
    const { layers } = input;
    const userValue: { value: T; source: ValueSource } =
        layers.globalValue !== undefined
            ? { value: layers.globalValue, source: 'user' }
            : layers.defaultValue !== undefined
              ? { value: layers.defaultValue, source: 'default' }
              : { value: input.fallback, source: 'default' };

    const workspace: { value: T; source: 'workspace' | 'workspaceFolder' } | undefined =
        layers.workspaceFolderValue !== undefined
            ? { value: layers.workspaceFolderValue, source: 'workspaceFolder' }
            : layers.workspaceValue !== undefined
              ? { value: layers.workspaceValue, source: 'workspace' }
              : undefined;

    if (workspace === undefined) return userValue;
    if (!input.restricted) return workspace;
    if (!input.trusted) return { ...userValue, ignoredWorkspaceValue: 'untrusted' };
    // Nothing to ask when the workspace repeats what the user already has.
    if (sameValue(workspace.value, userValue.value)) return workspace;
    if (input.isKnownDestination?.(workspace.value, userValue.value) === true) return workspace;

    const key = consentKey(input.scope, input.key, workspace.value);
    const consent = input.consentFor(key);
    if (consent === 'allow') return workspace;
    if (consent === 'deny') return { ...userValue, ignoredWorkspaceValue: 'denied' };
    return {
        ...userValue,
        ask: { key: input.key, value: workspace.value, source: workspace.source, consentKey: key },
    };
}

/** The question shown in the consent dialog; the value is shown exactly as it would be used. */
export function consentQuestion(request: ConsentRequest): string {
    const setting = settingId(request.key);
    const target = describeTarget(request.value);
    if (request.key === 'explorer.urlTemplate') {
        return `This workspace wants Avalanche Explorer's "Open in Explorer" links to go to ${target} (${setting}). Allow?`;
    }
    if (request.key === 'dataApi.apiKeyHeader') {
        return `This workspace wants Avalanche Explorer to send your Data API key in the header "${target}" (${setting}). Allow?`;
    }
    return `This workspace wants Avalanche Explorer to send requests to ${target} (${setting}). Allow?`;
}

function describeTarget(value: unknown): string {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) {
        const urls = value.map((v: unknown) =>
            typeof v === 'object' && v !== null && 'url' in v ? String(v.url) : String(v),
        );
        return urls.length === 0 ? '(no URLs)' : urls.join(', ');
    }
    return JSON.stringify(value);
}
