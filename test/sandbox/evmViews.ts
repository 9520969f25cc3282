/**
 * Data API JSON shapes of EVM records (NativeTransaction, transfers, balances, NFT metadata…),
 * following data-api.openapi.json field for field.
 */
import type { EvmChainEntry } from './dataset';
import {
    avaxLogo,
    type EvmChain,
    type EvmTx,
    type Internal,
    type Transfer,
    zeroAddress,
} from './evmChain';
import { methodSelectors, methodSignatures } from './evmChain';
import { upgradeTimes } from './primaryNetwork';

export const currencies = [
    'usd',
    'eur',
    'aud',
    'cad',
    'chf',
    'clp',
    'cny',
    'czk',
    'dkk',
    'gbp',
    'hkd',
    'huf',
    'jpy',
    'nzd',
] as const;
export type Currency = (typeof currencies)[number];
const usdRates: Record<Currency, number> = {
    usd: 1,
    eur: 0.92,
    aud: 1.52,
    cad: 1.36,
    chf: 0.88,
    clp: 940,
    cny: 7.21,
    czk: 23.1,
    dkk: 6.87,
    gbp: 0.79,
    hkd: 7.8,
    huf: 361,
    jpy: 151.4,
    nzd: 1.65,
};

/**
 * A Price: `value` is a JSON number, as the real API sends it and the published OpenAPI types it
 * (`"value": 42.42` in its `getTransaction` example). One docs page shows a decimal string
 * ("42.42"); the client accepts that too, but the official SDK (`@avalanche-sdk/chainkit`)
 * refuses it, so the sandbox answers the way every client meets the real service.
 */
export function money(usd: number, currency: Currency): { currencyCode: Currency; value: number } {
    return {
        currencyCode: currency,
        value: Math.round(usd * usdRates[currency] * 1e6) / 1e6,
    };
}

/** Token amount (base units as a string) as a decimal number. */
function toDecimal(units: string, decimals: number): number {
    if (units.length <= decimals) return Number(`0.${units.padStart(decimals, '0')}`);
    return Number(
        `${units.slice(0, units.length - decimals)}.${units.slice(units.length - decimals)}`,
    );
}

export class EvmViews {
    readonly chain: EvmChain;

    constructor(readonly entry: EvmChainEntry) {
        this.chain = entry.chain;
    }

    rich(account: number): Record<string, unknown> {
        if (account < 0) return { address: zeroAddress };
        const a = this.chain.accounts[account]!;
        const t = a.token;
        if (!t) return { address: a.address };
        if (t.kind === 'erc20')
            return {
                name: t.name,
                symbol: t.symbol,
                decimals: t.decimals,
                logoUri: t.logoUri,
                address: a.address,
            };
        return { name: t.name, symbol: t.symbol, logoUri: t.logoUri, address: a.address };
    }

    private method(tx: EvmTx): Record<string, unknown> {
        if (tx.script?.signature !== undefined) {
            return {
                callType: 'CONTRACT_CALL',
                methodHash: tx.script.input.slice(0, 10),
                methodName: tx.script.signature,
            };
        }
        switch (tx.kind) {
            case 'transfer':
                return {
                    callType: 'NATIVE_TRANSFER',
                    methodHash: '',
                    methodName: 'Native Transfer',
                };
            case 'deploy':
                return {
                    callType: 'CONTRACT_CREATION',
                    methodHash: '',
                    methodName: 'Contract Creation',
                };
            case 'erc20':
                return this.call('transfer');
            case 'erc721':
                return this.call('nftTransfer');
            case 'erc1155':
                return this.call('multiTransfer');
            case 'swapIn':
                return this.call('swapIn');
            case 'swapOut':
                return this.call('swapOut');
            case 'teleporter':
                return this.call('teleporter');
            case 'factory':
                return this.call('factory');
            case 'fail':
                return this.call('fail');
            case 'call':
                throw new Error(`call ${tx.hash} has no script`);
        }
    }

    private call(name: keyof typeof methodSignatures): Record<string, unknown> {
        return {
            callType: 'CONTRACT_CALL',
            methodHash: methodSelectors[name],
            methodName: methodSignatures[name],
        };
    }

    private blockFields(blockNumber: number): Record<string, unknown> {
        const b = this.chain.blocks[blockNumber]!;
        const out: Record<string, unknown> = {
            blockNumber: String(b.number),
            blockTimestamp: b.timestamp,
        };
        if (b.timestamp >= upgradeTimes.granite)
            out['blockTimestampMilliseconds'] = b.timestamp * 1000 + ((b.number * 379) % 1000);
        return out;
    }

    nativeTransaction(tx: EvmTx, full: boolean): Record<string, unknown> {
        const b = this.chain.blocks[tx.block]!;
        const out: Record<string, unknown> = this.blockFields(tx.block);
        if (b.timestamp >= upgradeTimes.granite) out['blockMinDelayExcess'] = 7_477_290;
        Object.assign(out, {
            blockHash: b.hash,
            chainId: this.entry.evmChainId,
            blockIndex: tx.blockIndex,
            txHash: tx.hash,
            txStatus: String(tx.status),
            txType: tx.txType,
            gasLimit: String(tx.gasLimit),
            gasUsed: String(tx.gasUsed),
            gasPrice: this.chain.wei(tx.gasPrice),
            nonce: String(tx.nonce),
            from: this.rich(tx.from),
            to: this.rich(tx.to),
            method: this.method(tx),
            value: this.chain.wei(tx.value),
        });
        if (full) {
            out['input'] = this.chain.input(tx);
            out['baseFeePerGas'] = this.chain.wei(b.baseFee);
            if (tx.txType === 2) {
                out['maxFeePerGas'] = this.chain.wei(tx.maxFee);
                out['maxPriorityFeePerGas'] = this.chain.wei(tx.maxPriority);
            }
        }
        return out;
    }

    private price(token: number): number | undefined {
        return this.chain.accounts[token]!.token!.priceUsd;
    }

    erc20Token(token: number, currency: Currency = 'usd'): Record<string, unknown> {
        const a = this.chain.accounts[token]!;
        const t = a.token!;
        const out: Record<string, unknown> = {
            address: a.address,
            name: t.name,
            symbol: t.symbol,
            decimals: t.decimals,
            logoUri: t.logoUri,
            ercType: 'ERC-20',
        };
        const p = this.price(token);
        if (p !== undefined) out['price'] = money(p, currency);
        return out;
    }

    nftMetadata(token: number, tokenId: number): Record<string, unknown> {
        const t = this.chain.accounts[token]!.token!;
        if (tokenId % 5 === 0)
            return {
                indexStatus: 'UNREACHABLE_TOKEN_URI',
                metadataLastUpdatedTimestamp: this.entry.chain.spec.latestTimestamp - 86_400,
            };
        const base: Record<string, unknown> = {
            indexStatus: 'INDEXED',
            metadataLastUpdatedTimestamp: this.chain.spec.latestTimestamp - 3600 * tokenId,
            name: `${t.name} #${tokenId}`,
            symbol: t.symbol,
            imageUri: `https://nft.sandbox.invalid/${t.symbol.toLowerCase()}/${tokenId}.png`,
            description: `${t.name} item number ${tokenId}.`,
            externalUrl: `https://nft.sandbox.invalid/${t.symbol.toLowerCase()}/${tokenId}`,
            background: '#e84142',
        };
        if (t.kind === 'erc721')
            base['attributes'] = JSON.stringify([
                { trait_type: 'Rarity', value: tokenId % 3 === 0 ? 'Rare' : 'Common' },
            ]);
        else {
            base['decimals'] = 0;
            base['properties'] = JSON.stringify({ power: tokenId * 10 });
        }
        return base;
    }

    tokenUri(token: number, tokenId: number): string {
        return `ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/${this.chain.accounts[token]!.token!.symbol.toLowerCase()}/${tokenId}.json`;
    }

    erc721Token(token: number, tokenId: number): Record<string, unknown> {
        const a = this.chain.accounts[token]!;
        const t = a.token!;
        const owner = this.chain.ownerOf(token, tokenId);
        const out: Record<string, unknown> = {
            address: a.address,
            name: t.name,
            symbol: t.symbol,
            ercType: 'ERC-721',
            tokenId: String(tokenId),
            tokenUri: this.tokenUri(token, tokenId),
            metadata: this.nftMetadata(token, tokenId),
        };
        if (owner !== undefined) out['ownerAddress'] = this.chain.accounts[owner]!.address;
        return out;
    }

    erc1155Token(token: number, tokenId: number): Record<string, unknown> {
        return {
            address: this.chain.accounts[token]!.address,
            ercType: 'ERC-1155',
            tokenId: String(tokenId),
            tokenUri: this.tokenUri(token, tokenId),
            metadata: this.nftMetadata(token, tokenId),
        };
    }

    /** A transfer inside a bundle (no block fields), or a list item with them. */
    transfer(t: Transfer, withBlock: boolean): Record<string, unknown> {
        const tx = this.chain.txs[t.tx]!;
        const kind = this.chain.accounts[t.token]!.token!.kind;
        const out: Record<string, unknown> = withBlock
            ? {
                  ...this.blockFields(tx.block),
                  blockHash: this.chain.blocks[tx.block]!.hash,
                  txHash: tx.hash,
              }
            : {};
        out['from'] = this.rich(t.from);
        out['to'] = this.rich(t.to);
        out['logIndex'] = t.logIndex;
        if (kind === 'erc20') {
            out['value'] = this.chain.units(t.amount, t.token);
            out['erc20Token'] = this.erc20Token(t.token);
        } else if (kind === 'erc721') {
            out['erc721Token'] = this.erc721Token(t.token, t.tokenId);
        } else {
            out['value'] = String(t.amount);
            out['erc1155Token'] = this.erc1155Token(t.token, t.tokenId);
        }
        return out;
    }

    internal(i: Internal, withBlock: boolean): Record<string, unknown> {
        const tx = this.chain.txs[i.tx]!;
        const out: Record<string, unknown> = withBlock
            ? {
                  ...this.blockFields(tx.block),
                  blockHash: this.chain.blocks[tx.block]!.hash,
                  txHash: tx.hash,
              }
            : {};
        Object.assign(out, {
            from: this.rich(i.from),
            to: this.rich(i.to),
            internalTxType: i.type,
            value: this.chain.wei(i.value),
            isReverted: i.reverted,
            gasUsed: String(i.gasUsed),
            gasLimit: String(i.gasLimit),
        });
        return out;
    }

    /**
     * A transaction bundle. With `onlyFor`, transfer and internal lists keep only entries where
     * that account is sender or receiver (the address-transactions list, spec 4.2).
     */
    bundle(tx: EvmTx, onlyFor: number | undefined): Record<string, unknown> {
        const out: Record<string, unknown> = {};
        const keep = (from: number, to: number): boolean =>
            onlyFor === undefined || from === onlyFor || to === onlyFor;
        const erc20: unknown[] = [];
        const erc721: unknown[] = [];
        const erc1155: unknown[] = [];
        for (const t of tx.transfers) {
            if (!keep(t.from, t.to)) continue;
            const kind = this.chain.accounts[t.token]!.token!.kind;
            (kind === 'erc20' ? erc20 : kind === 'erc721' ? erc721 : erc1155).push(
                this.transfer(t, false),
            );
        }
        const internals = tx.internals
            .filter((i) => keep(i.from, i.to))
            .map((i) => this.internal(i, false));
        if (erc20.length > 0) out['erc20Transfers'] = erc20;
        if (erc721.length > 0) out['erc721Transfers'] = erc721;
        if (erc1155.length > 0) out['erc1155Transfers'] = erc1155;
        if (internals.length > 0) out['internalTransactions'] = internals;
        return out;
    }

    networkToken(): Record<string, unknown> {
        const spec = this.chain.spec;
        return {
            name: spec.nativeName,
            symbol: spec.nativeSymbol,
            decimals: 18,
            logoUri: spec.isCChain
                ? avaxLogo
                : `https://images.ctfassets.net/gcj8jwzm6086/${spec.nativeSymbol.toLowerCase()}/logo.png`,
            description: spec.isCChain
                ? 'AVAX is the native utility token of Avalanche.'
                : `Native token of ${spec.name}.`,
        };
    }

    /** GetTransactionResponse (spec 4.15). */
    fullTransaction(tx: EvmTx): Record<string, unknown> {
        const out: Record<string, unknown> = this.bundle(tx, undefined);
        const price = this.chain.spec.nativePriceUsd;
        const details: Record<string, unknown> = { networkToken: this.networkToken() };
        if (price !== undefined) {
            details['currentPrice'] = money(price, 'usd');
            details['historicalPrice'] = money(
                Math.round(price * (0.8 + (tx.block % 40) / 100) * 100) / 100,
                'usd',
            );
        }
        out['networkTokenDetails'] = details;
        out['nativeTransaction'] = this.nativeTransaction(tx, true);
        if (tx.teleporter) {
            const t = tx.teleporter;
            out['teleporterMessageInfo'] =
                t.direction === 'SOURCE_TRANSACTION'
                    ? {
                          teleporterMessageId: t.messageId,
                          direction: t.direction,
                          destinationChainId: t.peer,
                      }
                    : {
                          teleporterMessageId: t.messageId,
                          direction: t.direction,
                          sourceChainId: t.peer,
                      };
        }
        return out;
    }

    nativeBalance(
        account: number | undefined,
        block: number,
        currency: Currency,
    ): Record<string, unknown> {
        const spec = this.chain.spec;
        const gwei = account === undefined ? 0 : this.chain.nativeBalance(account, block);
        const out: Record<string, unknown> = {
            name: spec.nativeName,
            symbol: spec.nativeSymbol,
            decimals: 18,
            logoUri: this.networkToken()['logoUri'],
            chainId: this.entry.evmChainId,
        };
        const balance = this.chain.wei(gwei);
        if (spec.nativePriceUsd !== undefined) out['price'] = money(spec.nativePriceUsd, currency);
        out['balance'] = balance;
        if (spec.nativePriceUsd !== undefined)
            out['balanceValue'] = money(toDecimal(balance, 18) * spec.nativePriceUsd, currency);
        return out;
    }

    erc20Balance(token: number, amount: number, currency: Currency): Record<string, unknown> {
        const a = this.chain.accounts[token]!;
        const t = a.token!;
        const balance = this.chain.units(amount, token);
        const out: Record<string, unknown> = {
            address: a.address,
            name: t.name,
            symbol: t.symbol,
            decimals: t.decimals,
            logoUri: t.logoUri,
            ercType: 'ERC-20',
        };
        if (t.priceUsd !== undefined) out['price'] = money(t.priceUsd, currency);
        out['chainId'] = this.entry.evmChainId;
        out['balance'] = balance;
        if (t.priceUsd !== undefined)
            out['balanceValue'] = money(toDecimal(balance, t.decimals) * t.priceUsd, currency);
        out['tokenReputation'] = t.reputation;
        return out;
    }
}
