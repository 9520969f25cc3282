/**
 * The Metrics API route the product uses: token holders above a threshold over a time frame
 * (`GET /v2/chains/{chainId}/contracts/{address}/balances`), computed from ERC-20 balance histories.
 */
import type { SandboxContext } from './context';
import { isEvmAddress } from './ids';
import { answerErrors, notFound, pagedJson, QueryReader, type SandboxResponse } from './httpUtil';

const pattern = /^\/v2\/chains\/([^/]+)\/contracts\/([^/]+)\/balances\/?$/;

export class MetricsApi {
    constructor(private readonly ctx: SandboxContext) {}

    match(
        method: string,
        pathname: string,
    ): { operationId: string; run(query: URLSearchParams): SandboxResponse } | undefined {
        if (method !== 'GET') return undefined;
        const m = pattern.exec(pathname);
        if (!m) return undefined;
        return {
            operationId: 'getAddressesByBalanceOverTime',
            run: (query) =>
                answerErrors(() =>
                    this.holders(
                        decodeURIComponent(m[1]!),
                        decodeURIComponent(m[2]!),
                        new QueryReader(query),
                    ),
                ),
        };
    }

    private holders(chainId: string, address: string, q: QueryReader): SandboxResponse {
        const threshold = q.string('threshold');
        if (threshold === undefined || threshold === '')
            q.errors.push('threshold should not be empty', 'threshold must be a number string');
        else if (!/^\d+$/.test(threshold)) q.errors.push('threshold must be a number string');
        if (!isEvmAddress(address)) q.errors.push('address must be an Ethereum address');
        if (!/^\d+$/.test(chainId)) q.errors.push('chainId must be a number string');
        const start = q.int('startTimestamp', 0, undefined, 0);
        const end = q.int('endTimestamp', 0, undefined, Number.MAX_SAFE_INTEGER);
        const paging = q.paging('getAddressesByBalanceOverTime', 1, 5000, 1000);
        q.done();
        const entry =
            this.ctx.dataset('mainnet').chainById(chainId) ??
            this.ctx.dataset('fuji').chainById(chainId);
        if (!entry) throw notFound(`Chain ${chainId} not found`);
        const chain = entry.chain;
        const token = chain.accountOf(address);
        if (token === undefined || chain.accounts[token]!.token?.kind !== 'erc20')
            throw notFound(`ERC-20 contract ${address} not found on chain ${chainId}`);
        const min = BigInt(threshold!);
        // Balance histories are per block; map the time frame onto block numbers.
        const blocks = chain.blocks;
        const startBlock = blocks.findIndex((b) => b.timestamp >= start);
        let endBlock = blocks.length - 1;
        while (endBlock >= 0 && blocks[endBlock]!.timestamp > end) endBlock--;
        const rows: { address: string; sortKey: string }[] = [];
        if (startBlock >= 0 && endBlock >= startBlock) {
            for (const { account, deltas } of chain.erc20Holders(token)) {
                let balance = 0;
                let peak = -1;
                for (let i = 0; i < deltas.length; i += 2) {
                    const b = deltas[i]!;
                    if (b > endBlock) break;
                    balance += deltas[i + 1]!;
                    if (b >= startBlock) peak = Math.max(peak, balance);
                }
                peak = Math.max(peak, chain.erc20Balance(token, account, startBlock));
                if (BigInt(chain.units(peak, token)) > min || (peak > 0 && min === 0n)) {
                    rows.push({
                        address: chain.accounts[account]!.address,
                        sortKey: chain.units(balance, token),
                    });
                }
            }
        }
        rows.sort((a, b) =>
            BigInt(b.sortKey) > BigInt(a.sortKey)
                ? 1
                : BigInt(b.sortKey) < BigInt(a.sortKey)
                  ? -1
                  : 0,
        );
        return pagedJson(
            paging,
            rows.length,
            (i) => rows[i]!,
            (items) => ({ addresses: items }),
        );
    }
}
