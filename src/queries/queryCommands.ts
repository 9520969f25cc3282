/**
 * The query commands: one handler per table entry (Data API endpoint or node method), built from
 * the tables instead of written one by one, plus "Call Node Method…", "Send Raw JSON-RPC…",
 * "Reopen Recent Query…" and the internal command that opens the panel of a query. Every handler
 * asks through the `InputProvider`, checks the query before anything is sent, and opens the
 * result in its panel. Methods that change the node are confirmed (naming the node) and report
 * what changed; they run here, once, and their panel shows that result without running it again.
 *
 * Each query command takes an optional argument with parameter values (the sidebar and hovers
 * pass what they know); the missing ones are asked for.
 */
import * as vscode from 'vscode';

import type {
    ChainInfo,
    DataApiQueryEntry,
    NodeQueryEntry,
    NodeRpcMethod,
    ParamPrompt,
} from '../core/index';
import { phrase } from '../core/text/phrase';
import { loadCore } from '../platform/lazyCore';
import type {
    DataApiQuery,
    NodeQuery,
    QueryParamValue,
    QueryRequest,
    RawRpcQuery,
    TraceQuery,
} from '../shared/query';
import type { QueryPanels } from './queryPanels';
import type { CommandHandler } from '../commands/runCommand';
import type { ExportCommands } from './exportCommands';
import { PromptFlow, toNodeTexts } from './promptFlow';
import {
    DataApiQueryCommandId,
    NodeQueryCommandId,
    type QueryCommandId,
    QueryInternalCommandId,
    QueryToolCommandId,
} from '../commands/queryCommandIds';
import type { QueryServices } from './queryServices';

/** Parameter values passed as a command argument; anything that is not a plain value is ignored. */
function argumentValues(arg: unknown): Record<string, QueryParamValue> {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return {};
    const out: Record<string, QueryParamValue> = {};
    for (const [key, value] of Object.entries(arg as Record<string, unknown>)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
            out[key] = value;
        else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
            out[key] = value;
    }
    return out;
}

/** The name of the prompt for the chain of `/ext/bc/<chain>/…` methods (`chainPrompt`). */
const chainPromptName = 'rpcChain';

/** A node query from asked values: the endpoint chain apart, the method's own params as texts. */
function nodeQueryOf(method: string, values: Readonly<Record<string, QueryParamValue>>): NodeQuery {
    const { [chainPromptName]: chain, ...rest } = values;
    return {
        source: 'node',
        method,
        texts: toNodeTexts(rest),
        ...(typeof chain === 'string' ? { chain } : {}),
    };
}

// A function, not a constant: the labels are in the display language, asked when the prompt opens.
const rawPrompts = (): readonly ParamPrompt[] => [
    {
        name: 'path',
        kind: 'rpcPath',
        label: vscode.l10n.t('Endpoint path'),
        optional: false,
        hint: vscode.l10n.t('Path on the node, such as /ext/info'),
    },
    {
        name: 'method',
        kind: 'rpcMethod',
        label: vscode.l10n.t('Method'),
        optional: false,
        hint: vscode.l10n.t('For example info.getNodeVersion or eth_blockNumber'),
    },
    {
        name: 'params',
        kind: 'json',
        label: vscode.l10n.t('Params (JSON)'),
        optional: true,
        hint: vscode.l10n.t('A JSON object or array; empty for none'),
    },
];

export class QueryCommands {
    constructor(
        private readonly services: QueryServices,
        private readonly panels: QueryPanels,
        private readonly exports: ExportCommands,
    ) {}

    /** One handler per query command id. */
    handlers(): Record<QueryCommandId, CommandHandler> {
        const core = loadCore;
        const handlers = {} as Record<QueryCommandId, CommandHandler>;
        for (const id of Object.values(DataApiQueryCommandId)) {
            handlers[id] = (arg?: unknown) => {
                const entry = core().dataApiQueryByCommand(id);
                if (!entry) throw new Error(`No Data API query behind ${id}`);
                return this.runDataApiQuery(entry, arg);
            };
        }
        for (const id of Object.values(NodeQueryCommandId)) {
            handlers[id] = (arg?: unknown) => {
                const entry = core().nodeQueryByCommand(id);
                if (!entry) throw new Error(`No node method behind ${id}`);
                return this.runNodeMethod(entry, arg);
            };
        }
        handlers[QueryToolCommandId.CallNodeMethod] = () => this.callNodeMethod();
        handlers[QueryToolCommandId.SendRawRpc] = (arg?: unknown) => this.sendRawRpc(arg);
        handlers[QueryToolCommandId.ReopenRecentQuery] = () => this.reopenRecentQuery();
        handlers[QueryToolCommandId.ShowExportOperations] = () => this.exports.showOperations();
        handlers[QueryToolCommandId.TraceTransaction] = (arg?: unknown) =>
            this.traceTransaction(arg);
        handlers[QueryToolCommandId.FollowIcmMessage] = (arg?: unknown) =>
            this.followIcmMessage(arg);
        handlers[QueryInternalCommandId.OpenQueryPanel] = (arg?: unknown) =>
            this.openQueryPanel(arg);
        return handlers;
    }

    /**
     * "Trace Transaction…": asks the EVM chain of the selected network and the hash (a hover or a
     * panel may pass them), checks both, then opens the trace panel, which sends the first request.
     */
    async traceTransaction(arg?: unknown): Promise<void> {
        const values = await new PromptFlow(this.services, {
            title: vscode.l10n.t('Trace Transaction'),
            initial: argumentValues(arg),
        }).ask(loadCore().tracePrompts);
        if (!values) return;
        const network = this.services.network === 'testnet' ? 'fuji' : this.services.network;
        const query: TraceQuery = {
            source: 'trace',
            network,
            chainId: String(values['chainId']),
            hash: String(values['hash']),
        };
        this.panels.runner.check(query);
        this.panels.open(query);
    }

    /** A Data API query: ask, check, open its panel. */
    async runDataApiQuery(entry: DataApiQueryEntry, arg?: unknown): Promise<void> {
        if (entry.operation === 'postTransactionExportJob') return this.exports.createExport(arg);
        const values = await new PromptFlow(this.services, {
            title: entry.title.replace(/…$/, ''),
            initial: argumentValues(arg),
        }).ask(entry.prompts);
        if (!values) return;
        const query: DataApiQuery = {
            source: 'dataApi',
            operation: entry.operation,
            params: values,
        };
        this.panels.runner.check(query);
        this.panels.open(query);
    }

    /** A node method: ask, check, confirm when it changes the node, run, open its panel. */
    async runNodeMethod(entry: NodeQueryEntry, arg?: unknown): Promise<void> {
        const initial = argumentValues(arg);
        const values = await new PromptFlow(this.services, {
            title: entry.title.replace(/…$/, ''),
            initial,
        }).ask(entry.prompts);
        if (!values) return;
        const query = nodeQueryOf(entry.method, values);
        this.panels.runner.check(query);
        if (!entry.changesNode) {
            this.panels.open(query);
            return;
        }
        await this.runNodeChange(query);
    }

    /** Confirms and runs a node-changing method once, then shows what changed. */
    private async runNodeChange(query: NodeQuery): Promise<void> {
        const core = loadCore();
        const node = this.services.node;
        const confirmation = core.confirmationText(query.method, query.texts, node);
        const go = await this.services.inputs.confirm({
            key: 'confirm',
            message: confirmation.message,
            detail: confirmation.detail,
            action: vscode.l10n.t('Change the Node'),
        });
        if (!go) return;
        const client = this.services.clients.nodeRpc();
        const method = core.findNodeRpcMethod(query.method) as NodeRpcMethod<string, unknown>;
        const params = core.paramsFromText(method, query.texts);
        const loggerName = query.texts['loggerName'];
        const levels = async () => {
            try {
                return (
                    await client.call(
                        core.nodeRpcMethods['admin.getLoggerLevel'],
                        loggerName ? { loggerName } : {},
                    )
                ).loggerLevels;
            } catch {
                return undefined;
            }
        };
        const levelsBefore = query.method === 'admin.setLoggerLevel' ? await levels() : undefined;
        const result = await this.told(query.method, () =>
            client.call(method, params, query.chain ? { chain: query.chain } : {}),
        );
        const levelsAfter = query.method === 'admin.setLoggerLevel' ? await levels() : undefined;
        let aliasesAfter: string[] | undefined;
        if (query.method === 'admin.aliasChain' && query.texts['chain']) {
            try {
                // admin.aliasChain takes an alias such as C, admin.getChainAliases only an id:
                // the node's own lookup turns the one into the other (an id maps to itself).
                const { blockchainId } = await client.call(
                    core.nodeRpcMethods['info.getBlockchainID'],
                    { alias: query.texts['chain'] },
                );
                aliasesAfter = (
                    await client.call(core.nodeRpcMethods['admin.getChainAliases'], {
                        chain: blockchainId,
                    })
                ).aliases;
            } catch {
                aliasesAfter = undefined;
            }
        }
        const lines = core.describeNodeChange(query.method, query.texts, result, {
            nodeName: node.name,
            levelsBefore,
            levelsAfter,
            aliasesAfter,
        });
        this.panels.open(query, { result, notice: { tone: 'ok', text: lines.join('\n') } });
        void this.services.inputs.notify({
            key: 'changed',
            severity: 'info',
            message: lines.slice(0, 3).join(' '),
            actions: [],
        });
    }

    /** Picks any method of the table, then runs it like its own command. */
    async callNodeMethod(): Promise<void> {
        const core = loadCore();
        const picked = await this.services.inputs.pick(
            core.nodeQueries().map((entry) => ({
                label: entry.method,
                description: `${entry.changesNode ? vscode.l10n.t('$(warning) changes the node · ') : ''}${entry.publicServer ? '' : vscode.l10n.t('not on public servers · ')}${entry.description}`,
                detail: entry.deprecated,
                value: entry.method,
            })),
            {
                key: 'method',
                title: vscode.l10n.t('Avalanche: Call Node Method'),
                placeholder: vscode.l10n.t('A method of the node (admin, info, EVM, validators)'),
            },
        );
        if (!picked) return;
        const entry = core.nodeQuery(picked);
        if (entry) await this.runNodeMethod(entry);
    }

    /**
     * Follows an ICM message: its source chain (picked from the chains the selected network
     * lists, or typed), then its id or the hash of the transaction that sent it. An argument
     * (`{ chain, messageId }` or `{ chain, txHash }` from a link or a test) skips the questions;
     * every value goes through `checkIcmTarget`, the check the panel and the agent use.
     */
    async followIcmMessage(arg?: unknown): Promise<void> {
        const core = loadCore();
        if (arg !== undefined) {
            this.panels.open({ source: 'icm', ...core.checkIcmTarget(arg) });
            return;
        }
        // Numbered as PromptFlow numbers its steps: the title tells each prompt from the last
        // (the typed chain after "Another chain…" is still the first step).
        const title = (step: number) =>
            vscode.l10n.t('Avalanche: Follow an ICM (Teleporter) Message ({0}/3)', step);
        const chains = await this.services
            .chains(this.services.network)
            .catch((): ChainInfo[] => []);
        const typed = Symbol('typed');
        const picked =
            chains.length === 0
                ? typed
                : await this.services.inputs.pick<string | typeof typed>(
                      [
                          ...chains.map((c) => ({
                              label: core.inertLabel(c.chainName, 80),
                              description: `EVM ${c.chainId}`,
                              value: c.chainId,
                          })),
                          {
                              label: vscode.l10n.t('Another chain…'),
                              description: vscode.l10n.t('a blockchain id or a name'),
                              value: typed,
                          },
                      ],
                      {
                          key: 'chain',
                          title: title(1),
                          placeholder: vscode.l10n.t('The chain the message was sent from'),
                      },
                  );
        if (picked === undefined) return;
        const chain =
            picked === typed
                ? await this.services.inputs.input({
                      key: 'chain',
                      title: title(1),
                      prompt: vscode.l10n.t(
                          'The chain the message was sent from: an EVM chain id, a blockchain id or a name',
                      ),
                      validate: (text) => core.icmChainProblem(text),
                  })
                : picked;
        if (chain === undefined) return;
        const by = await this.services.inputs.pick<'messageId' | 'txHash'>(
            [
                {
                    label: vscode.l10n.t('Message id'),
                    description: vscode.l10n.t('the id TeleporterMessenger gave it'),
                    value: 'messageId',
                },
                {
                    label: vscode.l10n.t('Source transaction hash'),
                    description: vscode.l10n.t('the transaction that sent it'),
                    value: 'txHash',
                },
            ],
            { key: 'by', title: title(2), placeholder: vscode.l10n.t('Follow it by') },
        );
        if (by === undefined) return;
        const hash = await this.services.inputs.input({
            key: by,
            title: title(3),
            prompt:
                by === 'messageId'
                    ? vscode.l10n.t('Message id (0x + 64 hex digits)')
                    : vscode.l10n.t('Transaction hash (0x + 64 hex digits)'),
            validate: (text) => {
                const problem = core.icmHashProblem(text);
                return problem ? vscode.l10n.t('Expected {0}.', problem) : undefined;
            },
        });
        if (hash === undefined) return;
        this.panels.open({ source: 'icm', ...core.checkIcmTarget({ chain, [by]: hash }) });
    }

    /** Any method on any endpoint path of the selected node. */
    async sendRawRpc(arg?: unknown): Promise<void> {
        const values = await new PromptFlow(this.services, {
            title: vscode.l10n.t('Avalanche: Send Raw JSON-RPC'),
            initial: argumentValues(arg),
            offerRecent: this.offerRawRecents,
        }).ask(rawPrompts());
        if (!values) return;
        const query: RawRpcQuery = {
            source: 'rawRpc',
            path: String(values['path']),
            method: String(values['method']),
            paramsJson: typeof values['params'] === 'string' ? values['params'] : '',
        };
        await this.sendRaw(query);
    }

    /**
     * Sends a call that a restored panel showed the answer of, asking first as the first time
     * did: a node change or a raw call that may change something is never repeated without it.
     */
    async sendAgain(query: QueryRequest): Promise<void> {
        if (query.source === 'rawRpc') return this.sendRaw(query);
        if (query.source === 'node') {
            this.panels.runner.check(query);
            return this.runNodeChange(query);
        }
    }

    /**
     * The recent methods the raw prompt offers: on the C-Chain path of a node past Helicon, not
     * the methods it removed (sending one is refused anyway). The node is asked only when a
     * recent value is such a method, and once per prompt.
     */
    private readonly offerRawRecents = async (
        prompt: ParamPrompt,
        answered: Readonly<Record<string, QueryParamValue>>,
        recents: readonly string[],
    ): Promise<readonly string[]> => {
        const path = answered['path'];
        if (prompt.kind !== 'rpcMethod' || typeof path !== 'string') return recents;
        const core = loadCore();
        const removed = recents.find((method) => core.removedOnHeliconCChain(method));
        if (removed === undefined || !core.isCChainRpcPath(path)) return recents;
        const refusal = await core.heliconRefusal(
            this.services.clients.nodeRpc(),
            path,
            removed,
            Date.now(),
        );
        return refusal === undefined
            ? recents
            : recents.filter((method) => !core.removedOnHeliconCChain(method));
    };

    /** Opens a read-only raw call's panel, or asks before sending one that may change something. */
    private async sendRaw(query: RawRpcQuery): Promise<void> {
        const core = loadCore();
        this.panels.runner.check(query);
        // A method Helicon removed is not offered to its C-Chain: said here, not sent.
        const refusal = await core.heliconRefusal(
            this.services.clients.nodeRpc(),
            query.path,
            query.method,
            Date.now(),
        );
        if (refusal) {
            await this.services.inputs.notify({
                key: 'helicon',
                severity: 'warning',
                message: refusal,
                actions: [],
            });
            return;
        }
        if (!core.rawMethodMayChange(query.method)) {
            this.panels.open(query);
            return;
        }
        const node = this.services.node;
        const confirmation = core.confirmationText(query.method, {}, node);
        const go = await this.services.inputs.confirm({
            key: 'confirm',
            message: confirmation.message,
            detail: vscode.l10n.t(
                '{0} on {1} may change the node or a chain. It is sent once and not repeated when the panel is restored.',
                query.method,
                query.path,
            ),
            action: vscode.l10n.t('Send'),
        });
        if (!go) return;
        const run = await this.told(query.method, () =>
            this.panels.runner.run(query, undefined, new AbortController().signal),
        );
        this.panels.open(query, {
            result: run.result,
            notice: {
                tone: 'info',
                text: vscode.l10n.t(
                    'Sent {0} to {1}.',
                    core.notificationText(query.method),
                    node.name,
                ),
            },
        });
    }

    /**
     * Runs a call on the selected node and tells the profiler record what it said of the CPU
     * profiler (`profilerStateAfter`): started or stopped from the palette, the Node view's menu
     * then offers the action that fits. The call's failure is still the caller's.
     */
    private async told<T>(method: string, call: () => Promise<T>): Promise<T> {
        const core = loadCore();
        const url = this.services.clients.nodeUrl;
        let result: T;
        try {
            result = await call();
        } catch (error) {
            this.services.profilers.set(url, core.profilerStateAfter(method, error));
            throw error;
        }
        this.services.profilers.set(url, core.profilerStateAfter(method));
        return result;
    }

    /** Reopens a query of the history. */
    async reopenRecentQuery(): Promise<void> {
        const core = loadCore();
        const history = this.services.history();
        if (history.length === 0) {
            await this.services.inputs.notify({
                key: 'history',
                severity: 'info',
                message: vscode.l10n.t('No queries in the history yet.'),
                actions: [],
            });
            return;
        }
        const picked = await this.services.inputs.pick(
            history.map((e) => ({
                label: core.cleanText(e.title),
                description: core.formatLocalTime(e.atMs),
                detail: core.querySummary(e.query),
                value: e.query,
            })),
            {
                key: 'history',
                title: vscode.l10n.t('Avalanche: Reopen Recent Query'),
                placeholder: vscode.l10n.t('A query you ran'),
            },
        );
        if (!picked) return;
        this.openQueryPanel(picked);
    }

    /**
     * Opens the panel of a query given by another feature (a tree item, a hover link, the
     * history). The argument is untrusted: it is parsed and checked, and only read-only queries
     * are accepted (a node change needs its own command and confirmation).
     */
    openQueryPanel(arg: unknown): void {
        const core = loadCore();
        const query = core.parseQueryRequest(arg);
        if (!query)
            throw new core.ValidationError('query', arg, phrase('a query object ({ source, … })'));
        if (!core.isReplayable(query)) {
            throw new core.ValidationError(
                'query',
                core.querySummary(query),
                phrase(
                    'a query that only reads; run the command of a method that changes something',
                ),
            );
        }
        this.panels.runner.check(query);
        this.panels.open(query);
    }

    /** Asks for a panel's parameters again ("Edit Query…"), pre-filled with the current ones. */
    async editQuery(request: QueryRequest): Promise<QueryRequest | undefined> {
        const core = loadCore();
        switch (request.source) {
            case 'dataApi': {
                const entry = core.dataApiQuery(request.operation);
                if (!entry) return undefined;
                const { pageSize, ...params } = request.params;
                const values = await new PromptFlow(this.services, {
                    title: entry.title.replace(/…$/, ''),
                    initial: params,
                    reask: true,
                }).ask(entry.prompts);
                if (!values) return undefined;
                return {
                    source: 'dataApi',
                    operation: request.operation,
                    params: pageSize === undefined ? values : { ...values, pageSize },
                };
            }
            case 'node': {
                const entry = core.nodeQuery(request.method);
                if (!entry) return undefined;
                const values = await new PromptFlow(this.services, {
                    title: entry.title.replace(/…$/, ''),
                    initial: {
                        ...request.texts,
                        ...(request.chain ? { chain: request.chain } : {}),
                    },
                    reask: true,
                }).ask(entry.prompts);
                if (!values) return undefined;
                const { chain, ...rest } = values;
                const edited: NodeQuery = {
                    source: 'node',
                    method: request.method,
                    texts: toNodeTexts(rest),
                    ...(typeof chain === 'string' ? { chain } : {}),
                };
                // A changing method goes through its confirmation, never a silent re-run.
                if (entry.changesNode) {
                    await this.runNodeChange(edited);
                    return undefined;
                }
                return edited;
            }
            case 'rawRpc': {
                const values = await new PromptFlow(this.services, {
                    title: vscode.l10n.t('Avalanche: Send Raw JSON-RPC'),
                    initial: {
                        path: request.path,
                        method: request.method,
                        ...(request.paramsJson ? { params: request.paramsJson } : {}),
                    },
                    reask: true,
                    offerRecent: this.offerRawRecents,
                }).ask(rawPrompts());
                if (!values) return undefined;
                const edited: RawRpcQuery = {
                    source: 'rawRpc',
                    path: String(values['path']),
                    method: String(values['method']),
                    paramsJson: typeof values['params'] === 'string' ? values['params'] : '',
                };
                if (core.rawMethodMayChange(edited.method)) {
                    await this.sendRawRpc({
                        path: edited.path,
                        method: edited.method,
                        params: edited.paramsJson,
                    });
                    return undefined;
                }
                return edited;
            }
            case 'operations':
            case 'trace':
            case 'icm':
                return undefined;
        }
    }
}
