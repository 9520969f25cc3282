/**
 * Follows one ICM (Teleporter) message from its send to its delivery, execution and receipt,
 * through the chains' own JSON-RPC, and says why it is stuck. Delivery is found by the message
 * id topic of the destination's events (it needs no block correlation between chains, which
 * icm-contracts#97 found the hard part): `ReceiveCrossChainMessage`, `MessageExecuted` and
 * `MessageExecutionFailed` in one `eth_getLogs` filter per block window, and the receipt back on
 * the source by `ReceiptReceived`. Every answer is a peer's: logs are believed only from the
 * messenger that sent the message, and only when the id they carry is the one their contents
 * give (`teleporterMessageId`). At most three dependent round trips per chain, each a batch.
 */
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import { batchCall, type Settled } from '../nodeRpc/rpcClient';
import type { RpcFilterLog, RpcReceipt } from '../nodeRpc/schemas';
import { inertLine } from '../text/inert';
import type { DecodeResult } from '../abi/types';
import type { ContractKnowledge } from '../workspace/knowledge';

import { type IcmEvent, icmTopics, readIcmLog, type TeleporterMessageFields } from './events';
import { blockchainIdCb58, teleporterMessageId } from './messageId';
import {
    type IcmChain,
    type IcmChainRef,
    type IcmDirectory,
    type IcmIndexed,
    type IcmState,
    type IcmQuery,
    type IcmTimeline,
    type IcmTraceOptions,
    icmTraceDefaults,
    maxLogsPerAnswer,
} from './timeline';

const hex32 = /^0x[0-9a-fA-F]{64}$/;
/** The primary network's subnet id: its validators stake, they pay no balance. */
const primaryNetworkId = '11111111111111111111111111111111LpoYY';
const maxWarnings = 12;

function refOf(chain: IcmChain): IcmChainRef {
    return {
        name: chain.name,
        blockchainId: blockchainIdCb58(chain.blockchainId),
        evmChainId: chain.evmChainId,
        rpcHost: chain.rpcHost,
        knownFrom: chain.knownFrom,
    };
}

function value<T>(settled: Settled<T>): T {
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
}

function reason(error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    return inertLine(text, 200);
}

/** Block windows `[from, to]` back from `head`, newest first, never below `floor`. */
function windowsBack(head: number, floor: number, size: number, count: number): [number, number][] {
    const out: [number, number][] = [];
    for (let to = head; to >= floor && out.length < count; to -= size) {
        out.push([Math.max(floor, to - size + 1), to]);
    }
    return out;
}

class Trace {
    readonly warnings: string[] = [];
    readonly roundTrips: Record<string, number> = {};
    constructor(
        readonly options: Required<Omit<IcmTraceOptions, 'signal' | 'contracts'>> & {
            signal?: AbortSignal | undefined;
        },
    ) {}

    warn(text: string): void {
        if (this.warnings.length < maxWarnings && !this.warnings.includes(text))
            this.warnings.push(text);
    }

    async batch<const T extends readonly ReturnType<typeof batchCall>[]>(
        chain: IcmChain,
        calls: T,
    ) {
        const rpc = chain.rpc!;
        this.roundTrips[chain.name] = (this.roundTrips[chain.name] ?? 0) + 1;
        return rpc.client.batch(calls, {
            path: rpc.path,
            ...(this.options.signal ? { signal: this.options.signal } : {}),
        });
    }

    /** Logs of each window (in one batch), flattened, at most `maxLogsPerAnswer` per answer. */
    async logs(
        chain: IcmChain,
        windows: [number, number][],
        filter: { address?: string | undefined; topics: (string | string[] | null)[] },
    ): Promise<IcmEvent[]> {
        if (windows.length === 0) return [];
        const answers = await this.batch(
            chain,
            windows.map(([from, to]) =>
                batchCall(m.eth_getLogs, [
                    {
                        fromBlock: from,
                        toBlock: to,
                        ...(filter.address ? { address: filter.address } : {}),
                        topics: filter.topics,
                    },
                ]),
            ),
        );
        const out: IcmEvent[] = [];
        let failed = 0;
        for (const answer of answers) {
            if (answer.status === 'rejected') {
                failed++;
                if (failed === 1)
                    this.warn(`${chain.name}: a log search failed: ${reason(answer.reason)}`);
                continue;
            }
            const logs: RpcFilterLog[] = answer.value;
            if (logs.length > maxLogsPerAnswer) {
                this.warn(
                    `${chain.name}: ${logs.length} logs matched one message id; the first ${maxLogsPerAnswer} were read`,
                );
            }
            for (const log of logs.slice(0, maxLogsPerAnswer)) {
                const event = readIcmLog(log);
                if (event) out.push(event);
            }
        }
        return out;
    }
}

/** The message id a send log should carry, or undefined when its source id is unknown. */
function expectedId(
    messenger: string,
    sourceId: string | undefined,
    destinationId: string,
    nonce: string,
): string | undefined {
    if (!sourceId || !hex32.test(destinationId) || !/^\d{1,78}$/.test(nonce)) return undefined;
    try {
        return teleporterMessageId(messenger, sourceId, destinationId, BigInt(nonce));
    } catch {
        return undefined;
    }
}

/**
 * Follows the message of `query` and says where it is and why it is not further.
 * @throws only on cancellation or when the source chain itself cannot be read.
 */
export async function traceIcmMessage(
    asked: IcmQuery,
    directory: IcmDirectory,
    options: IcmTraceOptions = {},
): Promise<IcmTimeline> {
    const t = new Trace({
        windowBlocks: Math.max(
            1,
            Math.floor(options.windowBlocks ?? icmTraceDefaults.windowBlocks),
        ),
        maxWindows: Math.max(
            1,
            Math.min(64, Math.floor(options.maxWindows ?? icmTraceDefaults.maxWindows)),
        ),
        stuckAfterBlocks: options.stuckAfterBlocks ?? icmTraceDefaults.stuckAfterBlocks,
        signal: options.signal,
    });
    // Awaited only to decode the payload; a trace that ends before leaves no rejection unhandled.
    const contractsRead = Promise.resolve(options.contracts);
    contractsRead.catch(() => undefined);
    const topics = icmTopics();
    let query = asked;
    const source = query.source;
    const stuck: string[] = [];
    const searched: {
        source?: { from: number; to: number };
        destination?: { from: number; to: number };
    } = {};
    if (!source.rpc) {
        throw new Error(
            `${source.name} cannot be read: ${source.unreachable ?? 'no RPC URL is known for it'}`,
        );
    }
    const wantedId = query.messageId?.toLowerCase();

    // On Mainnet and Fuji the Data API says where to look: the source transaction of a message
    // asked by id saves the search of the source's logs.
    let indexed: IcmIndexed | undefined;
    let indexAsked = false;
    const askIndex = async (id: string): Promise<void> => {
        if (indexAsked || !directory.indexedMessage) return;
        indexAsked = true;
        t.roundTrips['Data API'] = (t.roundTrips['Data API'] ?? 0) + 1;
        try {
            indexed = await directory.indexedMessage(id, t.options.signal);
        } catch (error) {
            if (t.options.signal?.aborted) throw error;
            t.warn(`The Data API could not be asked: ${reason(error)}; the chains answer alone.`);
        }
    };
    if (wantedId && !query.txHash) {
        await askIndex(wantedId);
        const hash = indexed?.sourceTxHash?.toLowerCase();
        const sameSource =
            !source.evmChainId ||
            !indexed?.sourceEvmChainId ||
            indexed.sourceEvmChainId === source.evmChainId;
        if (hash && hex32.test(hash) && sameSource) query = { ...query, txHash: hash };
    }

    // Round trip 1 on the source: its chain id, head and (for a transaction) the receipt.
    const first = await t.batch(source, [
        batchCall(m.eth_chainId, []),
        batchCall(m.eth_blockNumber, []),
        ...(query.txHash ? [batchCall(m.eth_getTransactionReceipt, [query.txHash])] : []),
    ]);
    const chainId = String(value(first[0]));
    if (source.evmChainId && chainId !== source.evmChainId) {
        throw new Error(
            `${source.rpcHost ?? source.name} serves EVM chain ${inertLine(chainId, 24)}, not ${source.evmChainId}`,
        );
    }
    const sourceHead = value(first[1]);

    let events: IcmEvent[] = [];
    let receiptEvents: IcmEvent[] = [];
    if (query.txHash) {
        const receipt = value<RpcReceipt | null>(first[2] as Settled<RpcReceipt | null>);
        if (!receipt) {
            return notFound(source, wantedId ?? '', t, [
                'The source chain has no receipt for this transaction: unknown, or not yet mined.',
            ]);
        }
        if (receipt.status === 'failed') {
            return notFound(source, wantedId ?? '', t, [
                'The source transaction failed: it sent no message.',
            ]);
        }
        events = receipt.logs
            .slice(0, maxLogsPerAnswer * 4)
            .map((log) =>
                readIcmLog({
                    ...log,
                    blockNumber: receipt.blockNumber,
                    transactionHash: receipt.transactionHash,
                }),
            )
            .filter((e): e is IcmEvent => e !== undefined);
    } else if (wantedId) {
        // Round trip 2 (by id): the send and the receipt back, in the same windows.
        const windows = windowsBack(sourceHead, 0, t.options.windowBlocks, t.options.maxWindows);
        searched.source = { from: windows.at(-1)?.[0] ?? 0, to: sourceHead };
        const found = await t.logs(source, windows, {
            address: source.messenger,
            topics: [[topics.SendCrossChainMessage, topics.ReceiptReceived], wantedId],
        });
        events = found.filter((e) => e.kind === 'send');
        receiptEvents = found.filter((e) => e.kind === 'receipt');
    }

    // The sends of the transaction (or the one found by id), each with its Warp log when seen.
    const sends = events.filter((e): e is Extract<IcmEvent, { kind: 'send' }> => e.kind === 'send');
    const warps = events.filter((e): e is Extract<IcmEvent, { kind: 'warp' }> => e.kind === 'warp');
    const candidates = wantedId ? sends.filter((s) => s.messageId === wantedId) : sends;
    if (candidates.length === 0) {
        const why = query.txHash
            ? sends.length > 0
                ? ['This transaction sent other ICM messages, not this one.']
                : ['This transaction sent no ICM message (no SendCrossChainMessage in its logs).']
            : [
                  `No SendCrossChainMessage with this id in the last ${sourceHead - (searched.source?.from ?? 0) + 1} blocks of ${source.name}.`,
              ];
        return notFound(source, wantedId ?? '', t, why, searched);
    }
    let send = candidates[0]!;
    let warp = warps.find((w) => w.sender === send.at.address) ?? warps[0];

    // By id, the Warp log is in the send's transaction: round trip 3 reads its receipt.
    if (!query.txHash && send.at.txHash) {
        const [r] = await t.batch(source, [
            batchCall(m.eth_getTransactionReceipt, [send.at.txHash]),
        ]);
        const receipt = r.status === 'fulfilled' ? r.value : null;
        warp = receipt?.logs
            .slice(0, maxLogsPerAnswer * 4)
            .map((log) => readIcmLog(log))
            .find((e): e is Extract<IcmEvent, { kind: 'warp' }> => e?.kind === 'warp');
    }
    if (warp && !warp.idMatches) {
        t.warn(
            'The Warp log of the send names an id that is not the hash of the message it carries: its source chain id is not used.',
        );
        warp = undefined;
    }

    // The source id: the chain's own Warp message says it; else the directory's.
    const sourceId = warp?.sourceBlockchainId ?? source.blockchainId;
    if (warp?.sourceBlockchainId && warp.sourceBlockchainId !== source.blockchainId) {
        t.warn(
            `The Warp message names source ${blockchainIdCb58(warp.sourceBlockchainId)}, not the ${source.name} the extension knows as ${blockchainIdCb58(source.blockchainId)}.`,
        );
    }
    const messenger = send.at.address;
    // Forged sends: a contract other than the messenger can emit the same topic with any id.
    const checked = candidates.filter((s) => {
        const id = expectedId(s.at.address, sourceId, s.destinationBlockchainId, s.message.nonce);
        if (id === undefined || id === s.messageId) return true;
        t.warn(
            `A SendCrossChainMessage from ${s.at.address} carries id ${s.messageId}, which its contents do not give (${id}): not followed.`,
        );
        return false;
    });
    if (checked.length === 0) {
        return notFound(
            source,
            wantedId ?? send.messageId,
            t,
            ['No send whose id matches its contents was found.'],
            searched,
        );
    }
    send = checked[0]!;
    const messageId = send.messageId;
    const idCheck = expectedId(
        messenger,
        sourceId,
        send.destinationBlockchainId,
        send.message.nonce,
    )
        ? 'matches'
        : 'unchecked';
    const siblings = sends
        .filter((s) => s.messageId !== messageId)
        .map((s) => s.messageId)
        .slice(0, 16);

    await askIndex(messageId);
    // Round trip 2 (by transaction): the receipt back on the source, by id, in windows from the
    // send to the head. Searched even when the index says the receipt is not back: an index lags
    // the chain, and a receipt it has not seen yet is still the chain's. Nothing in it waits for
    // the destination, so it runs while the destination is read: no dependent round trip more.
    let receiptSearch: Promise<IcmEvent[]> | undefined;
    if (query.txHash) {
        const windows = windowsBack(
            sourceHead,
            send.at.block ?? 0,
            t.options.windowBlocks,
            t.options.maxWindows,
        );
        searched.source = { from: windows.at(-1)?.[0] ?? sourceHead, to: sourceHead };
        receiptSearch = t.logs(source, windows, {
            address: messenger,
            topics: [topics.ReceiptReceived, messageId],
        });
        // Its failure is thrown where it is awaited, below; never left unhandled meanwhile.
        receiptSearch.catch(() => undefined);
    }

    // The destination.
    const destinationId = send.destinationBlockchainId;
    const destination = hex32.test(destinationId)
        ? await directory.chain(destinationId, t.options.signal)
        : undefined;
    const destinationRef = destination
        ? { ...refOf(destination), known: true }
        : {
              name: 'unknown chain',
              blockchainId: hex32.test(destinationId)
                  ? blockchainIdCb58(destinationId)
                  : inertLine(destinationId, 80),
              known: false,
          };

    let receive: Extract<IcmEvent, { kind: 'receive' }> | undefined;
    let executed: IcmEvent | undefined;
    let failed: IcmEvent | undefined;
    let destinationGasLimit: bigint | undefined;
    let messengerMissing = false;
    let destinationReadable = false;
    /** A delivery, execution or failure log for this message, believed or warned about. */
    const believe = (e: IcmEvent, chainName: string, destMessenger: string): void => {
        if (e.kind !== 'receive' && e.kind !== 'executed' && e.kind !== 'executionFailed') return;
        if (e.messageId !== messageId) return;
        if (e.at.address !== destMessenger) {
            t.warn(
                `${chainName}: a ${e.kind} log for this id from ${e.at.address}, not the messenger ${destMessenger}: ignored.`,
            );
            return;
        }
        if (e.sourceBlockchainId !== sourceId) {
            t.warn(
                `${chainName}: a ${e.kind} log for this id names source ${e.sourceBlockchainId}, not this message's: ignored.`,
            );
            return;
        }
        if (e.kind === 'receive') {
            const id = expectedId(destMessenger, sourceId, destinationId, e.message.nonce);
            if (id !== undefined && id !== messageId) {
                t.warn(
                    `${chainName}: a delivery under this id carries nonce ${e.message.nonce}, which gives another id: ignored.`,
                );
                return;
            }
            receive ??= e;
        } else if (e.kind === 'executed') executed ??= e;
        else failed ??= e;
    };
    const indexedDelivery = indexed?.destinationTxHash?.toLowerCase();
    if (destination?.rpc && indexedDelivery && hex32.test(indexedDelivery)) {
        // The index names the delivery: one round trip reads its receipt, whose logs are
        // believed as the search's would be. A receipt that does not show it (not yet on this
        // node, or the index wrong) leaves the search below to decide.
        const destMessenger = (destination.messenger ?? messenger).toLowerCase();
        try {
            const [cid, r] = await t.batch(destination, [
                batchCall(m.eth_chainId, []),
                batchCall(m.eth_getTransactionReceipt, [indexedDelivery]),
            ]);
            const destChainId = String(value(cid));
            if (!destination.evmChainId || destChainId === destination.evmChainId) {
                const receipt = r.status === 'fulfilled' ? r.value : null;
                for (const log of receipt?.logs.slice(0, maxLogsPerAnswer) ?? []) {
                    const e = readIcmLog({
                        ...log,
                        blockNumber: receipt!.blockNumber,
                        transactionHash: receipt!.transactionHash,
                    });
                    if (e) believe(e, destination.name, destMessenger);
                }
            }
        } catch (error) {
            if (t.options.signal?.aborted) throw error;
        }
        if (receive) destinationReadable = true;
    }
    if (destination?.rpc && !receive) {
        const destMessenger = (destination.messenger ?? messenger).toLowerCase();
        try {
            // Round trip 1 on the destination: head, the messenger's code, the block gas limit.
            const [cid, head, code, block] = await t.batch(destination, [
                batchCall(m.eth_chainId, []),
                batchCall(m.eth_blockNumber, []),
                batchCall(m.eth_getCode, [destMessenger]),
                batchCall(m.eth_getBlockByNumber, ['latest', false]),
            ]);
            const destChainId = String(value(cid));
            if (destination.evmChainId && destChainId !== destination.evmChainId) {
                throw new Error(
                    `${destination.rpcHost ?? destination.name} serves EVM chain ${inertLine(destChainId, 24)}, not ${destination.evmChainId}`,
                );
            }
            const destHead = value(head);
            destinationReadable = true;
            if (code.status === 'fulfilled' && code.value === '0x') messengerMissing = true;
            if (block.status === 'fulfilled' && block.value) {
                try {
                    destinationGasLimit = BigInt(block.value.gasLimit);
                } catch {
                    destinationGasLimit = undefined;
                }
            }
            // Round trip 2: delivery, execution and failure by the message id topic.
            const windows = windowsBack(destHead, 0, t.options.windowBlocks, t.options.maxWindows);
            searched.destination = { from: windows.at(-1)?.[0] ?? 0, to: destHead };
            const found = await t.logs(destination, windows, {
                address: destMessenger,
                topics: [
                    [
                        topics.ReceiveCrossChainMessage,
                        topics.MessageExecuted,
                        topics.MessageExecutionFailed,
                    ],
                    messageId,
                ],
            });
            for (const e of found) believe(e, destination.name, destMessenger);
        } catch (error) {
            if (t.options.signal?.aborted) throw error;
            t.warn(`${destination.name} could not be read: ${reason(error)}`);
        }
    }

    if (receiptSearch) receiptEvents = await receiptSearch;
    const receiptEvent = receiptEvents.find(
        (e): e is Extract<IcmEvent, { kind: 'receipt' }> =>
            e.kind === 'receipt' && e.messageId === messageId && e.at.address === messenger,
    );

    // The state, from the furthest step seen.
    let state: IcmState = 'sent';
    if (receive) state = 'delivered';
    if (executed) state = 'executed';
    else if (failed) state = 'executionFailed';
    if (receiptEvent) state = 'receipted';
    const noExecution = receive !== undefined && send.message.payloadBytes === 0;
    const final =
        state === 'receipted' || state === 'executed' || state === 'executionFailed' || noExecution;

    // Why it is not further, checked in order.
    if (!receive && !receiptEvent) {
        if (!destination) {
            stuck.push(
                `The destination ${destinationRef.blockchainId} names no chain this extension knows (the Data API's chain list, the local networks' files, the node's blockchains), so its delivery cannot be looked for.`,
            );
        } else if (!destination.rpc) {
            stuck.push(
                `${destination.name} cannot be read: ${destination.unreachable ?? 'no RPC URL is known for it'}.`,
            );
        } else if (!destinationReadable) {
            stuck.push(`${destination.name} did not answer, so its delivery cannot be checked.`);
        }
        if (messengerMissing) {
            stuck.push(
                `${destinationRef.name} has no contract at ${destination?.messenger ?? messenger}: no TeleporterMessenger there can receive the message.`,
            );
        }
        const gas = /^\d{1,78}$/.test(send.message.requiredGasLimit)
            ? BigInt(send.message.requiredGasLimit)
            : undefined;
        if (gas !== undefined && destinationGasLimit !== undefined && gas > destinationGasLimit) {
            stuck.push(
                `The required gas limit ${gas} is above ${destinationRef.name}'s block gas limit ${destinationGasLimit}: no block can hold its delivery.`,
            );
        }
        const allowed = send.message.allowedRelayers;
        const relayers = directory.relayers ?? [];
        if (
            allowed.length > 0 &&
            relayers.length > 0 &&
            !relayers.some((r) => allowed.includes(r))
        ) {
            stuck.push(
                `Only ${allowed.length + send.message.allowedRelayersMore} allowed relayer(s) may deliver it, and the relayer on this machine (${relayers.join(', ')}) is not one of them.`,
            );
        } else if (allowed.length === 0 && relayers.length === 0 && !directory.publicNetwork) {
            stuck.push(
                'No relayer is known on this machine for this pair of chains: on a local network nothing delivers the message until one runs.',
            );
        }
        if (directory.publicNetwork && send.fee.amount === '0') {
            stuck.push(
                'The message pays no fee: a relayer that wants a reward may leave it; addFeeAmount can add one.',
            );
        }
        if (directory.relayerReasons && destination) {
            t.roundTrips['relayer'] = (t.roundTrips['relayer'] ?? 0) + 1;
            const said = await directory
                .relayerReasons(source, destination, t.options.signal)
                .catch((error: unknown) => {
                    if (t.options.signal?.aborted) throw error;
                    return [];
                });
            for (const line of said.slice(0, 3)) stuck.push(inertLine(line, 400));
        }
        if (directory.sourceValidators && source.subnetId && source.subnetId !== primaryNetworkId) {
            t.roundTrips['P-Chain'] = (t.roundTrips['P-Chain'] ?? 0) + 1;
            const validators = await directory
                .sourceValidators(source, t.options.signal)
                .catch((error: unknown) => {
                    if (t.options.signal?.aborted) throw error;
                    t.warn(`The source L1's validators could not be read: ${reason(error)}`);
                    return undefined;
                });
            if (validators) stuck.push(inertLine(validators, 400));
        }
        const age = send.at.block !== undefined ? sourceHead - send.at.block : undefined;
        if (destinationReadable && age !== undefined && age >= t.options.stuckAfterBlocks) {
            const range = searched.destination;
            stuck.push(
                `Not delivered ${age} blocks after it was sent${range ? ` (blocks ${range.from}–${range.to} of ${destinationRef.name} searched)` : ''}.`,
            );
        }
    }
    if (failed && !executed) {
        stuck.push(
            `Its execution failed on ${destinationRef.name}: the message is received (the relayer is paid), and anyone can run it again with more gas through retryMessageExecution.`,
        );
    }
    const contracts = await contractsRead;
    return {
        messageId,
        state,
        final,
        source: refOf(source),
        destination: destinationRef,
        sent: {
            txHash: send.at.txHash,
            block: send.at.block,
            messenger,
            message: send.message,
            fee: send.fee,
            warpMessageId: warp?.warpMessageId,
            idCheck,
            payloadCall: payloadCall(contracts, destination, send.message),
        },
        delivered: receive
            ? {
                  txHash: receive.at.txHash,
                  block: receive.at.block,
                  deliverer: receive.deliverer,
                  rewardRedeemer: receive.rewardRedeemer,
              }
            : undefined,
        executed: executed ? { txHash: executed.at.txHash, block: executed.at.block } : undefined,
        executionFailed: failed ? { txHash: failed.at.txHash, block: failed.at.block } : undefined,
        receipt: receiptEvent
            ? {
                  txHash: receiptEvent.at.txHash,
                  block: receiptEvent.at.block,
                  relayerRewardAddress: receiptEvent.relayerRewardAddress,
                  fee: receiptEvent.fee,
              }
            : undefined,
        siblings,
        stuck,
        warnings: t.warnings,
        searched,
        failedExecution:
            failed?.at.txHash && destination && !executed
                ? { chain: refOf(destination), txHash: failed.at.txHash }
                : undefined,
        roundTrips: t.roundTrips,
    };
}

function notFound(
    source: IcmChain,
    messageId: string,
    t: Trace,
    why: string[],
    searched: IcmTimeline['searched'] = {},
): IcmTimeline {
    return {
        messageId,
        state: 'notFound',
        final: false,
        source: refOf(source),
        siblings: [],
        stuck: why,
        warnings: t.warnings,
        searched,
        roundTrips: t.roundTrips,
    };
}

/**
 * The payload as a call of the destination contract's ABI, when the workspace knows one that
 * decodes it (an ICM payload is the application's own bytes, often `abi.encode` of its fields
 * with no selector: those stay undecoded rather than guessed).
 */
function payloadCall(
    contracts: ContractKnowledge | undefined,
    destination: IcmChain | undefined,
    message: TeleporterMessageFields,
): DecodeResult | undefined {
    if (!contracts || !message.payload || message.payload.length < 10) return undefined;
    const result = contracts.decodeCall(
        destination?.evmChainId,
        message.destinationAddress,
        message.payload,
    );
    // The built-in table's signatures (an ERC-20 transfer's selector) say nothing of what the
    // application meant: only the workspace's ABIs decode a payload.
    if (result.status === 'decoded') return result.decoded.origin.file ? result : undefined;
    if (result.status !== 'ambiguous') return undefined;
    const own = result.candidates.filter((c) => c.origin.file !== '');
    if (own.length === 0) return undefined;
    return own.length === 1
        ? { status: 'decoded', decoded: own[0]! }
        : { ...result, candidates: own };
}
