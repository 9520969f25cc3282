/**
 * The agent tools: read-only questions about the chain and the node that an agent (Copilot's agent
 * mode through `vscode.lm.registerTool`, or any MCP client through `dist/mcp.js`) may ask. One table
 * of definitions and one set of handlers serve both, so a tool answers the same in and out of
 * VS Code. Handlers reuse what the editor already has: the hover engine explains identifiers, the
 * palette's query tables and their parameter checks run queries, the panels' view builders shape
 * the answers (`viewText` writes them as text), and the Node view's snapshot reads the node.
 *
 * Limits: answers are bounded (`core/agent/text.ts`), lists are one page with its token, methods
 * that change a node are refused, the caller's signal cancels every request, and every answer
 * passes the host's redaction so that the Data API key never appears in one.
 */
import { setMaxListeners } from 'node:events';

import { dataApiEndpoint } from '../dataApi/endpoints';
import type { ChainInfo } from '../dataApi/model';
import { isAbortError, isHttpError, isRateLimitedError, ValidationError } from '../http/errors';
import type { HoverEngine } from '../hover/engine';
import type { HoverNetwork } from '../hover/types';
import { parseIdentifier, type Identifier } from '../identifiers';
import { checkIcmTarget, followIcmMessage } from '../icm/query';
import { icmHost, type IcmHostParts } from '../icm/directory';
import type { LocalNetwork } from '../local/localNetwork';
import { formatStakeDuration } from '../stakingText';
import { findNodeRpcMethod } from '../nodeRpc/methods';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import { dataApiQueries, dataApiQuery } from '../query/dataApiQueries';
import { checkQuery, nativeTokenIn, queryContext, runQuery, type QueryDeps } from '../query/run';
import {
    checkTraceQuery,
    findTraceEndpoint,
    readTraceReport,
    type TraceEndpointLookups,
} from '../query/trace';
import { buildView } from '../query/results';
import { icmView } from '../query/results/icm';
import type { TraceSources } from '../trace/artifactDebug';
import { whyLines } from '../trace/why';
import { inertLine } from '../text/inert';
import {
    collectNodeSnapshot,
    nodeHealth,
    type NodeSnapshot,
    type Part,
    snapshotStakingRules,
} from '../summaries/nodeSnapshot';
import {
    dataApiQuery as dataApiRequest,
    type NodeQuery,
    type QueryParamValue,
    type QueryRequest,
    type TraceQuery,
} from '../../shared/query';
import { boundText, defaultTextLimits, inertText, markdownText, viewText } from './text';
import { agentToolDefinitions, type AgentToolName } from './toolDefinitions';
import { evmChainIdPattern, evmHashPattern } from '../ids/evmPatterns';
import { cChainEvmId } from '../ids/primaryNetwork';

export { agentToolDefinitions, type AgentToolName } from './toolDefinitions';

/** What the tools need from their host (the extension, or the MCP server's own clients). */
export interface AgentServices extends QueryDeps {
    network(): HoverNetwork;
    nodeUrl(): string;
    /** An engine of the agent's own: a chain chosen for a tool call never changes the user's hovers. */
    hoverEngine(): HoverEngine;
    /** The EVM chains of a network (the Data API's, or on `local` the node's). */
    chains(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /** Removes secrets from an answer before it leaves. */
    redact(text: string): string;
    /** A JSON-RPC client for a chain's RPC URL, under the host's origin policy. */
    rpcFor(rpcUrl: string): RpcTarget | undefined;
    /** The local networks found on this machine, when the host looks for them. */
    localNetworks?(): Promise<readonly LocalNetwork[]>;
    /** The chains the node side answers for; the trace's endpoint is looked for there first. */
    nodeChains?(network: HoverNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /** The workspace's files for a trace's Solidity lines; none without a workspace on disk. */
    traceSources?(): TraceSources | undefined;
    /** What the relayer on this machine says of a stuck ICM message (`core/metrics/relayer.ts`). */
    relayerReasons?: IcmHostParts['relayerReasons'];
    /** Why an ICM message's source L1 may not sign: its validators' balances (`core/watch`). */
    sourceValidators?(subnetId: string, signal?: AbortSignal): Promise<string | undefined>;
}

/** A tool's answer: text for the agent, and whether it reports a failure. */
export interface AgentAnswer {
    readonly text: string;
    readonly isError: boolean;
}

type Input = Readonly<Record<string, unknown>>;

/** Rows in one answer's list, and the page size asked of list endpoints. */
const pageRows = defaultTextLimits.maxRows;

/** Runs a tool. Never rejects except with an AbortError when `signal` fires. */
export async function runAgentTool(
    name: string,
    input: unknown,
    services: AgentServices,
    signal: AbortSignal,
): Promise<AgentAnswer> {
    // One tool call may make a dozen requests on this signal; Node warns past ten listeners.
    const inner = new AbortController();
    setMaxListeners(100, inner.signal);
    const forward = () => inner.abort(signal.reason);
    if (signal.aborted) forward();
    else signal.addEventListener('abort', forward, { once: true });
    try {
        const handler = handlers[name as AgentToolName] as Handler | undefined;
        if (!handler) {
            throw new ValidationError(
                'tool',
                name,
                `one of ${agentToolDefinitions.map((t) => t.name).join(', ')}`,
            );
        }
        const args = checkInput(name as AgentToolName, input);
        const text = await handler(args, services, inner.signal);
        return { text: services.redact(boundText(text)), isError: false };
    } catch (error) {
        if (isAbortError(error) && signal.aborted) throw error;
        return { text: services.redact(errorText(error, services)), isError: true };
    } finally {
        signal.removeEventListener('abort', forward);
    }
}

/** Longest error sentence an agent reads: a sentence, not a dump of the peer's text. */
const maxErrorChars = 600;

/**
 * A failure as a sentence an agent (and the person reading along) can act on. The sentence may
 * quote a peer (a node's error text), so it goes through the same inert rule as every answer:
 * one line, bounded, no control, bidi or invisible character that could forge a line. In English:
 * an error's phrase (`core/text/phrase.ts`) is translated only where a person reads it, and agents
 * get one language as they get one number form (`Audience` in core/format.ts).
 */
function errorText(error: unknown, services: AgentServices): string {
    const sentence = inertLine(services.describeError(error), maxErrorChars);
    if (isRateLimitedError(error)) {
        return `${sentence} The answer was not retried further: wait before asking again.`;
    }
    if (isHttpError(error) && error.status === 404) return `Not found. ${sentence}`;
    return sentence;
}

type Handler = (input: Input, services: AgentServices, signal: AbortSignal) => Promise<string>;

const handlers: Record<AgentToolName, Handler> = {
    avalanche_explain_identifier: (input, s, signal) =>
        explain(identifierOf(input, 'identifier'), optionalString(input, 'evmChainId'), s, signal),
    avalanche_get_transaction: getTransaction,
    avalanche_get_address: addressSummary,
    avalanche_get_l1: l1Summary,
    avalanche_get_node_status: nodeStatus,
    avalanche_query_data_api: dataApiTool,
    avalanche_call_node_method: nodeCall,
    avalanche_trace_transaction: traceTransaction,
    avalanche_follow_icm_message: icmMessage,
};

// ---- input ---------------------------------------------------------------------------------

/** Checks the input against the tool's schema: known properties, required ones, their types. */
function checkInput(name: AgentToolName, input: unknown): Input {
    const definition = agentToolDefinitions.find((t) => t.name === name)!;
    const value = input ?? {};
    if (typeof value !== 'object' || Array.isArray(value)) {
        throw new ValidationError('input', input, 'a JSON object');
    }
    const record = value as Input;
    const properties = definition.inputSchema.properties;
    for (const key of Object.keys(record)) {
        if (!(key in properties)) {
            throw new ValidationError(
                key,
                record[key],
                `no such parameter; known: ${Object.keys(properties).join(', ') || 'none'}`,
            );
        }
        const type = properties[key]!.type;
        // A query parameter's several forms are checked by the query's own checks.
        if (typeof type !== 'string') continue;
        const actual = record[key];
        const ok =
            type === 'object'
                ? typeof actual === 'object' && actual !== null && !Array.isArray(actual)
                : typeof actual === type;
        if (!ok) throw new ValidationError(key, actual, `a ${type}`);
    }
    for (const key of definition.inputSchema.required ?? []) {
        if (record[key] === undefined || record[key] === '') {
            throw new ValidationError(key, record[key], properties[key]!.description);
        }
    }
    return record;
}

function optionalString(input: Input, key: string): string | undefined {
    const value = input[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function identifierOf(input: Input, key: string): Identifier {
    const text = optionalString(input, key) ?? '';
    const id = text.length <= 200 ? parseIdentifier(text) : undefined;
    if (!id || id.broken) {
        throw new ValidationError(
            key,
            text,
            'an Avalanche identifier: a 0x address or hash, a cb58 id, a NodeID-…, or a P-/X-/C- address',
        );
    }
    return id;
}

// ---- the tools -----------------------------------------------------------------------------

/** What the hover says about an identifier, offline part and live part, as text. */
async function explain(
    id: Identifier,
    evmChainId: string | undefined,
    s: AgentServices,
    signal: AbortSignal,
): Promise<string> {
    const engine = s.hoverEngine();
    if (evmChainId !== undefined) {
        if (!/^\d{1,20}$/.test(evmChainId)) {
            throw new ValidationError(
                'evmChainId',
                evmChainId,
                'an EVM chain id (digits), such as 43114',
            );
        }
        engine.chooseChain(id.text, evmChainId);
    } else engine.chooseChain(id.text, undefined);
    const offline = engine.offlineMarkdown(id, { uri: '', line: 0, character: 0 });
    // The hover's text, written for an agent: ISO 8601 times and plain digits, whatever the
    // display locale of the hovers shown at the same time.
    const live = await engine.liveMarkdown(id, signal, 'agent');
    if (signal.aborted) throw signal.reason;
    return [
        `Network: ${s.network()}`,
        markdownText(offline.markdown),
        live ? markdownText(live.markdown) : 'No live answer.',
    ].join('\n');
}

async function getTransaction(input: Input, s: AgentServices, signal: AbortSignal) {
    const id = identifierOf(input, 'hash');
    const chain = optionalString(input, 'chain');
    if (id.kind !== 'hash32' || !evmHashPattern.test(id.text)) {
        // A P-Chain or X-Chain transaction id: the hover's lookup knows which chain has it.
        if (id.kind === 'cb58Id' || id.kind === 'hash32') return explain(id, undefined, s, signal);
        throw new ValidationError(
            'hash',
            id.text,
            'a transaction hash (0x and 64 hex digits) or a P-/X-Chain transaction id',
        );
    }
    const network = s.network();
    if (network === 'local') {
        const request: NodeQuery = {
            source: 'node',
            method: 'eth_getTransactionByHash',
            texts: { hash: id.text },
            chain: chain ?? 'C',
        };
        return runView(request, s, signal);
    }
    const chainId = chain ?? cChainEvmId(network);
    return runView(dataApiRequest('getTransaction', { chainId, txHash: id.text }), s, signal);
}

/** Calls listed in a trace answer at most (the why and the failure paths come first). */
const maxTraceCalls = 60;

/** The call trace of an EVM transaction: why it failed, where, and its calls in order. */
async function traceTransaction(input: Input, s: AgentServices, signal: AbortSignal) {
    const hash = optionalString(input, 'hash') ?? '';
    const chainText = optionalString(input, 'evmChainId');
    if (chainText !== undefined && !evmChainIdPattern.test(chainText)) {
        throw new ValidationError(
            'evmChainId',
            chainText,
            'an EVM chain id (digits), such as 43114',
        );
    }
    const network = s.network();
    const query: TraceQuery = { source: 'trace', network, chainId: chainText ?? '1', hash };
    // Checked before any request: the hash's shape, the network.
    checkTraceQuery(query);
    if (!s.nodeChains || !s.rpcFor) throw new Error('This client cannot reach a chain to trace.');
    const lookups: TraceEndpointLookups = {
        nodeChains: (n, sig) => s.nodeChains?.(n, sig) ?? Promise.resolve([]),
        chains: (n, sig) => s.chains(n, sig),
        rpcFor: (url) => s.rpcFor?.(url),
    };
    const chainId = chainText ?? (await cChainIdOf(lookups, network, signal));
    const report = await readTraceReport(
        { ...query, chainId },
        {
            traceEndpoint: (n, c, sig) => findTraceEndpoint(lookups, n, c, sig),
            contracts: () => s.contracts(),
            traceSources: () => s.traceSources?.(),
        },
        signal,
    );
    const lines = [`Network: ${network} · EVM chain id ${chainId}`, ...whyLines(report, 4)];
    lines.push(`Calls (${report.frames.length}${report.cut ? ', cut' : ''}), in order:`);
    for (const frame of report.frames.slice(0, maxTraceCalls)) {
        const f = frame.frame;
        const outcome = frame.failure ? `failed: ${frame.failure.text}` : 'ok';
        const value = f.value !== '0' && f.value !== '' ? ` · value ${f.value} wei` : '';
        const gas = f.gasUsed === undefined ? '' : ` · gas ${f.gasUsed}`;
        const events =
            frame.events.length > 0
                ? ` · events: ${frame.events
                      .slice(0, 4)
                      .map((e) => e.text)
                      .join('; ')}${frame.events.length > 4 ? '; …' : ''}`
                : '';
        lines.push(
            `${'  '.repeat(Math.min(f.depth, 16))}#${f.index} ${f.type ?? '?'} ${frame.title} · ${outcome}${value}${gas}${events}`,
        );
    }
    if (report.frames.length > maxTraceCalls) {
        lines.push(
            `… and ${report.frames.length - maxTraceCalls} more calls (the trace panel pages them).`,
        );
    }
    return lines.join('\n');
}

/** The C-Chain's EVM chain id on `network` (the node's own on a local network). */
async function cChainIdOf(
    lookups: TraceEndpointLookups,
    network: HoverNetwork,
    signal: AbortSignal,
): Promise<string> {
    if (network !== 'local') return cChainEvmId(network);
    const chains = await lookups.nodeChains(network, signal).catch(() => []);
    const c = chains.find((chain) => chain.chainName === 'C-Chain') ?? chains[0];
    if (!c)
        throw new ValidationError(
            'evmChainId',
            '',
            'the EVM chain id of a chain of the local network',
        );
    return c.chainId;
}

async function addressSummary(input: Input, s: AgentServices, signal: AbortSignal) {
    const id = identifierOf(input, 'address');
    if (id.kind !== 'evmAddress' && id.kind !== 'pnAddress') {
        throw new ValidationError('address', id.text, 'a 0x address or a P-/X-/C- address');
    }
    const chainId = optionalString(input, 'evmChainId');
    const network = s.network();
    // The token balances do not wait for the hover: at a real round-trip time each read one
    // after the other would cost a round trip more (#38).
    const tokens =
        id.kind === 'evmAddress' && network !== 'local'
            ? (async () => {
                  const chain = chainId ?? cChainEvmId(network);
                  // The hover has the balance and the latest transactions; the token balances
                  // are a list.
                  return runView(
                      dataApiRequest('listErc20Balances', {
                          chainId: chain,
                          address: id.text,
                          filterSpamTokens: true,
                      }),
                      s,
                      signal,
                      { maxRows: 15 },
                  );
              })().catch((error: unknown) => {
                  if (isAbortError(error)) throw error;
                  return `ERC-20 balances: ${errorText(error, s)}`;
              })
            : undefined;
    const [overview, balances] = await Promise.all([explain(id, chainId, s, signal), tokens]);
    return balances === undefined ? overview : `${overview}\n\n${balances}`;
}

async function l1Summary(input: Input, s: AgentServices, signal: AbortSignal) {
    const id = identifierOf(input, 'subnetId');
    if (id.kind !== 'cb58Id') {
        throw new ValidationError('subnetId', id.text, 'a subnet or L1 id (cb58)');
    }
    const network = s.network();
    const validators: QueryRequest =
        network === 'local'
            ? {
                  source: 'node',
                  method: 'platform.getCurrentValidators',
                  texts: { subnetID: id.text },
              }
            : dataApiRequest('listL1Validators', {
                  network,
                  subnetId: id.text,
                  includeInactiveL1Validators: true,
              });
    // The overview and the list together: neither needs the other's answer (#38).
    const [overview, list] = await Promise.all([
        explain(id, undefined, s, signal),
        runView(validators, s, signal, { maxRows: 50 }).catch((error: unknown) => {
            if (isAbortError(error)) throw error;
            return `Validators: ${errorText(error, s)}`;
        }),
    ]);
    return `Subnet: ${id.text}\n${overview}\n\n${list}`;
}

async function icmMessage(input: Input, s: AgentServices, signal: AbortSignal) {
    const target = checkIcmTarget({
        chain: input['sourceChain'],
        messageId: optionalString(input, 'messageId'),
        txHash: optionalString(input, 'txHash'),
    });
    const host = await icmHost(
        {
            network: s.network(),
            chains: (inner) => s.chains(s.network(), inner),
            nodeRpc: () => s.nodeRpc(),
            dataApi: () => s.dataApi(),
            nodeUrl: s.nodeUrl(),
            rpcFor: (url) => s.rpcFor(url),
            ...(s.localNetworks ? { localNetworks: () => s.localNetworks!() } : {}),
            ...(s.sourceValidators
                ? { sourceValidators: (id, inner) => s.sourceValidators!(id, inner) }
                : {}),
            ...(s.relayerReasons
                ? {
                      relayerReasons: (relayer, from, to, inner) =>
                          s.relayerReasons!(relayer, from, to, inner),
                  }
                : {}),
        },
        signal,
    );
    return viewText(
        // The workspace is read while the chains answer.
        icmView(await followIcmMessage(target, host, { signal, contracts: s.contracts() })),
    );
}

async function nodeStatus(_input: Input, s: AgentServices, signal: AbortSignal) {
    const snapshot = await collectNodeSnapshot(s.nodeRpc(), { signal });
    return snapshotText(snapshot);
}

async function dataApiTool(input: Input, s: AgentServices, signal: AbortSignal) {
    const operation = optionalString(input, 'operation') ?? '';
    const entry = dataApiQuery(operation);
    if (!entry || entry.creates) {
        throw new ValidationError(
            'operation',
            operation,
            `a read-only Data API operation: ${readOnlyOperations().join(', ')}`,
        );
    }
    const params: Record<string, QueryParamValue> = {};
    for (const [key, value] of Object.entries((input['params'] as Input | undefined) ?? {})) {
        if (key === 'pageToken') continue;
        params[key] = paramValue(key, value);
    }
    const network = s.network();
    if (entry.prompts.some((p) => p.name === 'network') && params['network'] === undefined) {
        if (network === 'local') {
            throw new ValidationError(
                'network',
                undefined,
                'mainnet or fuji: the selected network is a local one, which the Data API does not index (avalanche_call_node_method reads the node)',
            );
        }
        params['network'] = network;
    }
    // One page holds what one answer shows, so that paging on loses no row.
    const limit = dataApiEndpoint(operation)?.pageSize;
    if (limit) {
        const asked = Number(params['pageSize'] ?? limit.default);
        params['pageSize'] = Math.max(limit.min, Math.min(asked, limit.max, pageRows));
    }
    const pageToken = optionalString(input, 'pageToken');
    return runView(dataApiRequest(operation, params), s, signal, {}, pageToken);
}

async function nodeCall(input: Input, s: AgentServices, signal: AbortSignal) {
    const name = optionalString(input, 'method') ?? '';
    const method = findNodeRpcMethod(name);
    if (!method) {
        throw new ValidationError(
            'method',
            name,
            'a method of the node method table (see the tool description)',
        );
    }
    if (method.changesNode) {
        throw new ValidationError(
            'method',
            name,
            'a read-only method: this one changes the node, and agent tools never do (run it from the command palette, where it is confirmed)',
        );
    }
    const texts: Record<string, string> = {};
    const known = method.params.map((p) => p.name);
    for (const [key, value] of Object.entries((input['params'] as Input | undefined) ?? {})) {
        // A misspelt name would be dropped and the call run without it: refused, as the
        // Data API tool refuses one.
        if (!known.includes(key)) {
            throw new ValidationError(
                key,
                value,
                `no such parameter of ${method.name}; known: ${known.join(', ') || 'none'}`,
            );
        }
        texts[key] = textOf(key, value);
    }
    const chain = optionalString(input, 'chain');
    const needsChain = method.endpoint === 'evm' || method.endpoint === 'validators';
    const request: NodeQuery = {
        source: 'node',
        method: method.name,
        texts,
        ...(needsChain ? { chain: chain ?? 'C' } : {}),
    };
    return runView(request, s, signal);
}

// ---- helpers -------------------------------------------------------------------------------

function readOnlyOperations(): string[] {
    return dataApiQueries.filter((e) => !e.creates).map((e) => e.operation);
}

function paramValue(key: string, value: unknown): QueryParamValue {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        return value;
    }
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
    throw new ValidationError(key, value, 'a string, number, boolean or list of strings');
}

/** A node parameter as the palette's text: lists comma-separated, objects as JSON. */
function textOf(key: string, value: unknown): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join(',');
    throw new ValidationError(key, value, 'a string, number, boolean or list of strings');
}

/** Checks, runs and shows a query as the palette's panel would, as text. */
async function runView(
    request: QueryRequest,
    s: AgentServices,
    signal: AbortSignal,
    limits: { readonly maxRows?: number } = {},
    pageToken?: string,
): Promise<string> {
    if (request.source === 'operations' || request.source === 'trace' || request.source === 'icm')
        throw new Error('Not an agent query.');
    checkQuery(request);
    const [run, context] = await Promise.all([
        runQuery(request, s, { signal, pageToken }),
        queryContext(request, {
            network: s.network(),
            nodeUrl: s.nodeUrl(),
            // The panels show amounts in the chain's token; the selected network's list has it.
            nativeToken: async (chainId) =>
                nativeTokenIn(await s.chains(s.network(), signal).catch(() => []), chainId),
        }),
    ]);
    const { view } = buildView(request, run.result, { ...context, ...run.context });
    return viewText(view, {
        nextPageToken: run.nextPageToken,
        limits: { ...defaultTextLimits, ...limits },
    });
}

function part<T>(p: Part<T>, show: (value: T) => string): string {
    return p.ok ? show(p.value) : `unknown (${inertText(p.problem.message, 200)})`;
}

/** The Node view's snapshot as text: health first, then what the view shows. */
/** The uptime requirement in force at the node's info.upgrades (ACP-267), for the uptime line. */
function uptimeRule(snapshot: NodeSnapshot): string {
    const rules = snapshotStakingRules(snapshot, snapshot.fetchedAtMs);
    if (!rules) return '';
    const duration =
        rules.minStakeDurationSeconds === undefined
            ? ''
            : `, minimum staking duration ${formatStakeDuration(rules.minStakeDurationSeconds)}`;
    return `; requirement ${rules.uptimeRequirementPercent}%${duration} (${rules.helicon ? 'Helicon' : 'before Helicon'})`;
}

export function snapshotText(snapshot: NodeSnapshot): string {
    const verdict = nodeHealth(snapshot);
    const lines = [
        `Node: ${snapshot.url}${snapshot.publicServer ? ' (public API server)' : ''}`,
        `Health: ${verdict.kind} (${inertText(verdict.detail, 300)})`,
        `Health checks: ${part(snapshot.health, (h) => {
            const failing = h.report.checks.filter((c) => !c.healthy);
            const total = h.report.checks.length + h.report.omitted;
            if (failing.length === 0) return `all ${total} pass`;
            return `${failing.length} of ${total} failing: ${failing
                .slice(0, 10)
                .map(
                    (c) =>
                        `${inertText(c.name, 80)} (${inertText(c.error ?? 'failing', 200)}; ${c.contiguousFailures} failures in a row${c.failingSinceMs === undefined ? '' : ` since ${new Date(c.failingSinceMs).toISOString()}`})`,
                )
                .join('; ')}`;
        })}`,
        `Version: ${part(snapshot.version, (v) => `${inertText(v.version, 80)}${v.rpcProtocolVersion === undefined ? '' : `, RPC protocol ${v.rpcProtocolVersion}`}`)}`,
        `Network: ${part(snapshot.networkName, (n) => inertText(n, 60))} (id ${part(snapshot.networkId, String)})`,
        `Node id: ${part(snapshot.nodeId, (n) => inertText(n.nodeId, 80))}`,
        `Chains: ${snapshot.chains
            .map(
                (c) =>
                    `${inertText(c.alias ?? c.name, 60)} ${part(c.bootstrapped, (b) => (b ? 'bootstrapped' : 'bootstrapping'))}`,
            )
            .join('; ')}`,
        `Peers: ${part(snapshot.peers, (p) => String(p.numPeers))}`,
        `VM versions: ${part(
            snapshot.version,
            (v) =>
                Object.entries(v.vmVersions)
                    .map(([vm, version]) => `${inertText(vm, 40)} ${inertText(version, 40)}`)
                    .join(', ') || 'none',
        )}`,
        `C-Chain head: ${part(snapshot.cChainHead, (h) => (h.settled === undefined ? `#${h.executed}` : `executed #${h.executed}, settled #${h.settled} (a block is final once settled: ACP-194)`))}`,
        `Uptime: ${part(snapshot.uptime, (u) => `${u.rewardingStakePercentage}% rewarding stake, ${u.weightedAveragePercentage}% weighted average`)}${uptimeRule(snapshot)}`,
        `VMs: ${part(snapshot.vms, (v) => v.vms.map((vm) => inertText(vm.aliases[0] ?? vm.vmId, 60)).join(', ') || 'none')}`,
    ];
    return lines.join('\n');
}
