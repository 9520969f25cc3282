/**
 * Transaction export operations (spec 4.5): POST creates a RUNNING operation; once
 * `settings.exportDelayMs` has passed it reads COMPLETED with a CSV download URL served by the
 * sandbox, FAILED with ErrInvalidRequest for a request that cannot be served, or
 * COMPLETED_WITH_WARNING + WarnTruncatedExport + nextDate when the date range is over 366 days.
 * The status is worked out when read, so no timers outlive the sandbox.
 */
import { randomUUID } from 'node:crypto';

import type { SandboxContext } from './context';
import { isEvmAddress, parseChainAddress, primaryBlockchainIds, wellKnown } from './ids';
import { badRequest, json, notFound, type SandboxResponse } from './httpUtil';
import type { SandboxNetwork } from './types';

const evmType = 'TRANSACTION_EXPORT_EVM';
const primaryTypes = [
    'TRANSACTION_EXPORT_PRIMARY_NETWORK',
    'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING',
    'TRANSACTION_EXPORT_PRIMARY_NETWORK_SIMPLE',
] as const;
const operationTypes = [...primaryTypes, evmType] as const;
const maxRangeDays = 366;
const dayMs = 86_400_000;

interface Outcome {
    status: 'COMPLETED' | 'COMPLETED_WITH_WARNING' | 'FAILED';
    code?: 'ErrInvalidRequest' | 'WarnTruncatedExport';
    message?: string;
    nextDate?: string;
}

interface Operation {
    id: string;
    type: (typeof operationTypes)[number];
    createdAt: number;
    finishAt: number;
    outcome: Outcome;
    csv: string;
}

export class Operations {
    private readonly ops = new Map<string, Operation>();

    constructor(private readonly ctx: SandboxContext) {}

    create(rawBody: string): SandboxResponse {
        let body: unknown;
        try {
            body = JSON.parse(rawBody);
        } catch {
            throw badRequest('Request body must be valid JSON');
        }
        const errors: string[] = [];
        const record = (body !== null && typeof body === 'object' ? body : {}) as Record<
            string,
            unknown
        >;
        const type = record['type'];
        if (typeof type !== 'string' || !(operationTypes as readonly string[]).includes(type)) {
            errors.push(`type must be one of the following values: ${operationTypes.join(', ')}`);
        }
        const options = record['options'];
        if (options === null || typeof options !== 'object' || Array.isArray(options)) {
            errors.push('options should not be null or undefined');
        } else {
            const o = options as Record<string, unknown>;
            if (!Array.isArray(o['includeChains']))
                errors.push('options.includeChains must be an array');
            if (type === evmType && !Array.isArray(o['addresses']))
                errors.push('options.addresses must be an array');
            if (type !== evmType && Array.isArray(o['includeChains'])) {
                for (const c of o['includeChains'] as unknown[]) {
                    if (typeof c !== 'string' || !primaryBlockchainIds.includes(c)) {
                        errors.push(
                            `options.includeChains must be one of the following values: ${primaryBlockchainIds.join(', ')}`,
                        );
                        break;
                    }
                }
            }
        }
        for (const key of ['firstDate', 'lastDate', 'startDate', 'endDate']) {
            if (record[key] !== undefined && typeof record[key] !== 'string')
                errors.push(`${key} must be a string`);
        }
        if (errors.length > 0) throw badRequest(errors);
        const now = Date.now();
        const op: Operation = {
            id: randomUUID(),
            type: type as Operation['type'],
            createdAt: now,
            finishAt: now + this.ctx.settings.exportDelayMs,
            outcome: { status: 'FAILED' },
            csv: '',
        };
        this.plan(op, record, options as Record<string, unknown>);
        this.ops.set(op.id, op);
        return { ...json(201, this.view(op, now)), cacheable: false };
    }

    get(id: string): SandboxResponse {
        const op = this.ops.get(id);
        if (!op) throw notFound(`Operation ${id} not found`);
        return { ...json(200, this.view(op, Date.now())), cacheable: false };
    }

    /**
     * The control route's hold: the operation reads RUNNING until `finish` (its planned outcome
     * and CSV are kept for then). False when there is no such operation.
     */
    hold(id: string): boolean {
        const op = this.ops.get(id);
        if (!op) return false;
        op.finishAt = Number.POSITIVE_INFINITY;
        return true;
    }

    /**
     * Ends an operation now: `COMPLETED` with its planned CSV (a planned failure stays one), or
     * `FAILED` with the error the Data API reports for a job it could not run.
     */
    finish(id: string, status: 'COMPLETED' | 'FAILED', message?: string): boolean {
        const op = this.ops.get(id);
        if (!op) return false;
        op.finishAt = Math.max(op.createdAt, Date.now());
        if (status === 'FAILED') {
            op.outcome = {
                status: 'FAILED',
                code: 'ErrInvalidRequest',
                message: message ?? 'The export could not be completed',
            };
            op.csv = '';
        }
        return true;
    }

    csv(id: string): SandboxResponse | undefined {
        const op = this.ops.get(id);
        if (!op || op.outcome.status === 'FAILED' || Date.now() < op.finishAt) return undefined;
        return {
            status: 200,
            body: op.csv,
            contentType: 'text/csv; charset=utf-8',
            cacheable: false,
        };
    }

    private view(op: Operation, now: number): Record<string, unknown> {
        const done = now >= op.finishAt;
        const out: Record<string, unknown> = {
            operationId: op.id,
            operationType: op.type,
            operationStatus: done ? op.outcome.status : 'RUNNING',
        };
        if (done) {
            if (op.outcome.message !== undefined) out['message'] = op.outcome.message;
            const metadata: Record<string, unknown> = {};
            if (op.outcome.code !== undefined) metadata['code'] = op.outcome.code;
            if (op.outcome.status !== 'FAILED') {
                metadata['downloadUrl'] =
                    `${this.ctx.urls.dataApiUrl}/__sandbox/exports/${op.id}.csv`;
            }
            if (op.outcome.nextDate !== undefined) metadata['nextDate'] = op.outcome.nextDate;
            out['metadata'] = metadata;
        }
        out['createdAtTimestamp'] = op.createdAt;
        out['updatedAtTimestamp'] = done ? op.finishAt : op.createdAt;
        return out;
    }

    /** Decides the final outcome now, so the CSV reflects the data at request time. */
    private plan(
        op: Operation,
        record: Record<string, unknown>,
        options: Record<string, unknown>,
    ): void {
        const fail = (message: string): void => {
            op.outcome = { status: 'FAILED', code: 'ErrInvalidRequest', message };
        };
        const first = (record['firstDate'] ?? record['startDate']) as string | undefined;
        const last = (record['lastDate'] ?? record['endDate']) as string | undefined;
        const firstMs = first === undefined ? Date.UTC(2020, 8, 23) : parseDate(first);
        const lastMs = last === undefined ? Date.UTC(2026, 0, 1) : parseDate(last);
        if (firstMs === undefined || lastMs === undefined)
            return fail('Dates must have the format YYYY-MM-DD');
        if (lastMs < firstMs) return fail('lastDate must not be before firstDate');
        const includeChains = options['includeChains'] as unknown[];
        if (includeChains.length === 0) return fail('includeChains must not be empty');
        let endMs = lastMs;
        let truncated: string | undefined;
        if ((lastMs - firstMs) / dayMs > maxRangeDays) {
            endMs = firstMs + maxRangeDays * dayMs;
            truncated = formatDate(endMs + dayMs);
        }
        const fromTs = Math.floor(firstMs / 1000);
        const toTs = Math.floor((endMs + dayMs) / 1000);
        if (op.type === evmType) {
            const addresses = options['addresses'] as unknown[];
            if (addresses.length === 0) return fail('addresses must not be empty');
            for (const a of addresses)
                if (typeof a !== 'string' || !isEvmAddress(a))
                    return fail(`Invalid address: ${String(a)}`);
            const rows = [
                'chainId,txHash,blockNumber,blockTimestamp,from,to,value,gasUsed,gasPrice,txStatus',
            ];
            for (const c of includeChains) {
                const entry =
                    typeof c === 'string'
                        ? (this.ctx.dataset('mainnet').chainById(c) ??
                          this.ctx.dataset('fuji').chainById(c))
                        : undefined;
                if (!entry) return fail(`Unsupported chain: ${String(c)}`);
                const chain = entry.chain;
                for (const a of addresses as string[]) {
                    const account = chain.accountOf(a);
                    const idx = account === undefined ? undefined : chain.addressIndex(account);
                    for (const t of idx?.txs ?? []) {
                        const tx = chain.txs[t]!;
                        const ts = chain.blocks[tx.block]!.timestamp;
                        if (ts < fromTs || ts >= toTs) continue;
                        rows.push(
                            [
                                entry.evmChainId,
                                tx.hash,
                                tx.block,
                                ts,
                                chain.accounts[tx.from]!.address,
                                chain.accounts[tx.to]?.address ?? '',
                                chain.wei(tx.value),
                                tx.gasUsed,
                                chain.wei(tx.gasPrice),
                                tx.status,
                            ].join(','),
                        );
                    }
                }
            }
            op.csv = `${rows.join('\n')}\n`;
        } else {
            const addresses = (options['addresses'] ?? []) as unknown[];
            const network = networkOfChains(includeChains as string[]);
            if (network === undefined) return fail('includeChains mixes mainnet and fuji chains');
            const data = this.ctx.dataset(network);
            const hrp = data.primary.hrp;
            const bare: string[] = [];
            for (const a of addresses) {
                const text = typeof a === 'string' ? a : '';
                const parsed = parseChainAddress(text);
                if (!parsed || parsed.hrp !== hrp) return fail(`Invalid address: ${String(a)}`);
                bare.push(text.includes('-') ? text.slice(text.indexOf('-') + 1) : text);
            }
            if (bare.length === 0 && !Array.isArray(options['cChainEvmAddresses']))
                return fail('addresses must not be empty');
            const rows = ['chain,txHash,timestamp,type,address,assetId,amount'];
            const chains = new Set((includeChains as string[]).map((c) => chainLetter(c)));
            if (chains.has('P')) {
                for (const a of bare) {
                    for (const u of data.primary.pUtxos.get(a) ?? []) {
                        if (u.blockTimestamp < fromTs || u.blockTimestamp >= toTs) continue;
                        if (
                            op.type === 'TRANSACTION_EXPORT_PRIMARY_NETWORK_STAKING' &&
                            u.utxoType !== 'STAKE'
                        )
                            continue;
                        rows.push(
                            [
                                'P',
                                u.txHash,
                                u.blockTimestamp,
                                u.utxoType,
                                a,
                                data.primary.avaxAssetId,
                                u.amount,
                            ].join(','),
                        );
                    }
                }
            }
            if (chains.has('X')) {
                for (const tx of data.primary.xTxs) {
                    if (tx.timestamp < fromTs || tx.timestamp >= toTs) continue;
                    for (const u of tx.emitted) {
                        if (bare.includes(u.addresses[0]!))
                            rows.push(
                                [
                                    'X',
                                    tx.txHash,
                                    tx.timestamp,
                                    tx.txType,
                                    u.addresses[0],
                                    u.assetId,
                                    u.amount,
                                ].join(','),
                            );
                    }
                }
            }
            op.csv = `${rows.join('\n')}\n`;
        }
        op.outcome =
            truncated === undefined
                ? { status: 'COMPLETED' }
                : {
                      status: 'COMPLETED_WITH_WARNING',
                      code: 'WarnTruncatedExport',
                      nextDate: truncated,
                  };
    }
}

function parseDate(text: string): number | undefined {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!m) return undefined;
    const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    return formatDate(ms) === text ? ms : undefined;
}

function formatDate(ms: number): string {
    return new Date(ms).toISOString().slice(0, 10);
}

function chainLetter(c: string): 'P' | 'X' | 'C' {
    if (c === 'p-chain' || c === wellKnown.pChainId) return 'P';
    if (c === 'x-chain' || c === wellKnown.mainnet.xChainId || c === wellKnown.fuji.xChainId)
        return 'X';
    return 'C';
}

function networkOfChains(chains: readonly string[]): SandboxNetwork | undefined {
    const fuji = chains.some(
        (c) => c === wellKnown.fuji.xChainId || c === wellKnown.fuji.cChainBlockchainId,
    );
    const mainnet = chains.some(
        (c) => c === wellKnown.mainnet.xChainId || c === wellKnown.mainnet.cChainBlockchainId,
    );
    if (fuji && mainnet) return undefined;
    return fuji ? 'fuji' : 'mainnet';
}
