/**
 * Readable rows for Subnet-EVM configuration, shared by the genesis summary (Data API's
 * `listSubnets`) and the live chain configuration (node API: eth_getChainConfig, eth_feeConfig,
 * eth_getActiveRulesAt). Pure and zod-free: trees import it directly.
 */
import { formatAmount, formatInteger } from '../format';

/** A label and a display value; `copy` is the exact value when it differs from `value`. */
export interface ConfigRow {
    readonly key: string;
    readonly label: string;
    readonly value: string;
}

/** The fee config fields in the order Subnet-EVM documents them, with labels and units. */
const feeFields: readonly { key: string; label: string; format: (v: string) => string }[] = [
    { key: 'gasLimit', label: 'Gas limit', format: formatInteger },
    { key: 'targetBlockRate', label: 'Target block rate', format: (v) => `${v} s` },
    { key: 'minBaseFee', label: 'Minimum base fee', format: formatGwei },
    { key: 'targetGas', label: 'Target gas (10 s window)', format: formatInteger },
    { key: 'baseFeeChangeDenominator', label: 'Base fee change denominator', format: (v) => v },
    { key: 'minBlockGasCost', label: 'Minimum block gas cost', format: formatInteger },
    { key: 'maxBlockGasCost', label: 'Maximum block gas cost', format: formatInteger },
    { key: 'blockGasCostStep', label: 'Block gas cost step', format: formatInteger },
];

/** Any value as display text: primitives as themselves, objects as JSON. */
export function displayText(value: unknown): string {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
        return String(value);
    }
    if (value === undefined || value === null) return '';
    try {
        return JSON.stringify(value, (_k, v: unknown) =>
            typeof v === 'bigint' ? v.toString() : v,
        );
    } catch {
        return Object.prototype.toString.call(value);
    }
}

/** Wei as gwei with the exact wei in parentheses: `25 gwei (25,000,000,000 wei)`. */
export function formatGwei(wei: string): string {
    return `${formatAmount(wei, 9, 'gwei')} (${formatInteger(wei)} wei)`;
}

/**
 * Rows of a fee config, known fields first in documented order, then any other numeric or text
 * field as sent (a newer Subnet-EVM may add some).
 */
export function feeConfigRows(feeConfig: object): ConfigRow[] {
    const record = feeConfig as Record<string, unknown>;
    const rows: ConfigRow[] = [];
    for (const field of feeFields) {
        const raw = record[field.key];
        if (raw === undefined || raw === null) continue;
        rows.push({ key: field.key, label: field.label, value: field.format(displayText(raw)) });
    }
    for (const [key, raw] of Object.entries(record)) {
        if (feeFields.some((f) => f.key === key) || raw === undefined || raw === null) continue;
        if (typeof raw === 'object') continue;
        rows.push({ key, label: key, value: displayText(raw) });
    }
    return rows;
}

/** Names people use for the allow-list style precompiles, keyed by their config key. */
const permissionPrecompiles: Readonly<Record<string, string>> = {
    txAllowListConfig: 'Transaction allow list',
    contractDeployerAllowListConfig: 'Contract deployer allow list',
    contractNativeMinterConfig: 'Native minter',
    feeManagerConfig: 'Fee manager',
    rewardManagerConfig: 'Reward manager',
};

const otherPrecompiles: Readonly<Record<string, string>> = {
    warpConfig: 'Warp messaging',
};

/** A readable name for a precompile config key (`feeManagerConfig` → `Fee manager`). */
export function precompileLabel(key: string): string {
    return (
        permissionPrecompiles[key] ??
        otherPrecompiles[key] ??
        splitWords(key.replace(/Config$/, ''))
    );
}

/** True for the allow-list precompiles (admins, managers, enabled addresses). */
export function isPermissionPrecompile(key: string): boolean {
    return key in permissionPrecompiles;
}

/**
 * `apricotPhase4` → `Apricot Phase 4`, `IsSubnetEVM` → `Is Subnet EVM`, `eip150Block` →
 * `EIP150 Block`: camelCase keys as words for labels.
 */
export function splitWords(key: string): string {
    const words = key.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [key];
    const out: string[] = [];
    for (const word of words) {
        const previous = out[out.length - 1];
        // EIP numbers stay glued to their prefix: `eip150Block` is `EIP150 Block`.
        if (/^\d+$/.test(word) && previous === 'EIP') out[out.length - 1] = `EIP${word}`;
        else out.push(/^eip$/i.test(word) ? 'EIP' : word);
    }
    const text = out.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A rule key as sent (`IsDurango`) without the `Is` prefix, for a row label (`Durango`). */
export function ruleLabel(key: string): string {
    const bare = key.startsWith('Is') && key.length > 2 ? key.slice(2) : key;
    return splitWords(bare);
}
