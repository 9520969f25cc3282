/**
 * The Validators view's runway marks: how long an active L1 validator's balance lasts at the fee
 * its page was read with (ACP-77, `core/watch/runway.ts`), and whether that is under the watch
 * list's warning threshold. Pure (no `vscode`), so it is unit-tested in plain Node.
 */
import { isPositiveAmount } from '../core/format';
import { formatDuration, type Runway, validatorRunway } from '../core/watch/runway';
import type { L1ValidatorRow, RenderContext } from './rows';

export interface RunwayMark {
    readonly runway: Runway;
    /** The balance lasts less than the threshold at today's fee. */
    readonly low: boolean;
    /** What the row's description gains when it is low: "2.1 days left". */
    readonly left: string;
}

/** The row's runway and mark; undefined when the fee was not read or the validator is inactive. */
export function runwayMark(row: L1ValidatorRow, context: RenderContext): RunwayMark | undefined {
    const balance = row.validator.remainingBalance;
    if (!row.fees || !isPositiveAmount(balance)) return undefined;
    const runway = validatorRunway(balance, row.fees.state.price, row.fees.config);
    if (!runway) return undefined;
    return {
        runway,
        low: runway.atPriceSeconds < context.runwayWarningSeconds,
        left: `${formatDuration(runway.atPriceSeconds)} left`,
    };
}
