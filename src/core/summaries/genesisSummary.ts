/**
 * A readable summary of a blockchain's genesis as the Data API returns it with each subnet
 * (`listSubnets`): how many accounts the genesis funds and with how much, the fee config, and which
 * permission precompiles are configured with which admins. Pure and zod-free.
 *
 * Two steps, because a tree may hold ten thousand subnets: `digestGenesis` keeps what the summary
 * needs (the config, the gas limit, allocation totals) and drops the rest (account code and
 * storage, hashes), so the raw genesis can be let go when a page arrives; `summarizeDigest` builds
 * the rows' content when a blockchain is expanded.
 */
import type { Blockchain, Subnet } from '../dataApi/model';
import type { EvmGenesisWire } from '../dataApi/schemas';
import { formatWei } from '../format';
import {
    type ConfigRow,
    displayText,
    feeConfigRows,
    isPermissionPrecompile,
    precompileLabel,
} from './evmConfig';

/** One precompile configured in the genesis. */
export interface GenesisPrecompile {
    /** Config key, for example `feeManagerConfig`. */
    readonly key: string;
    readonly label: string;
    /** True for the allow-list precompiles (admin, manager and enabled roles). */
    readonly permission: boolean;
    /** Unix seconds from which the precompile is active. */
    readonly blockTimestamp?: number;
    readonly adminAddresses: readonly string[];
    readonly managerAddresses: readonly string[];
    readonly enabledAddresses: readonly string[];
    /** Precompile-specific settings (for example Warp's quorum), as rows. */
    readonly settings: readonly ConfigRow[];
}

export interface GenesisAllocations {
    /** Accounts in `alloc`. */
    readonly count: number;
    /** Accounts with contract code. */
    readonly withCode: number;
    /** Sum of the balances in wei, exact (a decimal string). */
    readonly totalWei: string;
    /** Balances that were not hex or decimal integers (left out of the total). */
    readonly unreadable: number;
}

export type GenesisSummary =
    | { readonly kind: 'none' }
    /** A non-EVM VM: the Data API sends the genesis as an opaque string. */
    | { readonly kind: 'opaque'; readonly length: number }
    | {
          readonly kind: 'evm';
          /** A number, or the exact decimal string of one past 2^53. */
          readonly chainId?: number | string;
          readonly allocations: GenesisAllocations;
          readonly feeConfig: readonly ConfigRow[];
          readonly allowFeeRecipients?: boolean;
          readonly gasLimit?: string;
          readonly precompiles: readonly GenesisPrecompile[];
      };

/** What a genesis summary needs, without the bulk of the raw genesis. */
export type GenesisDigest =
    | {
          readonly kind: 'evm';
          readonly config?: NonNullable<EvmGenesisWire['config']>;
          readonly gasLimit?: string;
          readonly allocations: GenesisAllocations;
      }
    | { readonly kind: 'opaque'; readonly length: number };

/** A blockchain as trees keep it: the genesis reduced to its digest. */
export type CompactBlockchain = Omit<Blockchain, 'genesisData'> & {
    readonly genesis?: GenesisDigest;
};
/** A subnet as trees keep it (see {@link compactSubnet}). */
export type CompactSubnet = Omit<Subnet, 'blockchains'> & {
    readonly blockchains: readonly CompactBlockchain[];
};

function readBigInt(raw: unknown): bigint | undefined {
    if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return BigInt(raw);
    if (typeof raw !== 'string') return undefined;
    const text = raw.trim();
    if (/^0x[0-9a-f]+$/i.test(text) || /^\d+$/.test(text)) return BigInt(text);
    return undefined;
}

function strings(value: unknown): string[] {
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Reduces a raw genesis to what the summary needs; never throws on odd shapes. */
export function digestGenesis(genesis: Blockchain['genesisData']): GenesisDigest | undefined {
    if (genesis === undefined || genesis === null) return undefined;
    if (typeof genesis === 'string') return { kind: 'opaque', length: genesis.length };
    let total = 0n;
    let count = 0;
    let withCode = 0;
    let unreadable = 0;
    for (const account of Object.values(genesis.alloc ?? {})) {
        count++;
        if (account.code !== undefined && account.code !== '' && account.code !== '0x') withCode++;
        if (account.balance === undefined) continue;
        const balance = readBigInt(account.balance);
        if (balance === undefined) unreadable++;
        else total += balance;
    }
    const gasLimit = readBigInt(genesis.gasLimit);
    return {
        kind: 'evm',
        ...(genesis.config ? { config: genesis.config } : {}),
        ...(gasLimit === undefined ? {} : { gasLimit: gasLimit.toString() }),
        allocations: { count, withCode, totalWei: total.toString(), unreadable },
    };
}

/** The subnet with each blockchain's genesis reduced to its digest (a fraction of the memory). */
export function compactSubnet(subnet: Subnet): CompactSubnet {
    return {
        ...subnet,
        blockchains: subnet.blockchains.map(({ genesisData, ...blockchain }) => {
            const genesis = digestGenesis(genesisData);
            return genesis === undefined ? blockchain : { ...blockchain, genesis };
        }),
    };
}

/** Summarises a raw genesis (`digestGenesis` then `summarizeDigest`). */
export function summarizeGenesis(genesis: Blockchain['genesisData']): GenesisSummary {
    return summarizeDigest(digestGenesis(genesis));
}

/** The summary rows' content of a digest. */
export function summarizeDigest(digest: GenesisDigest | undefined): GenesisSummary {
    if (digest === undefined) return { kind: 'none' };
    if (digest.kind === 'opaque') return digest;
    const config = (digest.config ?? {}) as Record<string, unknown>;
    const precompiles: GenesisPrecompile[] = [];
    for (const [key, value] of Object.entries(config)) {
        if (!key.endsWith('Config') || key === 'feeConfig') continue;
        if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
        const record = value as Record<string, unknown>;
        const settings: ConfigRow[] = [];
        for (const [name, setting] of Object.entries(record)) {
            if (/^(blockTimestamp|adminAddresses|managerAddresses|enabledAddresses)$/.test(name)) {
                continue;
            }
            if (setting === null || typeof setting === 'object') continue;
            settings.push({ key: name, label: name, value: displayText(setting) });
        }
        const timestamp = record['blockTimestamp'];
        precompiles.push({
            key,
            label: precompileLabel(key),
            permission: isPermissionPrecompile(key),
            ...(typeof timestamp === 'number' ? { blockTimestamp: timestamp } : {}),
            adminAddresses: strings(record['adminAddresses']),
            managerAddresses: strings(record['managerAddresses']),
            enabledAddresses: strings(record['enabledAddresses']),
            settings,
        });
    }
    precompiles.sort(
        (a, b) => Number(b.permission) - Number(a.permission) || a.label.localeCompare(b.label),
    );
    const chainId = config['chainId'];
    const allowFeeRecipients = config['allowFeeRecipients'];
    return {
        kind: 'evm',
        ...(typeof chainId === 'number' || typeof chainId === 'string' ? { chainId } : {}),
        allocations: digest.allocations,
        feeConfig:
            config['feeConfig'] && typeof config['feeConfig'] === 'object'
                ? feeConfigRows(config['feeConfig'])
                : [],
        ...(typeof allowFeeRecipients === 'boolean' ? { allowFeeRecipients } : {}),
        ...(digest.gasLimit === undefined ? {} : { gasLimit: digest.gasLimit }),
        precompiles,
    };
}

/** `2 accounts, 100,000,000 GAME (1 with code)`: the allocation line of a genesis summary. */
export function describeAllocations(allocations: GenesisAllocations, symbol = 'tokens'): string {
    const accounts = `${allocations.count} account${allocations.count === 1 ? '' : 's'}`;
    const code = allocations.withCode > 0 ? `, ${allocations.withCode} with code` : '';
    const odd = allocations.unreadable > 0 ? `, ${allocations.unreadable} unreadable` : '';
    return `${accounts}, ${formatWei(allocations.totalWei, symbol)}${code}${odd}`;
}
