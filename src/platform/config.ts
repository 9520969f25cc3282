/**
 * Typed, validated settings. The snapshot is rebuilt from `inspect()` on every
 * configuration or trust change; each layer is validated on its own, so one bad value falls back
 * to the next layer instead of breaking the key. For the request-routing keys, workspace values
 * go through `settingsPolicy.ts`: used only in a trusted workspace and after the user agreed.
 */
import * as vscode from 'vscode';

import { Disposable } from './disposable';
import { log } from './log';
import { automaticNodeUrl, isKnownNodeUrl } from './nodeCatalog';
import {
    allSettingKeys,
    ConfigSection,
    defaultExplorerUrlTemplate,
    type Network,
    type NodeEntry,
    restrictedSettingKeys,
    settingDefaults,
    settingId,
    SettingKey,
    settingValidators,
    type SettingValues,
} from './settingKeys';
import {
    type Consent,
    type ConsentRequest,
    consentQuestion,
    type InspectedLayers,
    type PolicyResult,
    resolveSetting,
    sameValue,
    type ValueSource,
} from './settingsPolicy';

const logger = log.for('Config');

/** Effective values of every setting, keyed by {@link SettingKey}. Frozen. */
export type SettingsSnapshot = Readonly<SettingValues>;

export interface ConfigChangeEvent {
    /** Keys whose effective value changed. */
    readonly keys: ReadonlySet<SettingKey>;
    readonly snapshot: SettingsSnapshot;
}

/** Asks the user about one workspace value; undefined when the dialog was dismissed. */
export type ConsentPrompter = (request: ConsentRequest) => Thenable<Consent | undefined>;

/** `globalState` key of the remembered answers (per machine: not synced on purpose). */
export const consentStateKey = 'avalanche.workspaceSettingConsents';
/** Oldest answers are dropped beyond this, so the map cannot grow without bound. */
const maxStoredConsents = 200;

const allowLabel = 'Allow';
const denyLabel = 'Use my settings';

/** The modal dialog used outside tests. */
const showConsentDialog: ConsentPrompter = async (request) => {
    const choice = await vscode.window.showWarningMessage(
        consentQuestion(request),
        {
            modal: true,
            detail:
                'Until you allow it, Avalanche Explorer uses the value from your user settings. ' +
                'The answer is remembered for this workspace and this value.',
        },
        allowLabel,
        denyLabel,
    );
    return choice === allowLabel ? 'allow' : choice === denyLabel ? 'deny' : undefined;
};

interface Resolved {
    readonly snapshot: SettingsSnapshot;
    readonly sources: Readonly<Record<SettingKey, ValueSource>>;
    readonly pending: readonly ConsentRequest[];
}

export class Config extends Disposable {
    private resolved: Resolved;
    private readonly emitter = this._register(new vscode.EventEmitter<ConfigChangeEvent>());
    /** Consent keys already asked in this session, so a dismissed dialog is not shown again at once. */
    private readonly asked = new Set<string>();
    private prompting: Promise<void> | undefined;
    private readonly reportedProblems = new Set<string>();
    /** The node chosen for an unset `avalanche.node.selectedUrl` (`setAutomaticNode`). */
    private automaticNode: string | undefined;

    constructor(
        private readonly globalState: vscode.Memento,
        private readonly prompt: ConsentPrompter = showConsentDialog,
    ) {
        super();
        this.resolved = this.resolve();
        this._register(
            vscode.workspace.onDidChangeConfiguration((e) => {
                if (e.affectsConfiguration(ConfigSection)) this.refresh();
            }),
        );
        this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()));
    }

    /** The current effective settings. */
    get snapshot(): SettingsSnapshot {
        return this.resolved.snapshot;
    }

    get<K extends SettingKey>(key: K): SettingValues[K] {
        return this.resolved.snapshot[key];
    }

    /**
     * True while `avalanche.node.selectedUrl` is unset in every layer: the node in use is then
     * the one the extension chose (`automaticNodeUrl`), not one the user asked for.
     */
    get nodeIsAutomatic(): boolean {
        return this.resolved.sources[SettingKey.SelectedNodeUrl] === 'default';
    }

    /**
     * Uses `url` while `avalanche.node.selectedUrl` is unset (a local node answered or a local
     * network was found), or, with `undefined`, the selected network's public node again. A value
     * the user set is never replaced.
     */
    setAutomaticNode(url: string | undefined): void {
        if (this.automaticNode === url) return;
        this.automaticNode = url;
        this.refresh();
    }

    /** Where the effective value of `key` came from. */
    sourceOf(key: SettingKey): ValueSource {
        return this.resolved.sources[key];
    }

    /**
     * Calls `listener` when the effective value of any of `keys` changes. The comparison is on
     * values rather than `affectsConfiguration`, so a workspace value still waiting for consent,
     * or an edit that lands on the same value, fires nothing, and a consent given fires.
     */
    onDidChange(
        keys: readonly SettingKey[],
        listener: (event: ConfigChangeEvent) => void,
    ): vscode.Disposable {
        return this.emitter.event((event) => {
            if (keys.some((k) => event.keys.has(k))) listener(event);
        });
    }

    /** The user's own (global) value, validated; for read-modify-write of lists. */
    userValue<K extends SettingKey>(key: K): SettingValues[K] | undefined {
        const raw = vscode.workspace.getConfiguration(ConfigSection).inspect(key)?.globalValue;
        return raw === undefined ? undefined : settingValidators[key](raw).value;
    }

    /**
     * Writes the user (global) setting. Writing `undefined` removes it, so the default applies.
     * Resolves once the snapshot reflects the write.
     */
    async update<K extends SettingKey>(key: K, value: SettingValues[K] | undefined): Promise<void> {
        await vscode.workspace
            .getConfiguration(ConfigSection)
            .update(key, value, vscode.ConfigurationTarget.Global);
        this.refresh();
    }

    /** Shows the pending consent dialogs one after the other; resolves when none is left. */
    confirmWorkspaceOverrides(): Promise<void> {
        this.prompting ??= this.promptPending().finally(() => {
            this.prompting = undefined;
        });
        return this.prompting;
    }

    private refresh(): void {
        const before = this.resolved;
        this.resolved = this.resolve();
        const changed = new Set(
            allSettingKeys.filter((k) => !sameValue(before.snapshot[k], this.resolved.snapshot[k])),
        );
        // Choosing the node the extension had chosen changes no value but who chose it, which
        // the views and the status bar show (`nodeIsAutomatic`).
        const automatic = (r: Resolved) => r.sources[SettingKey.SelectedNodeUrl] === 'default';
        if (automatic(before) !== automatic(this.resolved)) changed.add(SettingKey.SelectedNodeUrl);
        if (changed.size > 0) {
            logger.info(`Changed: ${[...changed].map(settingId).join(', ')}`);
            this.emitter.fire({ keys: changed, snapshot: this.resolved.snapshot });
        }
        if (this.resolved.pending.some((p) => !this.asked.has(p.consentKey))) {
            void this.confirmWorkspaceOverrides();
        }
    }

    private async promptPending(): Promise<void> {
        for (;;) {
            const request = this.resolved.pending.find((p) => !this.asked.has(p.consentKey));
            if (!request || this.isDisposed) return;
            this.asked.add(request.consentKey);
            let answer: Consent | undefined;
            try {
                answer = await this.prompt(request);
            } catch (error) {
                logger.error(`Could not ask about ${settingId(request.key)}`, error);
            }
            logger.info(
                `Workspace value of ${settingId(request.key)}: ${answer ?? 'no answer (user value kept for now)'}`,
            );
            if (answer !== undefined) {
                await this.storeConsent(request.consentKey, answer);
                this.refresh();
            }
        }
    }

    private consents(): Record<string, Consent> {
        const stored = this.globalState.get<unknown>(consentStateKey);
        return typeof stored === 'object' && stored !== null
            ? (stored as Record<string, Consent>)
            : {};
    }

    private async storeConsent(key: string, consent: Consent): Promise<void> {
        const entries = Object.entries(this.consents()).filter(([k]) => k !== key);
        entries.push([key, consent]);
        await this.globalState.update(
            consentStateKey,
            Object.fromEntries(entries.slice(-maxStoredConsents)),
        );
    }

    private resolve(): Resolved {
        const configuration = inspectSection();
        const trusted = vscode.workspace.isTrusted;
        const scope =
            vscode.workspace.workspaceFile?.toString() ??
            vscode.workspace.workspaceFolders?.[0]?.uri.toString();
        const consents = this.consents();
        const values: Partial<Record<SettingKey, unknown>> = {};
        const sources: Partial<Record<SettingKey, ValueSource>> = {};
        const pending: ConsentRequest[] = [];

        // Resolved first: the node list decides whether a workspace-selected node is already known.
        const order = [
            SettingKey.NodeUrls,
            ...allSettingKeys.filter((k) => k !== SettingKey.NodeUrls),
        ];
        for (const key of order) {
            const result = this.resolveKey(key, configuration, {
                trusted,
                scope,
                consents,
                userNodes: (values[SettingKey.NodeUrls] as readonly NodeEntry[] | undefined) ?? [],
            });
            values[key] = result.value;
            sources[key] = result.source;
            if (result.ask) pending.push(result.ask);
        }
        // A first run on a machine without a local node must not open on a failing node: unset,
        // the node is the selected network's public one unless a local one was found (#40).
        if (sources[SettingKey.SelectedNodeUrl] === 'default') {
            values[SettingKey.SelectedNodeUrl] = automaticNodeUrl(
                values[SettingKey.Network] as Network,
                this.automaticNode,
            );
        }
        return {
            snapshot: Object.freeze(values as SettingValues),
            sources: sources as Record<SettingKey, ValueSource>,
            pending,
        };
    }

    private resolveKey<K extends SettingKey>(
        key: K,
        configuration: SectionLayers,
        context: {
            trusted: boolean;
            scope: string | undefined;
            consents: Record<string, Consent>;
            userNodes: readonly NodeEntry[];
        },
    ): PolicyResult<SettingValues[K]> {
        const inspected = configuration(key);
        const layers: InspectedLayers<SettingValues[K]> = {
            defaultValue: this.validLayer(key, 'default', inspected?.defaultValue),
            globalValue: this.validLayer(key, 'user', inspected?.globalValue),
            workspaceValue: this.validLayer(key, 'workspace', inspected?.workspaceValue),
            workspaceFolderValue: this.validLayer(
                key,
                'workspace folder',
                inspected?.workspaceFolderValue,
            ),
        };
        const result = resolveSetting<SettingValues[K]>({
            key,
            layers,
            fallback: settingDefaults[key],
            restricted: restrictedSettingKeys.includes(key),
            trusted: context.trusted,
            scope: context.scope,
            consentFor: (k) => context.consents[k],
            isKnownDestination: (workspaceValue) => {
                if (key === SettingKey.SelectedNodeUrl) {
                    return isKnownNodeUrl(workspaceValue as string, context.userNodes);
                }
                if (key === SettingKey.ExplorerUrlTemplate) {
                    return workspaceValue === defaultExplorerUrlTemplate;
                }
                if (key === SettingKey.NodeUrls) {
                    const userNodes = layers.globalValue as readonly NodeEntry[] | undefined;
                    return (workspaceValue as readonly NodeEntry[]).every((n) =>
                        isKnownNodeUrl(n.url, userNodes ?? []),
                    );
                }
                return false;
            },
        });
        if (result.ignoredWorkspaceValue) {
            this.reportOnce(
                `${key}:${result.ignoredWorkspaceValue}`,
                `Ignoring the workspace value of ${settingId(key)}: ${
                    result.ignoredWorkspaceValue === 'untrusted'
                        ? 'the workspace is not trusted'
                        : 'you chose to use your own settings'
                }.`,
            );
        }
        return result;
    }

    private validLayer<K extends SettingKey>(
        key: K,
        layer: string,
        raw: unknown,
    ): SettingValues[K] | undefined {
        if (raw === undefined) return undefined;
        const { value, problems } = settingValidators[key](raw);
        if (problems.length > 0) {
            this.reportOnce(
                `${key}:${layer}:${JSON.stringify(raw)}`,
                `Invalid ${layer} value of ${settingId(key)}: ${problems.join('; ')}.` +
                    (value === undefined ? ' Using the next setting layer or the default.' : ''),
            );
        }
        return value;
    }

    private reportOnce(id: string, message: string): void {
        if (this.reportedProblems.has(id)) return;
        this.reportedProblems.add(id);
        logger.warn(message);
    }
}

/** The layers of one setting, as `WorkspaceConfiguration.inspect(key)` reports them. */
type SectionLayers = (key: SettingKey) => {
    defaultValue?: unknown;
    globalValue?: unknown;
    workspaceValue?: unknown;
    workspaceFolderValue?: unknown;
};

/**
 * Reads every layer of the whole `avalanche` section with one `inspect`, then each key from it.
 * One `inspect(key)` per setting cost the extension host about 0.7 ms each, most of activation
 * (bench/results/host.md); the section's inspect costs about as much as a single one, and VS Code
 * builds it from the same merged layers (dotted keys become nested objects), so the values agree.
 */
function inspectSection(): SectionLayers {
    const section = vscode.workspace.getConfiguration().inspect<unknown>(ConfigSection);
    return (key) => ({
        defaultValue: valueAt(section?.defaultValue, key),
        globalValue: valueAt(section?.globalValue, key),
        workspaceValue: valueAt(section?.workspaceValue, key),
        workspaceFolderValue: valueAt(section?.workspaceFolderValue, key),
    });
}

/** `tree.a.b` for the key `a.b`; undefined where the path leaves plain objects. */
function valueAt(tree: unknown, key: string): unknown {
    let node = tree;
    for (const part of key.split('.')) {
        if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
        if (!Object.prototype.hasOwnProperty.call(node, part)) return undefined;
        node = (node as Record<string, unknown>)[part];
    }
    return node;
}
