/**
 * How long an L1 validator's balance lasts. Every active L1 validator pays the same continuous fee
 * per second, priced by ACP-77 as `minPrice · e^(excess / excessConversionConstant)`
 * (https://github.com/avalanche-foundation/ACPs/tree/main/ACPs/77-reinventing-subnets#continuous-fee-mechanism);
 * the node reports the price now (`platform.getValidatorFeeState`) and the constants
 * (`platform.getValidatorFeeConfig`). The price moves while the balance is spent: the excess
 * grows by (validators − target) each second above the target and shrinks below it. So the
 * runway is given at today's price, with the two bounds the fee rules allow: the price rising as
 * fast as it can (every slot of the capacity taken) and falling as fast as it can (no validator
 * at all) down to its floor.
 */
import { formatFixed } from '../format';

/** The fee constants (`platform.getValidatorFeeConfig`), as decimal strings. */
export interface FeeConfigInput {
    readonly capacity: string;
    readonly target: string;
    readonly minPrice: string;
    readonly excessConversionConstant: string;
}

export interface Runway {
    /** Seconds the balance lasts if the price stays as it is now. */
    readonly atPriceSeconds: number;
    /** Seconds it lasts if the price rises as fast as ACP-77 lets it; absent without the constants. */
    readonly soonestSeconds?: number | undefined;
    /** Seconds it lasts if the price falls as fast as it can to its floor; absent without them. */
    readonly latestSeconds?: number | undefined;
}

/**
 * The runway of `balance` nAVAX at `price` nAVAX per second. Undefined when the price is not a
 * positive number (no fee is charged, so no runway can be said).
 */
export function validatorRunway(
    balance: string | bigint,
    price: string | bigint,
    config?: FeeConfigInput,
): Runway | undefined {
    const b = Number(balance);
    const p = Number(price);
    if (!Number.isFinite(b) || !Number.isFinite(p) || p <= 0 || b < 0) return undefined;
    const atPriceSeconds = b / p;
    if (!config) return { atPriceSeconds };
    const capacity = Number(config.capacity);
    const target = Number(config.target);
    const minPrice = Number(config.minPrice);
    const k = Number(config.excessConversionConstant);
    if (![capacity, target, minPrice, k].every((n) => Number.isFinite(n) && n >= 0) || k === 0) {
        return { atPriceSeconds };
    }
    // Price rising: excess grows by (capacity − target) per second, the price by e^(a·t).
    // ∫₀ᵗ p·e^(a·s) ds = B  ⇒  t = ln(1 + B·a / p) / a.
    const a = (capacity - target) / k;
    const soonestSeconds = a > 0 ? Math.log1p((b * a) / p) / a : atPriceSeconds;
    // Price falling: excess shrinks by `target` per second until the price reaches its floor.
    const c = target / k;
    let latestSeconds: number;
    if (c <= 0 || p <= minPrice) {
        // Already at its floor: the price cannot fall.
        latestSeconds = atPriceSeconds;
    } else if (minPrice <= 0) {
        // No floor: the most it can ever cost is what is spent until the price reaches zero.
        latestSeconds = b < p / c ? -Math.log1p(-(b * c) / p) / c : Infinity;
    } else {
        const spentUntilFloor = (p - minPrice) / c;
        if (b <= spentUntilFloor) {
            latestSeconds = -Math.log1p(-(b * c) / p) / c;
        } else {
            latestSeconds = Math.log(p / minPrice) / c + (b - spentUntilFloor) / minPrice;
        }
    }
    return { atPriceSeconds, soonestSeconds, latestSeconds };
}

/**
 * A duration in the largest units that say it: "2.4 days", "5 h 12 min", "45 s", the decimal
 * point the display locale's ("2,4 days" in de-DE).
 */
export function formatDuration(seconds: number): string {
    if (!Number.isFinite(seconds)) return 'indefinitely';
    const s = Math.max(0, seconds);
    if (s >= 2 * 86_400 * 365) return `${formatFixed(s / (86_400 * 365), 1)} years`;
    if (s >= 2 * 86_400) return `${formatFixed(s / 86_400, 1)} days`;
    if (s >= 3_600) {
        const h = Math.floor(s / 3_600);
        const m = Math.floor((s % 3_600) / 60);
        return m ? `${h} h ${m} min` : `${h} h`;
    }
    if (s >= 60) return `${Math.floor(s / 60)} min`;
    return `${Math.floor(s)} s`;
}

/** The runway in words, with its range when the constants gave one. */
export function describeRunway(runway: Runway): string {
    const now = formatDuration(runway.atPriceSeconds);
    if (runway.soonestSeconds === undefined || runway.latestSeconds === undefined) {
        return `${now} at today's fee`;
    }
    const soonest = formatDuration(runway.soonestSeconds);
    const latest = formatDuration(runway.latestSeconds);
    return soonest === now && latest === now
        ? `${now} at today's fee`
        : `${now} at today's fee (${soonest} if the fee rises as fast as it can, ${latest} if it falls)`;
}
