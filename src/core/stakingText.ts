/**
 * Staking words shared by the views, hovers and agent text: shares in millionths, cycle and
 * staking durations, an auto-renewed validator's settings (ACP-236) and an owner. Pure and
 * dependency-free (but for the inert-text rule and the number format), so that the offline hover
 * bundle may use it.
 */
import { type Audience, formatNumber } from './format';
import { inertLine } from './text/inert';

const hour = 3600;

/** A duration in whole hours or days, for the rules' lines: `48 h`, `14 days`. */
export function formatStakeDuration(seconds: number): string {
    if (seconds % (24 * hour) === 0 && seconds >= 3 * 24 * hour) return `${seconds / 86_400} days`;
    if (seconds % hour === 0) return `${seconds / hour} h`;
    return `${Math.round(seconds / 60)} min`;
}

/**
 * Millionths (ACP-236's shares, the delegation fee) as a percent: `125000` → `12.5%` (`12,5%` for
 * a person in de-DE; an agent's plain digits).
 */
export function formatShares(millionths: number, audience: Audience = 'person'): string {
    return `${formatNumber(millionths / 10_000, 4, audience)}%`;
}

/** A cycle length in seconds (decimal), in words: `14 days`, `48 h`, `90 s`. */
export function formatPeriod(seconds: string): string {
    if (!/^\d{1,15}$/.test(seconds)) return `${seconds} s`;
    const n = Number(seconds);
    if (n === 0) return '0 s';
    if (n % 86_400 === 0) return `${n / 86_400} day${n === 86_400 ? '' : 's'}`;
    if (n % hour === 0) return `${n / hour} h`;
    if (n % 60 === 0) return `${n / 60} min`;
    return `${n} s`;
}

/**
 * An auto-renewed validator's settings (ACP-236) in one line: `renews every 14 days · 50% of
 * rewards restaked`, or `leaves at the end of this cycle` when the next period is 0.
 */
export function describeAutoRenew(
    config: {
        readonly nextPeriodSeconds: string;
        readonly autoCompoundRewardShares: number;
    },
    audience: Audience = 'person',
): string {
    const renew =
        config.nextPeriodSeconds === '0'
            ? 'leaves at the end of this cycle'
            : `renews every ${formatPeriod(config.nextPeriodSeconds)}`;
    return `${renew} · ${formatShares(config.autoCompoundRewardShares, audience)} of rewards restaked`;
}

/** An owner (authority, rewards owner) in one line: `1 of P-…, P-…` (the addresses as sent). */
export function describeOwner(owner: {
    readonly threshold: number;
    readonly addresses: readonly string[];
}): string {
    if (owner.addresses.length === 0) return 'no one';
    // The node's strings: an address is checked by no schema, so it is made one inert line here,
    // for every surface that names an owner (tooltips, hovers, panels, agent text).
    return `${owner.threshold} of ${owner.addresses.map((a) => inertLine(a, 120)).join(', ')}`;
}
