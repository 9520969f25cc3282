/**
 * A loopback EVM JSON-RPC peer for one chain: blocks of transactions with their logs, answered
 * in geth's shapes (batches, receipts, eth_getLogs with address and topic filters), counting the
 * HTTP requests it is sent. `ignoreFilters` makes it a hostile peer that answers every log of
 * the range whatever the filter says.
 */
import { createServer } from 'node:http';

import { listenOnLoopback } from './loopbackServer';

import type { RawLog } from '../sandbox/teleporter';

interface PeerTx {
    hash: string;
    status: 'success' | 'failed';
    logs: RawLog[];
}

const hex = (n: number | bigint): string => `0x${n.toString(16)}`;

export class EvmPeer {
    readonly blocks: PeerTx[][] = [];
    /** HTTP requests received (a batch is one). */
    requests = 0;
    /** Every call received, in order (a batch's calls one by one), for the filters asked. */
    readonly calls: { method: string; params: unknown[] }[] = [];
    ignoreFilters = false;
    code = new Map<string, string>();
    gasLimit = 15_000_000n;
    private url = '';
    private closer: (() => Promise<void>) | undefined;

    constructor(
        readonly chainId: number,
        height: number,
    ) {
        for (let i = 0; i <= height; i++) this.blocks.push([]);
    }

    /** Puts a transaction with `logs` in block `block` (the chain grows to reach it). */
    addTx(block: number, hash: string, logs: RawLog[], status: PeerTx['status'] = 'success'): void {
        while (this.blocks.length <= block) this.blocks.push([]);
        this.blocks[block]!.push({ hash, status, logs });
    }

    /** Adds empty blocks on top. */
    grow(count: number): void {
        for (let i = 0; i < count; i++) this.blocks.push([]);
    }

    get head(): number {
        return this.blocks.length - 1;
    }

    async start(): Promise<string> {
        const server = createServer((req, res) => {
            let body = '';
            req.on('data', (chunk: Buffer) => (body += chunk.toString()));
            req.on('end', () => {
                this.requests++;
                const parsed = JSON.parse(body) as unknown;
                const one = (call: { id: unknown; method: string; params: unknown[] }) => {
                    this.calls.push({ method: call.method, params: call.params });
                    try {
                        return {
                            jsonrpc: '2.0',
                            id: call.id,
                            result: this.answer(call.method, call.params),
                        };
                    } catch (error) {
                        return {
                            jsonrpc: '2.0',
                            id: call.id,
                            error: { code: -32000, message: (error as Error).message },
                        };
                    }
                };
                const out = Array.isArray(parsed)
                    ? (parsed as { id: unknown; method: string; params: unknown[] }[]).map(one)
                    : one(parsed as { id: unknown; method: string; params: unknown[] });
                res.setHeader('content-type', 'application/json');
                res.end(JSON.stringify(out));
            });
        });
        const listening = await listenOnLoopback(server);
        this.url = listening.url;
        this.closer = () => listening.close();
        return this.url;
    }

    async close(): Promise<void> {
        await this.closer?.();
    }

    private where(hash: string): { block: number; index: number; tx: PeerTx } | undefined {
        for (let b = 0; b < this.blocks.length; b++) {
            const index = this.blocks[b]!.findIndex((t) => t.hash === hash.toLowerCase());
            if (index >= 0) return { block: b, index, tx: this.blocks[b]![index]! };
        }
        return undefined;
    }

    private logsOf(block: number, index: number, tx: PeerTx, first: number) {
        return tx.logs.map((log, i) => ({
            ...log,
            blockNumber: hex(block),
            blockHash: `0x${block.toString(16).padStart(64, '0')}`,
            transactionHash: tx.hash,
            transactionIndex: hex(index),
            logIndex: hex(first + i),
            removed: false,
        }));
    }

    private tag(value: unknown): number {
        if (value === 'latest' || value === undefined) return this.head;
        if (value === 'earliest') return 0;
        return Number(value);
    }

    private answer(method: string, params: unknown[]): unknown {
        switch (method) {
            case 'eth_chainId':
                return hex(this.chainId);
            case 'eth_blockNumber':
                return hex(this.head);
            case 'eth_getCode':
                return this.code.get(String(params[0]).toLowerCase()) ?? '0x';
            case 'eth_getBlockByNumber': {
                const n = this.tag(params[0]);
                return {
                    number: hex(n),
                    hash: `0x${n.toString(16).padStart(64, '0')}`,
                    parentHash: `0x${'00'.repeat(32)}`,
                    timestamp: hex(1_700_000_000 + n),
                    gasLimit: hex(this.gasLimit),
                    gasUsed: '0x0',
                    transactions: [],
                };
            }
            case 'eth_getTransactionReceipt': {
                const found = this.where(String(params[0]));
                if (!found) return null;
                return {
                    transactionHash: found.tx.hash,
                    transactionIndex: hex(found.index),
                    blockHash: `0x${found.block.toString(16).padStart(64, '0')}`,
                    blockNumber: hex(found.block),
                    from: `0x${'11'.repeat(20)}`,
                    to: `0x${'22'.repeat(20)}`,
                    cumulativeGasUsed: '0x5208',
                    gasUsed: '0x5208',
                    logs: this.logsOf(found.block, found.index, found.tx, 0),
                    status: found.tx.status === 'success' ? '0x1' : '0x0',
                    type: '0x2',
                };
            }
            case 'eth_getLogs': {
                const f = params[0] as {
                    fromBlock: string;
                    toBlock: string;
                    address?: string | string[];
                    topics?: (string | string[] | null)[];
                };
                const from = this.tag(f.fromBlock);
                const to = Math.min(this.tag(f.toBlock), this.head);
                const addresses =
                    f.address === undefined
                        ? undefined
                        : [f.address].flat().map((a) => a.toLowerCase());
                const out: unknown[] = [];
                for (let b = from; b <= to; b++) {
                    let first = 0;
                    this.blocks[b]!.forEach((tx, index) => {
                        for (const log of this.logsOf(b, index, tx, first)) {
                            const ok =
                                this.ignoreFilters ||
                                ((!addresses || addresses.includes(log.address.toLowerCase())) &&
                                    (f.topics ?? []).every(
                                        (want, k) =>
                                            want === null ||
                                            [want]
                                                .flat()
                                                .map((w) => w.toLowerCase())
                                                .includes(log.topics[k]?.toLowerCase() ?? ''),
                                    ));
                            if (ok) out.push(log);
                        }
                        first += tx.logs.length;
                    });
                }
                return out;
            }
            default:
                throw new Error(`the method ${method} does not exist/is not available`);
        }
    }
}
