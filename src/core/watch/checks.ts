/**
 * One read of a watched target, as an observation: its status, a one-line summary, the facts a
 * row expands to, and the value two reads are compared by. Every kind reads the cheapest source
 * that answers it exactly: the node for P-Chain state (balances are live there; the Data API's
 * index lags), the chain's own JSON-RPC for EVM state (one batch), the Data API for its own
 * export operations.
 */
import type { DataApiClient } from '../dataApi/dataApiClient';
import { formatNAvax, formatWei } from '../format';
import { isAbortError, isNetworkError, isRpcError, isTimeoutError } from '../http/errors';
import { blockFinality, chainHeights, describeConfirmations } from '../nodeRpc/helicon';
import { describeAlert, type NodeMetrics, withoutUnrunChecks } from '../metrics/nodeMetrics';
import { checksFailingOnRun, checksNotYetRun, failingChecks } from '../nodeRpc/healthSchemas';
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import { formatPeriod, formatShares } from '../stakingText';
import type { ValidatorFeeConfig, ValidatorFeeState } from '../nodeRpc/primarySchemas';
import { batchCall, type NodeRpcClient } from '../nodeRpc/rpcClient';
import type { RpcTarget } from '../nodeRpc/rpcUrl';
import { describeOperation, isOperationFinal, operationOutcome } from '../query/operations';
import { checkIcmMessage, type IcmWatchSource, type WatchTiming } from './icmCheck';
import { describeRunway, formatDuration, type Runway, validatorRunway } from './runway';
import type { WatchNetwork, WatchTarget } from './targets';

/** How a watched item stands, which picks its icon. */
export type WatchStatus =
    'ok' | 'pending' | 'warning' | 'done' | 'failed' | 'down' | 'error' | 'unknown';

export interface WatchDetail {
    readonly label: string;
    readonly value: string;
}

export interface WatchObservation {
    readonly status: WatchStatus;
    /** One line for the row's description. */
    readonly summary: string;
    /** True when no later read can change it: the item is not read again. */
    readonly final: boolean;
    /** What two reads are compared by. */
    readonly value: string;
    readonly details: readonly WatchDetail[];
    /** Seconds of balance left at today's fee: the validator's, or an L1's shortest. */
    readonly runwaySeconds?: number | undefined;
    /** Raw balance (nAVAX or wei) of a validator or an address. */
    readonly balance?: string | undefined;
    /** An L1's validators under the threshold, by node id (at most a few named). */
    readonly under?: readonly string[] | undefined;
    /** The L1 (subnet id) a validator validates, as the P-Chain reports it. */
    readonly l1?: string | undefined;
    /** An L1 validator's fee now, in nAVAX per second (what a top-up is sized by). */
    readonly feePerSecond?: string | undefined;
    /** An L1's validators: node id → validation id, for the Validators view's marks. */
    readonly validators?: readonly WatchedValidator[] | undefined;
}

export interface WatchedValidator {
    readonly nodeId: string;
    readonly validationId?: string | undefined;
    readonly balance: string;
    readonly runwaySeconds?: number | undefined;
}

/** The L1 validator fee now and its constants, as one network's P-Chain reports them. */
export interface ValidatorFees {
    readonly state: ValidatorFeeState;
    readonly config?: ValidatorFeeConfig | undefined;
}

/** An EVM chain the watch list reads, with its native token. */
export interface WatchEvmChain {
    readonly target: RpcTarget;
    readonly name: string;
    readonly symbol: string;
}

/** Where the reads go; the extension builds these from the user's settings. */
export interface WatchSources {
    /** The P-Chain of `network`: the node that answers for it. */
    pChain(network: WatchNetwork, signal: AbortSignal): Promise<NodeRpcClient>;
    /** The L1 validator fee of `network`, shared by every read of one round. */
    validatorFees(network: WatchNetwork, signal: AbortSignal): Promise<ValidatorFees>;
    /** An EVM chain's JSON-RPC, or undefined when the network names no such chain. */
    evmChain(
        network: WatchNetwork,
        chainId: string,
        signal: AbortSignal,
    ): Promise<WatchEvmChain | undefined>;
    dataApi(): Promise<DataApiClient>;
    /** A node by URL, for node items. */
    node(url: string): NodeRpcClient;
    /**
     * The metrics history of a node item, shared with the node dashboard; when given, each read
     * of the node also scrapes its `/ext/metrics` and checks the Key Metrics page's thresholds.
     */
    nodeMetrics?(url: string): NodeMetrics;
    /** The chains an ICM message touches (`core/icm/directory.ts`), for `icmMessage` items. */
    icmHost?: IcmWatchSource['icmHost'];
}

/** Requests one read of a kind sends, for the request budget. The fee state is counted apart. */
export function checkCost(target: WatchTarget): number {
    switch (target.kind) {
        case 'evmTx':
        case 'evmAddress':
            return 1; // one JSON-RPC batch
        case 'node':
            return 2; // health.health and the metrics page
        case 'icmMessage':
            // At most three batches on the source and two on the destination (core/icm/trace.ts),
            // and the node's blockchains for the directory.
            return 6;
        default:
            return 1;
    }
}

/** Most validators an L1 item lists in its details. */
const maxListed = 50;

/**
 * Reads `target` once. Errors other than a node being unreachable are thrown to the caller.
 * `timing` says how long the item has been watched (an ICM message's wait for its delivery).
 */
export async function checkTarget(
    target: WatchTarget,
    sources: WatchSources,
    thresholdSeconds: number,
    signal: AbortSignal,
    timing?: WatchTiming,
): Promise<WatchObservation> {
    switch (target.kind) {
        case 'l1Validator':
            return checkValidator(target, sources, thresholdSeconds, signal);
        case 'l1':
            return checkL1(target, sources, thresholdSeconds, signal);
        case 'evmAddress':
            return checkEvmAddress(target, sources, signal);
        case 'evmTx':
            return checkEvmTx(target, sources, signal);
        case 'pTx':
            return checkPTx(target, sources, signal);
        case 'export':
            return checkExport(target, sources, signal);
        case 'node':
            return checkNode(target, sources, signal);
        case 'icmMessage': {
            const icmHost = sources.icmHost?.bind(sources);
            if (!icmHost) throw new Error('ICM messages cannot be watched here.');
            return checkIcmMessage(target, { icmHost }, signal, timing);
        }
    }
}

function runwayDetails(runway: Runway | undefined, fees: ValidatorFees): WatchDetail[] {
    const details: WatchDetail[] = [
        {
            label: 'Fee now',
            value: `${formatNAvax(fees.state.price, { maxFractionDigits: 9 })} per second (platform.getValidatorFeeState)`,
        },
    ];
    if (runway) details.push({ label: 'Runway', value: describeRunway(runway) });
    return details;
}

/** A P-Chain read and the validator fees now, side by side: both checks of L1 balances need the two. */
async function readWithFees<T>(
    network: WatchNetwork,
    sources: WatchSources,
    signal: AbortSignal,
    read: (client: NodeRpcClient) => Promise<T>,
): Promise<[T, ValidatorFees]> {
    const client = await sources.pChain(network, signal);
    return Promise.all([read(client), sources.validatorFees(network, signal)]);
}

async function checkValidator(
    target: Extract<WatchTarget, { kind: 'l1Validator' }>,
    sources: WatchSources,
    thresholdSeconds: number,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const [read, fees] = await readWithFees(target.network, sources, signal, (client) =>
        client
            .call(m['platform.getL1Validator'], { validationID: target.validationId }, { signal })
            .catch((error: unknown) => {
                // AvalancheGo answers a validation id it does not hold (never registered, or
                // removed with weight 0) with "not found".
                if (isRpcError(error) && /not found/i.test(error.message)) return undefined;
                throw error;
            }),
    );
    if (!read) {
        return {
            status: 'done',
            summary: 'not on the P-Chain (removed, or never registered)',
            final: false,
            value: 'absent',
            details: [{ label: 'Validation id', value: target.validationId }],
        };
    }
    const balance = read.validator.balance ?? '0';
    const details: WatchDetail[] = [
        { label: 'Node', value: read.validator.nodeId },
        { label: 'L1', value: read.subnetId },
        { label: 'Weight', value: read.validator.weight },
        { label: 'Balance', value: formatNAvax(balance, { maxFractionDigits: 9 }) },
        { label: 'P-Chain height', value: read.height },
    ];
    if (BigInt(balance) === 0n) {
        return {
            status: 'failed',
            summary: 'inactive: balance 0 AVAX, the validator no longer validates',
            final: false,
            value: 'inactive:0',
            details,
            balance,
            runwaySeconds: 0,
            l1: read.subnetId,
            feePerSecond: fees.state.price,
        };
    }
    const runway = validatorRunway(balance, fees.state.price, fees.config);
    details.push(...runwayDetails(runway, fees));
    const seconds = runway?.atPriceSeconds;
    const low = seconds !== undefined && seconds < thresholdSeconds;
    return {
        status: low ? 'warning' : 'ok',
        summary: `${formatNAvax(balance, { maxFractionDigits: 4 })}${seconds !== undefined ? ` · ${formatDuration(seconds)} left` : ''}`,
        final: false,
        value: `active:${balance}`,
        details,
        balance,
        runwaySeconds: seconds,
        l1: read.subnetId,
        feePerSecond: fees.state.price,
    };
}

/**
 * One read of an L1's validators (`platform.getCurrentValidators` for its subnet and the fee now):
 * the `l1` kind's check, also what an ICM message's diagnosis reads of its source L1
 * (`icmValidators.ts`), called directly so that a bundle needing only it leaves the other kinds'.
 */
export async function checkL1(
    target: Extract<WatchTarget, { kind: 'l1' }>,
    sources: WatchSources,
    thresholdSeconds: number,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const [read, fees] = await readWithFees(target.network, sources, signal, (client) =>
        client.call(m['platform.getCurrentValidators'], { subnetID: target.subnetId }, { signal }),
    );
    const validators: WatchedValidator[] = read.validators
        .filter((v) => v.kind === 'l1')
        .map((v) => {
            const balance = v.balance ?? '0';
            const runway = validatorRunway(balance, fees.state.price, fees.config);
            return {
                nodeId: v.nodeId,
                validationId: v.validationId,
                balance,
                runwaySeconds: BigInt(balance) === 0n ? 0 : runway?.atPriceSeconds,
            };
        })
        .sort((a, b) => (a.runwaySeconds ?? Infinity) - (b.runwaySeconds ?? Infinity));
    if (validators.length === 0) {
        return {
            status: 'unknown',
            summary: 'no L1 validators (not converted to an L1, or none left)',
            final: false,
            value: 'none',
            details: [{ label: 'Subnet', value: target.subnetId }],
            validators: [],
        };
    }
    const under = validators.filter((v) => (v.runwaySeconds ?? Infinity) < thresholdSeconds);
    const shortest = validators[0]?.runwaySeconds;
    const details: WatchDetail[] = [
        { label: 'Subnet', value: target.subnetId },
        ...runwayDetails(undefined, fees),
        ...validators.slice(0, maxListed).map((v) => ({
            label: v.nodeId,
            value: `${formatNAvax(v.balance, { maxFractionDigits: 4 })}${v.runwaySeconds !== undefined ? ` · ${formatDuration(v.runwaySeconds)} left` : ''}`,
        })),
    ];
    if (validators.length > maxListed) {
        details.push({ label: '…', value: `${validators.length - maxListed} more validators` });
    }
    return {
        status: under.length > 0 ? 'warning' : 'ok',
        summary: `${validators.length} validator${validators.length === 1 ? '' : 's'}${shortest !== undefined ? ` · shortest runway ${formatDuration(shortest)}` : ''}${under.length ? ` · ${under.length} under the threshold` : ''}`,
        final: false,
        // Balances fall every second; the set, and who is under the threshold, is what changes.
        value: `${validators
            .map((v) => v.nodeId)
            .sort()
            .join(',')}|${under
            .map((v) => v.nodeId)
            .sort()
            .join(',')}`,
        details,
        runwaySeconds: shortest,
        under: under.map((v) => v.nodeId),
        validators,
    };
}

async function checkEvmAddress(
    target: Extract<WatchTarget, { kind: 'evmAddress' }>,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const chain = await requireChain(target.network, target.chainId, sources, signal);
    const [balance] = await chain.target.client.batch(
        [batchCall(m.eth_getBalance, [target.address])],
        { path: chain.target.path, signal },
    );
    if (balance.status === 'rejected') throw balance.reason;
    return {
        status: 'ok',
        summary: formatWei(balance.value, chain.symbol),
        final: false,
        value: balance.value,
        balance: balance.value,
        details: [
            { label: 'Address', value: target.address },
            { label: 'Chain', value: `${chain.name} (${target.chainId})` },
            {
                label: 'Balance',
                value: formatWei(balance.value, chain.symbol, { maxFractionDigits: 18 }),
            },
        ],
    };
}

async function requireChain(
    network: WatchNetwork,
    chainId: string,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchEvmChain> {
    const chain = await sources.evmChain(network, chainId, signal);
    if (!chain) {
        throw new Error(
            `No JSON-RPC endpoint is known for chain ${chainId} on ${network}: the network's chain list does not name it.`,
        );
    }
    return chain;
}

async function checkEvmTx(
    target: Extract<WatchTarget, { kind: 'evmTx' }>,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const chain = await requireChain(target.network, target.chainId, sources, signal);
    // The head rides in the same batch (one request, as before): on Helicon's C-Chain a receipt
    // means executed, and only the settled height the head names makes the outcome final (ACP-194).
    const [receipt, tx, head] = await chain.target.client.batch(
        [
            batchCall(m.eth_getTransactionReceipt, [target.hash]),
            batchCall(m.eth_getTransactionByHash, [target.hash]),
            batchCall(m.eth_getBlockByNumber, ['latest', false]),
        ],
        { path: chain.target.path, signal },
    );
    if (receipt.status === 'rejected') throw receipt.reason;
    const details: WatchDetail[] = [
        { label: 'Hash', value: target.hash },
        { label: 'Chain', value: `${chain.name} (${target.chainId})` },
    ];
    const found = receipt.value;
    if (found) {
        details.push(
            { label: 'Block', value: String(found.blockNumber) },
            { label: 'Gas used', value: found.gasUsed },
        );
        const failed = found.status === 'failed';
        const heights =
            head.status === 'fulfilled' && head.value ? chainHeights(head.value) : undefined;
        if (
            heights?.settled !== undefined &&
            blockFinality(found.blockNumber, heights) !== 'final'
        ) {
            details.push({
                label: 'Settlement',
                value: describeConfirmations(found.blockNumber, heights),
            });
            return {
                status: 'pending',
                summary: `${failed ? 'reverted' : 'executed'} in block ${found.blockNumber}, not yet settled (settled through #${heights.settled})`,
                final: false,
                value: failed ? 'executed-failed' : 'executed',
                details,
            };
        }
        if (heights?.settled !== undefined) {
            details.push({ label: 'Settlement', value: `settled (through #${heights.settled})` });
        }
        return {
            status: failed ? 'failed' : 'done',
            summary: `${failed ? 'failed (reverted)' : 'accepted'} in block ${found.blockNumber}`,
            final: true,
            value: failed ? 'failed' : 'accepted',
            details,
        };
    }
    const known = tx.status === 'fulfilled' && tx.value !== null;
    return {
        status: known ? 'pending' : 'unknown',
        summary: known
            ? 'pending: in the mempool, not yet in a block'
            : "not known to the chain's node (not yet sent, dropped, or on another chain)",
        final: false,
        value: known ? 'pending' : 'unknown',
        details,
    };
}

/** AvalancheGo's P-Chain statuses (`platform.getTxStatus`) that no later block changes. */
const finalPStatuses = new Set(['Committed', 'Aborted', 'Dropped']);

async function checkPTx(
    target: Extract<WatchTarget, { kind: 'pTx' }>,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const client = await sources.pChain(target.network, signal);
    const read = await client.call(m['platform.getTxStatus'], { txID: target.txId }, { signal });
    const status = read.status;
    const final = finalPStatuses.has(status);
    // Once committed, the transaction is named by its type (ACP-236's by their settings too): one
    // read more, at the last poll of the item only. A failure leaves the status as it was.
    const tx =
        status === 'Committed'
            ? await client
                  .call(m['platform.getTx'], { txID: target.txId }, { signal })
                  .catch(() => undefined)
            : undefined;
    const autoRenew = tx?.autoRenewed;
    const words: Record<string, string> = {
        Committed: 'committed',
        Aborted: 'aborted',
        Dropped: 'dropped',
        Processing: 'processing: not yet in an accepted block',
        Unknown: 'unknown to the node',
    };
    return {
        status:
            status === 'Committed'
                ? 'done'
                : final
                  ? 'failed'
                  : status === 'Processing'
                    ? 'pending'
                    : 'unknown',
        summary: `${words[status] ?? `status ${status}`}${tx ? ` (${tx.typeName})` : ''}${read.reason ? `: ${read.reason}` : ''}`,
        final,
        value: status,
        details: [
            { label: 'Transaction', value: target.txId },
            { label: 'Status', value: status },
            ...(tx ? [{ label: 'Type', value: tx.typeName }] : []),
            ...(tx?.stakerTxId ? [{ label: 'Validator added by', value: tx.stakerTxId }] : []),
            ...(autoRenew?.periodSeconds !== undefined
                ? [{ label: 'Cycle length', value: formatPeriod(autoRenew.periodSeconds) }]
                : []),
            ...(autoRenew?.autoCompoundRewardShares !== undefined
                ? [
                      {
                          label: 'Rewards restaked',
                          value: formatShares(autoRenew.autoCompoundRewardShares),
                      },
                  ]
                : []),
            ...(read.reason ? [{ label: 'Reason', value: read.reason }] : []),
        ],
    };
}

async function checkExport(
    target: Extract<WatchTarget, { kind: 'export' }>,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const api = await sources.dataApi();
    const op = await api.getOperationResult({ operationId: target.operationId }, { signal });
    const outcome = operationOutcome(op);
    const final = isOperationFinal(op);
    const line = describeOperation({
        operationId: op.operationId,
        status: op.operationStatus,
        message: op.message ?? undefined,
        code: op.metadata?.code ?? undefined,
        nextDate: op.metadata?.nextDate ?? undefined,
    });
    return {
        status:
            outcome === 'running'
                ? 'pending'
                : outcome === 'failed'
                  ? 'failed'
                  : outcome === 'unknown'
                    ? 'unknown'
                    : outcome === 'completed'
                      ? 'done'
                      : 'warning',
        summary: line,
        final,
        value: op.operationStatus,
        details: [
            { label: 'Operation', value: op.operationId },
            { label: 'Type', value: op.operationType },
            { label: 'Status', value: op.operationStatus },
            ...(op.metadata?.downloadUrl
                ? [{ label: 'Download', value: op.metadata.downloadUrl }]
                : []),
        ],
    };
}

async function checkNode(
    target: Extract<WatchTarget, { kind: 'node' }>,
    sources: WatchSources,
    signal: AbortSignal,
): Promise<WatchObservation> {
    const details: WatchDetail[] = [{ label: 'URL', value: target.url }];
    const client = sources.node(target.url);
    // The metrics scrape runs beside the health call; it never rejects but for an abort.
    const metrics = sources.nodeMetrics?.(target.url);
    const scrape = metrics?.scrape(client, { signal });
    try {
        const health = await readNodeHealth(client, signal);
        const outcome = await scrape;
        const alerts = outcome?.ok
            ? withoutUnrunChecks(metrics?.alerts() ?? [], health.notYetRun)
            : [];
        if (outcome && !outcome.ok) {
            details.push({ label: 'Metrics', value: `not read: ${outcome.error.message}` });
        } else if (outcome?.ok) {
            details.push({
                label: 'Metrics',
                value: `${outcome.series} series, ${Math.round(outcome.bytes / 1024)} KiB`,
            });
        }
        for (const alert of alerts.slice(0, 5)) {
            details.push({
                label: alert.level === 'page' ? 'Alert' : 'Warning',
                value: describeAlert(alert),
            });
        }
        if (health.kind === 'bootstrapping') {
            return {
                status: 'pending',
                summary: health.what
                    ? `up, still bootstrapping ${health.what}`
                    : 'up, still bootstrapping',
                final: false,
                value: 'bootstrapping',
                details,
            };
        }
        if (health.kind === 'unhealthy') {
            for (const line of health.failing) details.push({ label: 'Failing', value: line });
            return {
                status: 'warning',
                summary: `up but unhealthy: ${health.names.join(', ')}`,
                final: false,
                value: `unhealthy:${health.names.join(',')}`,
                details,
            };
        }
        if (alerts.length > 0) {
            const first = alerts[0]!;
            return {
                status: 'warning',
                summary: `up, past a threshold: ${describeAlert(first)}${alerts.length > 1 ? ` and ${alerts.length - 1} more` : ''}`,
                final: false,
                value: `alert:${alerts.map((a) => `${a.chartId}/${a.level}`).join(',')}`,
                details,
            };
        }
        return { status: 'ok', summary: 'up', final: false, value: 'up', details };
    } catch (error) {
        if (isAbortError(error)) throw error;
        await scrape?.catch(() => undefined);
        // Unreachable, or answering with HTTP errors: either way it serves nothing.
        const reason = error instanceof Error ? error.message : String(error);
        const unreachable = isNetworkError(error) || isTimeoutError(error);
        return {
            status: 'down',
            summary: `down: ${shortenText(reason)}`,
            final: false,
            value: unreachable ? 'down' : 'failing',
            details: [...details, { label: 'Error', value: reason }],
        };
    }
}

type NodeHealthRead = (
    | { kind: 'healthy' }
    // `what` where only one chain's state was read (the P-Chain, without the health API).
    | { kind: 'bootstrapping'; what?: string }
    | { kind: 'unhealthy'; names: string[]; failing: string[] }
) & {
    /** Checks the node has not run since its start, counted as failing in its metrics. */
    notYetRun: number;
};

/**
 * The node's own verdict (`health.health`); a node whose health API is off (or a proxy that does
 * not forward it) says at least whether its P-Chain is bootstrapped.
 */
async function readNodeHealth(client: NodeRpcClient, signal: AbortSignal): Promise<NodeHealthRead> {
    // Where the checks give no verdict (the health API refused, or just started so none has
    // run yet), the P-Chain's bootstrap state says what the node serves.
    const byPChain = async (notYetRun: number): Promise<NodeHealthRead> => {
        const bootstrapped = await client.call(
            m['info.isBootstrapped'],
            { chain: 'P' },
            { signal },
        );
        return bootstrapped.isBootstrapped
            ? { kind: 'healthy', notYetRun }
            : { kind: 'bootstrapping', what: 'the P-Chain', notYetRun };
    };
    let report;
    try {
        report = await client.call(m['health.health'], {}, { signal });
    } catch (error) {
        if (isAbortError(error) || isNetworkError(error) || isTimeoutError(error)) throw error;
        return byPChain(0);
    }
    if (report.healthy) return { kind: 'healthy', notYetRun: 0 };
    const notYetRun = checksNotYetRun(report);
    const failing = checksFailingOnRun(report);
    if (failing.length === 0) return byPChain(notYetRun);
    if (failing.every((c) => c.name === 'bootstrapped'))
        return { kind: 'bootstrapping', notYetRun };
    return {
        kind: 'unhealthy',
        names: failing.slice(0, 3).map((c) => c.name),
        failing: failingChecks(report, 5),
        notYetRun,
    };
}

function shortenText(text: string, max = 100): string {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
