/**
 * The trace panel's query (`TraceQuery`): checked before anything is sent, run through
 * `explainTransaction` (core/trace) on the endpoint the host finds for its chain, and served to
 * the panel a page of frames at a time. A report is kept for the pages after the first (a few at
 * most): "Load more" never asks the node again, and a refresh does.
 */
import type { ChainInfo } from '../dataApi/model';
import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';
import { pChainId } from '../ids/primaryNetwork';
import { inertLine } from '../text/inert';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import type { TraceSources } from '../trace/artifactDebug';
import type { TraceFailure, TraceFrame } from '../trace/frames';
import type { FrameSource } from '../trace/sourceLines';
import type { TraceChain } from '../trace/unavailable';
import { explainTransaction, type StepTraceOutcome, type TraceReport } from '../trace/why';
import type { ContractKnowledge } from '../workspace/knowledge';
import type { TraceQuery } from '../../shared/query';
import type { ParamPrompt } from './prompts';
import { evmChainIdPattern, evmHashPattern } from '../ids/evmPatterns';

/** Frames a page of the trace panel's table holds. */
export const tracePageFrames = 200;

const networks = new Set(['mainnet', 'fuji', 'local']);

/** What "Trace Transaction…" asks: the EVM chain (of the selected network) and the hash. */
export const tracePrompts: readonly ParamPrompt[] = [
    {
        name: 'chainId',
        kind: 'evmChain',
        label: 'Chain',
        optional: false,
        hint: 'The EVM chain the transaction is on',
    },
    {
        name: 'hash',
        kind: 'evmTxHash',
        label: 'Transaction hash',
        optional: false,
        hint: '0x and 64 hex digits',
    },
];

/** Checks a trace query without sending anything; throws `ValidationError` naming the part. */
export function checkTraceQuery(query: TraceQuery): void {
    if (!networks.has(query.network)) {
        throw new ValidationError('network', query.network, phrase('mainnet, fuji or local'));
    }
    if (!evmChainIdPattern.test(query.chainId)) {
        throw new ValidationError('chainId', query.chainId, phrase('a decimal EVM chain id'));
    }
    if (!evmHashPattern.test(query.hash)) {
        throw new ValidationError(
            'hash',
            query.hash,
            phrase('a transaction hash (0x and 64 hex digits)'),
        );
    }
}

/** The endpoint of a trace's chain, and what is known of the chain for the sentences. */
export interface TraceEndpoint {
    readonly target: RpcTarget;
    readonly chain: TraceChain;
}

/** A network whose chains are looked up: the two the Data API serves, or the local one. */
type TraceNetwork = 'mainnet' | 'fuji' | 'local';

/** What finding a chain's endpoint needs: the host's chain lists and RPC clients. */
export interface TraceEndpointLookups {
    /** The chains the node side answers for (on `local` every chain the node serves). */
    nodeChains(network: TraceNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    /** The network's chain list (the Data API's, or on `local` the node's). */
    chains(network: TraceNetwork, signal?: AbortSignal): Promise<readonly ChainInfo[]>;
    rpcFor(rpcUrl: string): RpcTarget | undefined;
}

/**
 * The JSON-RPC endpoint of EVM chain `chainId` on `network` as hovers and the watch list find it:
 * the node side's chains first (the user's node answers `debug_*` when anything does), then the
 * chain list's RPC URL (a public one says it does not trace). Undefined when no list has it.
 */
export async function findTraceEndpoint(
    lookups: TraceEndpointLookups,
    network: string,
    chainId: string,
    signal?: AbortSignal,
): Promise<TraceEndpoint | undefined> {
    if (network !== 'mainnet' && network !== 'fuji' && network !== 'local') return undefined;
    const nodeChains = await lookups.nodeChains(network, signal).catch(() => []);
    const chain =
        nodeChains.find((c) => c.chainId === chainId) ??
        (await lookups.chains(network, signal).catch(() => [])).find((c) => c.chainId === chainId);
    const target = chain?.rpcUrl ? lookups.rpcFor(chain.rpcUrl) : undefined;
    if (!chain || !target) return undefined;
    const primary = chain.subnetId === pChainId || chainId === '43114' || chainId === '43113';
    return {
        target,
        chain: {
            kind: primary ? 'c-chain' : 'subnet-evm',
            name: inertLine(chain.chainName, 120),
            blockchainId: chain.platformChainId,
        },
    };
}

/** What running a trace needs from the host. */
export interface TraceDeps {
    /** The JSON-RPC endpoint of `chainId` on `network`; undefined when none is known. */
    traceEndpoint(
        network: string,
        chainId: string,
        signal: AbortSignal,
    ): Promise<TraceEndpoint | undefined>;
    /** The workspace's contracts, which name and decode frames; undefined when none. */
    contracts(): Promise<ContractKnowledge | undefined>;
    /** The workspace's files for the Solidity lines; undefined without a workspace on disk. */
    traceSources(): TraceSources | undefined;
}

/** One frame as a row of the panel's table: the frame, its line, its place on the failures. */
export interface TraceRowItem {
    readonly frame: TraceFrame;
    readonly source: FrameSource | undefined;
    /** The transaction's own failure path (or a caught one's) runs through this frame. */
    readonly onPath: 'transaction' | 'caught' | undefined;
}

/**
 * A page of a trace, as the panel's builders see it: the report's summary, the failures with
 * their frames, and `items`, the frames of this page. JSON-safe (no Map), so "Copy JSON" and the
 * Raw JSON tab show it as it is.
 */
export interface TracePage {
    readonly hash: string;
    readonly chainId: string;
    readonly blockNumber: number;
    readonly status: TraceReport['status'];
    readonly frameCount: number;
    /** Each failure with the rows of its path, root cause first. */
    readonly failures: readonly {
        readonly failure: TraceFailure;
        readonly path: readonly TraceRowItem[];
    }[];
    readonly stepTrace: StepTraceOutcome;
    readonly notes: readonly string[];
    readonly cut: boolean;
    /** Index of the first frame of `items`. */
    readonly offset: number;
    readonly items: readonly TraceRowItem[];
    readonly nextPageToken: string | undefined;
}

/** Reports kept for "Load more", newest last. */
const kept = new Map<string, TraceReport>();
const maxKept = 2;

function reportKey(query: TraceQuery): string {
    return `${query.network}|${query.chainId}|${query.hash.toLowerCase()}`;
}

function keep(key: string, report: TraceReport): void {
    kept.delete(key);
    kept.set(key, report);
    while (kept.size > maxKept) kept.delete(kept.keys().next().value!);
}

/** The report a panel shows, for its "open the line" action (undefined when forgotten). */
export function keptTraceReport(query: TraceQuery): TraceReport | undefined {
    return kept.get(reportKey(query));
}

/**
 * Runs a trace query: the whole report on the first page (`pageToken` undefined), the kept one
 * for later pages (the report read again when it was forgotten).
 */
export async function runTrace(
    query: TraceQuery,
    deps: TraceDeps,
    options: { readonly pageToken?: string | undefined; readonly signal: AbortSignal },
): Promise<TracePage> {
    checkTraceQuery(query);
    const key = reportKey(query);
    let report = options.pageToken !== undefined ? kept.get(key) : undefined;
    if (!report) {
        report = await readReport(query, deps, options.signal);
        keep(key, report);
    }
    const offset = Math.min(
        report.frames.length,
        Math.max(0, Number.parseInt(options.pageToken ?? '0', 10) || 0),
    );
    return tracePage(report, offset);
}

/** Reads and explains the transaction of a trace query (no page, nothing kept). */
export async function readTraceReport(
    query: TraceQuery,
    deps: TraceDeps,
    signal: AbortSignal,
): Promise<TraceReport> {
    checkTraceQuery(query);
    return readReport(query, deps, signal);
}

async function readReport(
    query: TraceQuery,
    deps: TraceDeps,
    signal: AbortSignal,
): Promise<TraceReport> {
    const endpoint = await deps.traceEndpoint(query.network, query.chainId, signal);
    if (!endpoint) {
        throw new ValidationError(
            'chainId',
            query.chainId,
            phrase('an EVM chain whose JSON-RPC endpoint is known on {0}', query.network),
        );
    }
    const knowledge = await deps.contracts().catch(() => undefined);
    return explainTransaction({
        target: endpoint.target,
        hash: query.hash,
        chain: endpoint.chain,
        knowledge,
        sources: deps.traceSources(),
        signal,
    });
}

/** The page of `report` from frame `offset`. */
export function tracePage(report: TraceReport, offset: number): TracePage {
    const onPath = new Map<number, 'transaction' | 'caught'>();
    for (const failure of report.failures) {
        const which = failure.caughtBy === undefined ? 'transaction' : 'caught';
        for (const index of failure.path) if (!onPath.has(index)) onPath.set(index, which);
    }
    const item = (frame: TraceFrame): TraceRowItem => ({
        frame,
        source: report.sources.get(frame.frame.index),
        onPath: onPath.get(frame.frame.index),
    });
    const end = Math.min(report.frames.length, offset + tracePageFrames);
    return {
        hash: report.hash,
        chainId: report.chainId,
        blockNumber: report.blockNumber,
        status: report.status,
        frameCount: report.frames.length,
        failures: report.failures.map((failure) => ({
            failure,
            path: failure.path.flatMap((index) => {
                const frame = report.frames[index];
                return frame ? [item(frame)] : [];
            }),
        })),
        stepTrace: report.stepTrace,
        notes: report.notes,
        cut: report.cut,
        offset,
        items: report.frames.slice(offset, end).map(item),
        nextPageToken: end < report.frames.length ? String(end) : undefined,
    };
}
