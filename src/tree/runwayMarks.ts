/**
 * The Validators view's runway marks: how long an active L1 validator's balance lasts at the fee
 * its page was read with (ACP-77, `core/watch/runway.ts`), worked out when the page arrives (the
 * core is loaded then), and whether that is under the watch list's warning threshold, decided when
 * the row is drawn (the threshold is a setting). Pure (no `vscode`), so it is unit-tested in plain
 * Node; the runway functions are passed in so that `dist/main.js` does not carry them.
 */
import { isPositiveAmount } from '../core/format';
import type { ValidatorFees } from '../core/index';
import type { describeRunway, formatDuration, validatorRunway } from '../core/watch/runway';
import type { L1ValidatorRow, RenderContext } from './rows';

/** The runway of a validator's balance at the fee read with its page. */
export interface ValidatorRunway {
    /** Seconds the balance lasts at today's fee. */
    readonly seconds: number;
    /** "2.1 days". */
    readonly duration: string;
    /** The runway in words, with its bounds (`describeRunway`). */
    readonly text: string;
}

export interface RunwayFunctions {
    readonly validatorRunway: typeof validatorRunway;
    readonly describeRunway: typeof describeRunway;
    readonly formatDuration: typeof formatDuration;
}

/** The runway of `balance` nAVAX at `fees`; undefined for an inactive validator or a free fee. */
export function validatorRunwayAt(
    balance: string,
    fees: ValidatorFees,
    f: RunwayFunctions,
): ValidatorRunway | undefined {
    if (!isPositiveAmount(balance)) return undefined;
    const runway = f.validatorRunway(balance, fees.state.price, fees.config);
    if (!runway) return undefined;
    return {
        seconds: runway.atPriceSeconds,
        duration: f.formatDuration(runway.atPriceSeconds),
        text: f.describeRunway(runway),
    };
}

/** True when the row's balance lasts less than the threshold at today's fee. */
export function isUnderThreshold(row: L1ValidatorRow, context: RenderContext): boolean {
    return row.runway !== undefined && row.runway.seconds < context.runwayWarningSeconds;
}
