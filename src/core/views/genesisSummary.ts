/**
 * A readable summary of a blockchain's genesis as the Data API returns it with each subnet (4.6):
 * how many accounts the genesis funds and with how much, the fee config, and which permission
 * precompiles are configured with which admins. Pure: computed when a blockchain row is expanded.
 */
import type { Blockchain } from '../dataApi/model';
import { formatWei } from '../format';
import {
    type ConfigRow,
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
          readonly chainId?: number;
          readonly allocations: GenesisAllocations;
          readonly feeConfig: readonly ConfigRow[];
          readonly allowFeeRecipients?: boolean;
          readonly gasLimit?: string;
          readonly precompiles: readonly GenesisPrecompile[];
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

/** Summarises `blockchain.genesisData`; never throws on odd shapes. */
export function summarizeGenesis(genesis: Blockchain['genesisData']): GenesisSummary {
    if (genesis === undefined || genesis === null) return { kind: 'none' };
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
    const config = (genesis.config ?? {}) as Record<string, unknown>;
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
            settings.push({ key: name, label: name, value: String(setting) });
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
    const gasLimit = readBigInt(genesis.gasLimit);
    const chainId = config['chainId'];
    const allowFeeRecipients = config['allowFeeRecipients'];
    return {
        kind: 'evm',
        ...(typeof chainId === 'number' ? { chainId } : {}),
        allocations: { count, withCode, totalWei: total.toString(), unreadable },
        feeConfig:
            config['feeConfig'] && typeof config['feeConfig'] === 'object'
                ? feeConfigRows(config['feeConfig'])
                : [],
        ...(typeof allowFeeRecipients === 'boolean' ? { allowFeeRecipients } : {}),
        ...(gasLimit === undefined ? {} : { gasLimit: gasLimit.toString() }),
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
