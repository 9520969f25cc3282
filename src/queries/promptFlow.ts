/**
 * Asks for the parameters of a query, guided by its prompts (`core/query/prompts.ts`): quick picks
 * for closed sets (networks, chains from the supported-chains list, blockchain ids valid for the
 * endpoint, currencies, sort orders, transaction types, log levels), input boxes whose
 * `validateInput` marks a bad id, address, hash or number while it is typed. The identifier under
 * the cursor (or the selection) fills the first input it fits; recent values are offered in a
 * pick before the input box. Optional parameters are chosen in one multi-select step.
 */
import * as vscode from 'vscode';

import type { Identifier, ParamPrompt, PromptContext, PromptKind } from '../core/index';
import type { QueryParamValue } from '../shared/query';
import { loadCore } from '../platform/lazyCore';
import type { PickItem } from './inputProvider';
import type { QueryServices } from './queryServices';

/** The item that leads from a pick of suggestions to an input box. */
const enterValue = '\u0000enter';
/** The item that leaves an optional single-choice parameter unset. */
const unsetValue = '\u0000unset';

/** Longest selection taken as a candidate value. */
const maxSelectionLength = 300;

export interface AskOptions {
    /** The command's title, shown on every prompt. */
    readonly title: string;
    /** Values already known (a command argument, or the current query when editing). */
    readonly initial?: Readonly<Record<string, QueryParamValue>> | undefined;
    /** Ask every prompt again, pre-filled with `initial` (editing a query). */
    readonly reask?: boolean | undefined;
    /** What some prompts depend on (the export type decides which chains are offered). */
    readonly exportType?: string | undefined;
    /**
     * The recent values a prompt may offer, given the answers before it (a method Helicon removed
     * is not offered for a Helicon C-Chain path). All of them when absent.
     */
    readonly offerRecent?:
        | ((
              prompt: ParamPrompt,
              answered: Readonly<Record<string, QueryParamValue>>,
              recents: readonly string[],
          ) => Promise<readonly string[]>)
        | undefined;
}

/** Text found in the active editor that may fill a prompt. */
interface EditorCandidates {
    readonly selection: string | undefined;
    readonly identifier: Identifier | undefined;
    used: boolean;
}

function editorCandidates(): EditorCandidates {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return { selection: undefined, identifier: undefined, used: false };
    const selection = editor.selection;
    if (!selection.isEmpty) {
        const text = editor.document.getText(selection).trim();
        if (text.length > 0 && text.length <= maxSelectionLength && !text.includes('\n')) {
            return { selection: text, identifier: undefined, used: false };
        }
    }
    const line = editor.document.lineAt(selection.active.line).text;
    if (line.length > 10_000) return { selection: undefined, identifier: undefined, used: false };
    const identifier = loadCore().identifierAt(line, selection.active.character);
    return { selection: undefined, identifier, used: false };
}

/** The editor's text for a prompt, when it fits and was not used by an earlier prompt. */
function editorValue(
    candidates: EditorCandidates,
    prompt: ParamPrompt,
    context: PromptContext,
): string | undefined {
    if (candidates.used) return undefined;
    const core = loadCore();
    if (core.pickKinds.has(prompt.kind) && !core.openPickKinds.has(prompt.kind)) return undefined;
    let value: string | undefined;
    if (candidates.selection !== undefined) {
        value =
            core.checkPromptText(
                { kind: prompt.kind, optional: false },
                candidates.selection,
                context,
            ) === undefined
                ? candidates.selection
                : undefined;
    } else if (candidates.identifier) {
        value = core.identifierFits(prompt.kind, candidates.identifier, context);
    }
    if (value !== undefined) candidates.used = true;
    return value;
}

function valueText(value: QueryParamValue | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (Array.isArray(value)) return value.join(', ');
    return String(value);
}

export class PromptFlow {
    private readonly candidates = editorCandidates();
    private readonly context: { network: string; exportType?: string | undefined };
    /** The answers so far of the flow being asked. */
    private answered: Readonly<Record<string, QueryParamValue>> = {};

    constructor(
        private readonly services: QueryServices,
        private readonly options: AskOptions,
    ) {
        const network = options.initial?.['network'];
        this.context = {
            network: typeof network === 'string' ? network : services.network,
            exportType: options.exportType,
        };
    }

    /** Asks every prompt; undefined when the user dismissed one. */
    async ask(
        prompts: readonly ParamPrompt[],
    ): Promise<Record<string, QueryParamValue> | undefined> {
        const initial = this.options.initial ?? {};
        const values: Record<string, QueryParamValue> = {};
        this.answered = values;
        const required = prompts.filter((p) => !p.optional);
        const optional = prompts.filter((p) => p.optional);

        for (const [index, prompt] of required.entries()) {
            const known = initial[prompt.name];
            if (known !== undefined && !this.options.reask && this.isValid(prompt, known)) {
                values[prompt.name] = known;
            } else {
                const step = vscode.l10n.t(
                    '{0} ({1}/{2})',
                    this.options.title,
                    index + 1,
                    required.length,
                );
                const answer = await this.askOne(prompt, step, known);
                if (answer === undefined || answer === unsetValue) return undefined;
                values[prompt.name] = answer;
            }
            if (prompt.name === 'network' && typeof values['network'] === 'string') {
                this.context.network = values['network'];
            }
        }

        if (optional.length > 0) {
            const given = optional.filter((p) => initial[p.name] !== undefined);
            let chosen: readonly ParamPrompt[];
            if (given.length > 0 && !this.options.reask) {
                chosen = [];
                for (const p of given) {
                    if (this.isValid(p, initial[p.name]!)) values[p.name] = initial[p.name]!;
                }
            } else {
                const picked = await this.services.inputs.pickMany<string>(
                    optional.map((p) => ({
                        label: p.label,
                        description:
                            initial[p.name] !== undefined
                                ? `${p.name} = ${valueText(initial[p.name])}`
                                : p.name,
                        detail: p.hint,
                        value: p.name,
                        picked: initial[p.name] !== undefined,
                    })),
                    {
                        key: 'optional',
                        title: vscode.l10n.t('{0}: optional parameters', this.options.title),
                        placeholder: vscode.l10n.t(
                            'Pick the parameters to set, or press Enter to use the defaults',
                        ),
                    },
                );
                if (picked === undefined) return undefined;
                chosen = optional.filter((p) => picked.includes(p.name));
            }
            for (const [index, prompt] of chosen.entries()) {
                const step = vscode.l10n.t(
                    '{0}: optional ({1}/{2})',
                    this.options.title,
                    index + 1,
                    chosen.length,
                );
                const answer = await this.askOne(prompt, step, initial[prompt.name]);
                if (answer === undefined) return undefined;
                if (answer !== unsetValue) values[prompt.name] = answer;
            }
        }

        await this.rememberValues(prompts, values);
        return values;
    }

    private async recentValues(prompt: ParamPrompt): Promise<readonly string[]> {
        const recents = this.services.recentValues(prompt.kind);
        const offer = this.options.offerRecent;
        return offer && recents.length > 0 ? offer(prompt, this.answered, recents) : recents;
    }

    private isValid(prompt: ParamPrompt, value: QueryParamValue): boolean {
        const core = loadCore();
        const text = valueText(value) ?? '';
        return core.checkPromptText(prompt, text, this.context) === undefined;
    }

    private async rememberValues(
        prompts: readonly ParamPrompt[],
        values: Record<string, QueryParamValue>,
    ): Promise<void> {
        const core = loadCore();
        for (const prompt of prompts) {
            const value = values[prompt.name];
            if (value === undefined) continue;
            const remembered =
                !core.pickKinds.has(prompt.kind) || core.openPickKinds.has(prompt.kind);
            if (remembered && !Array.isArray(value)) {
                await this.services.addRecentValue(prompt.kind, String(value));
            }
        }
    }

    /** One prompt; undefined when dismissed, `unsetValue` when an optional pick was left unset. */
    private async askOne(
        prompt: ParamPrompt,
        title: string,
        current: QueryParamValue | undefined,
    ): Promise<QueryParamValue | undefined> {
        const core = loadCore();
        if (core.pickKinds.has(prompt.kind)) return this.askPick(prompt, title, current);
        return this.askText(prompt, title, current);
    }

    private async askPick(
        prompt: ParamPrompt,
        title: string,
        current: QueryParamValue | undefined,
    ): Promise<QueryParamValue | undefined> {
        const core = loadCore();
        const inputs = this.services.inputs;
        const kind = prompt.kind;
        if (kind === 'txTypes' || kind === 'exportChains') {
            const choices = await this.choices(kind);
            const selected = Array.isArray(current) ? current : [];
            const picked = await inputs.pickMany<string>(
                choices.map((c) => ({ ...c, picked: selected.includes(c.value) })),
                {
                    key: prompt.name,
                    title,
                    placeholder:
                        prompt.hint ?? vscode.l10n.t('Pick one or more: {0}', prompt.label),
                },
            );
            if (picked === undefined) return undefined;
            if (picked.length === 0) return prompt.optional ? unsetValue : undefined;
            return picked;
        }
        const choices = await this.choices(kind);
        const items: PickItem<string>[] = choices.map((c) => ({
            ...c,
            description:
                c.value === current ||
                (kind === 'network' && current === undefined && c.value === this.context.network)
                    ? c.description
                        ? vscode.l10n.t('{0} (current)', c.description)
                        : vscode.l10n.t('(current)')
                    : c.description,
        }));
        const active =
            current !== undefined
                ? String(current)
                : kind === 'network'
                  ? this.context.network
                  : undefined;
        items.sort((a, b) => (a.value === active ? -1 : b.value === active ? 1 : 0));
        const open = core.openPickKinds.has(kind);
        if (open) {
            const editor = editorValue(this.candidates, prompt, this.context);
            if (editor !== undefined)
                items.unshift({ label: editor, description: 'from the editor', value: editor });
            for (const recent of await this.recentValues(prompt)) {
                if (
                    !items.some((i) => i.value === recent) &&
                    core.checkPromptText(prompt, recent, this.context) === undefined
                ) {
                    items.push({ label: recent, description: 'recent', value: recent });
                }
            }
            items.push({
                label: vscode.l10n.t('$(edit) Enter a value…'),
                description: prompt.hint,
                value: enterValue,
            });
        }
        if (prompt.optional && !open)
            items.push({
                label: vscode.l10n.t('(leave unset)'),
                description: 'the server default',
                value: unsetValue,
            });
        const picked = await inputs.pick(items, {
            key: prompt.name,
            title,
            placeholder: prompt.hint ?? prompt.label,
        });
        if (picked === undefined) return undefined;
        if (picked === unsetValue) return unsetValue;
        if (picked === enterValue) return this.inputBox(prompt, title, undefined);
        return kind === 'boolean' ? picked === 'true' : picked;
    }

    private async choices(kind: PromptKind): Promise<PickItem<string>[]> {
        const core = loadCore();
        const network = this.context.network;
        if (
            kind === 'evmChain' ||
            kind === 'metricsChain' ||
            (kind === 'exportChains' && this.context.exportType === 'TRANSACTION_EXPORT_EVM')
        ) {
            let chains: Awaited<ReturnType<QueryServices['chains']>> = [];
            try {
                chains = await this.services.chains(network === 'testnet' ? 'fuji' : network);
            } catch {
                // Typing a chain id still works.
            }
            return chains
                .filter((c) => /^\d+$/.test(c.chainId))
                .map((c) => ({
                    label: core.inertLabel(c.chainName, 100),
                    description: c.chainId,
                    detail: core.inertLabel(c.platformChainId ?? '', 100),
                    value: c.chainId,
                }));
        }
        return core
            .staticChoices(kind, { network })
            .map((c) => ({ label: c.label, description: c.description, value: c.value }));
    }

    private async askText(
        prompt: ParamPrompt,
        title: string,
        current: QueryParamValue | undefined,
    ): Promise<QueryParamValue | undefined> {
        const core = loadCore();
        const currentText = valueText(current);
        const editor =
            currentText === undefined
                ? editorValue(this.candidates, prompt, this.context)
                : undefined;
        const recents = (await this.recentValues(prompt)).filter(
            (v) => v !== editor && core.checkPromptText(prompt, v, this.context) === undefined,
        );
        if (currentText === undefined && recents.length > 0) {
            const items: PickItem<string>[] = [
                ...(editor !== undefined
                    ? [
                          {
                              label: editor,
                              description: vscode.l10n.t('from the editor'),
                              value: editor,
                          },
                      ]
                    : []),
                ...recents.map((v) => ({
                    label: v,
                    description: vscode.l10n.t('recent'),
                    value: v,
                })),
                {
                    label: vscode.l10n.t('$(edit) Enter a value…'),
                    description: prompt.hint,
                    value: enterValue,
                },
            ];
            const picked = await this.services.inputs.pick(items, {
                key: prompt.name,
                title,
                placeholder: vscode.l10n.t('{0}: pick a recent value or enter one', prompt.label),
            });
            if (picked === undefined) return undefined;
            if (picked !== enterValue)
                return core.parsePromptText(prompt.kind, picked) ?? unsetValue;
            return this.inputBox(prompt, title, undefined);
        }
        return this.inputBox(prompt, title, currentText ?? editor);
    }

    private async inputBox(
        prompt: ParamPrompt,
        title: string,
        value: string | undefined,
    ): Promise<QueryParamValue | undefined> {
        const core = loadCore();
        const text = await this.services.inputs.input({
            key: prompt.name,
            title,
            prompt: prompt.hint ? `${prompt.label}: ${prompt.hint}` : prompt.label,
            placeholder: prompt.optional
                ? vscode.l10n.t('{0} (optional)', prompt.label)
                : prompt.label,
            value,
            validate: (t) => core.checkPromptText(prompt, t, this.context),
            describe: prompt.kind === 'timestamp' ? (t) => core.describeTimeInput(t) : undefined,
        });
        if (text === undefined) return undefined;
        // validateInput already refused anything else; checked again for scripted input.
        if (core.checkPromptText(prompt, text, this.context) !== undefined) return undefined;
        return core.parsePromptText(prompt.kind, text) ?? unsetValue;
    }
}

/** Turns asked values into the texts a node query keeps. */
export function toNodeTexts(
    values: Readonly<Record<string, QueryParamValue>>,
): Record<string, string> {
    const texts: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
        texts[name] = Array.isArray(value) ? value.join(',') : String(value);
    }
    return texts;
}
