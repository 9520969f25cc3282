/** A primary-network address (`P-avax1…`, `X-…`, `C-…` or bare `avax1…`): its UTXO balances. */
import type { PnAddressIdentifier } from '../../identifiers';
import type {
    CalmError,
    HoverAssetBalance,
    HoverUtxoSummary,
    LiveResult,
    PnAddressLive,
} from '../types';
import { type Lookup, outcomeOf } from './lookup';

/** UTXO balances of a P-/X-/C-Chain address (both P and X for a bare `avax1…`). */
export async function resolvePnAddress(
    lookup: Lookup,
    id: PnAddressIdentifier,
): Promise<LiveResult> {
    const network = id.network;
    if (network !== 'mainnet' && network !== 'fuji') {
        return {
            kind: 'unsupported',
            reason: `The Data API serves mainnet and Fuji addresses; this one's HRP is "${id.hrp}".`,
            notes: [],
        };
    }
    const bare = id.chain === undefined ? id.value : id.value.slice(2);
    const chains: ('P' | 'X' | 'C')[] = id.chain ? [id.chain] : ['P', 'X'];
    const api = await lookup.clients.dataApi();
    const outcomes = await Promise.all(
        chains.map((chain) =>
            outcomeOf(
                api.getUtxosByAddressesV2(
                    {
                        network,
                        blockchainId: `${chain.toLowerCase()}-chain`,
                        addresses: [`${chain}-${bare}`],
                        pageSize: 1024,
                    },
                    { signal: lookup.signal },
                ),
            ),
        ),
    );
    lookup.rejectIfNothingRead(outcomes);
    const notes: CalmError[] = [];
    const summaries: HoverUtxoSummary[] = [];
    outcomes.forEach((outcome, i) => {
        const chain = chains[i]!;
        if (!outcome.ok) {
            notes.push(lookup.note(outcome.error, 'Data API', `${chain}-Chain UTXOs`));
            return;
        }
        const byAsset = new Map<string, { b: HoverAssetBalance; amount: bigint; staked: bigint }>();
        for (const utxo of outcome.value.items) {
            const a = utxo.asset;
            let row = byAsset.get(a.assetId);
            if (!row) {
                row = { b: { ...a, amount: '0', staked: '0' }, amount: 0n, staked: 0n };
                byAsset.set(a.assetId, row);
            }
            const amount = toBigInt(a.amount);
            row.amount += amount;
            const stakedFlag = 'staked' in utxo && utxo.staked === true;
            if (stakedFlag || utxo.utxoType === 'STAKE') row.staked += amount;
        }
        summaries.push({
            chain,
            utxoCount: outcome.value.items.length,
            more: outcome.value.nextPageToken !== undefined,
            balances: [...byAsset.values()]
                .sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1))
                .map((r) => ({
                    assetId: r.b.assetId,
                    name: r.b.name,
                    symbol: r.b.symbol,
                    denomination: r.b.denomination,
                    amount: r.amount.toString(),
                    staked: r.staked.toString(),
                })),
        });
    });
    const live: PnAddressLive = {
        kind: 'pnAddress',
        address: id.chain ? id.value : bare,
        network,
        chains: summaries,
        notes,
    };
    return live;
}

function toBigInt(text: string): bigint {
    return /^\d+$/.test(text) ? BigInt(text) : 0n;
}
