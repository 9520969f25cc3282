/**
 * The primary network's validators as the node's P-Chain lists them (`platform.getCurrentValidators`
 * without a subnet), for the Validators view: auto-renewed ones (ACP-236, since Helicon) first,
 * each with its renewal settings by name, so that an operator finds theirs without reading JSON.
 */
import { formatNAvax } from '../format';
import type { AutoRenewedValidatorConfig, PlatformValidator } from '../nodeRpc/primarySchemas';
import { describeOwner, formatPeriod, formatShares } from '../stakingText';

/** Restaked sums to the nAVAX: integrators book them (pull 5983's reason for sending them). */
const exact = { maxFractionDigits: 9 } as const;

/** One named setting of an auto-renewed validator, as a tooltip or panel row shows it. */
export interface AutoRenewField {
    readonly label: string;
    readonly value: string;
}

/**
 * An auto-renewed validator's settings by name: who may change them, the next cycle, the share of
 * rewards restaked, and (AvalancheGo v1.15.2 on) the rewards restaked so far; the last two are
 * left out when the node does not send them, never shown as zero.
 */
export function autoRenewFields(config: AutoRenewedValidatorConfig): AutoRenewField[] {
    const fields: AutoRenewField[] = [
        { label: 'Authority', value: describeOwner(config.validatorAuthority) },
        {
            label: 'Next cycle',
            value:
                config.nextPeriodSeconds === '0'
                    ? 'none: leaves at the end of this cycle'
                    : formatPeriod(config.nextPeriodSeconds),
        },
        {
            label: 'Compounding share',
            value: `${formatShares(config.autoCompoundRewardShares)} of each cycle's rewards restaked`,
        },
    ];
    if (config.restakedValidationRewards !== undefined) {
        fields.push({
            label: 'Restaked validation rewards',
            value: formatNAvax(config.restakedValidationRewards, exact),
        });
    }
    if (config.restakedDelegateeRewards !== undefined) {
        fields.push({
            label: 'Restaked delegatee rewards',
            value: formatNAvax(config.restakedDelegateeRewards, exact),
        });
    }
    return fields;
}

/** A short form of the settings for a row's description: `auto-renews every 14 days · 50% restaked`. */
export function autoRenewSummary(config: AutoRenewedValidatorConfig): string {
    const next =
        config.nextPeriodSeconds === '0'
            ? 'auto-renewed, leaves after this cycle'
            : `auto-renews every ${formatPeriod(config.nextPeriodSeconds)}`;
    return `${next} · ${formatShares(config.autoCompoundRewardShares)} restaked`;
}

function weightOf(v: PlatformValidator): bigint {
    return /^\d{1,30}$/.test(v.weight) ? BigInt(v.weight) : 0n;
}

/**
 * The primary network's stakers in the order the view lists them: auto-renewed first, then by
 * weight, heaviest first; the node id breaks ties so that a refresh keeps rows in place. L1
 * entries (which a node never sends without a subnet) are left out.
 */
export function orderPrimaryValidators(
    validators: readonly PlatformValidator[],
): PlatformValidator[] {
    return validators
        .filter((v) => v.kind === 'staker')
        .sort((a, b) => {
            const renewed = Number(!!b.autoRenewed) - Number(!!a.autoRenewed);
            if (renewed !== 0) return renewed;
            const wa = weightOf(a);
            const wb = weightOf(b);
            if (wa !== wb) return wa > wb ? -1 : 1;
            return a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0;
        });
}
