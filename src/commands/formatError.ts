/**
 * Turns an error into the text and actions of a toast. Pure (no `vscode`), so the mapping is
 * unit-tested. The typed errors of `core/http/errors.ts` already carry sentences a user can act
 * on; this adds the remedy buttons and keeps cancellation silent. Where a person reads the text,
 * the caller passes `translateForPerson` (`platform/personText.ts`): an error's phrase then comes
 * out in VS Code's display language. Agents get the English `message` (see `agent/agentTools.ts`).
 */
import { isAbortError, isNodeApiUnavailableError, isUnauthorizedError } from '../core/http/errors';
import { isDataApiRateLimit } from '../core/http/rateLimit';
import { inertNotice } from '../core/text/inert';
import { errorSentence, type Translate } from '../core/text/phrase';

/** Extra buttons a toast can offer next to "Show Logs". */
export type ErrorAction = 'setApiKey' | 'chooseNode' | 'metricsApiSetting';

export interface FriendlyError {
    readonly message: string;
    readonly actions: readonly ErrorAction[];
}

/**
 * True for user or programmatic cancellation: an AbortError from a signal, or VS Code's
 * `CancellationError` (named "Canceled"). Cancelled commands end without a toast.
 */
export function isCancellation(error: unknown): boolean {
    return (
        isAbortError(error) ||
        (typeof error === 'object' &&
            error !== null &&
            (error as { name?: unknown }).name === 'Canceled')
    );
}

/**
 * The toast of `error`. With `translate`, a sentence that the error carries as a phrase is
 * written by it (nested phrases first); without, or for an error without a phrase, its English
 * `message`.
 */
export function formatError(error: unknown, translate?: Translate): FriendlyError {
    const message = errorMessage(error, translate);
    if (isUnauthorizedError(error)) {
        // Only the Data API takes a key; the Metrics API is public (its URL, or what stands in
        // front of it, refused), and a node wants its own credentials, carried by its URL.
        switch (error.service) {
            case 'Metrics API':
                return { message, actions: ['metricsApiSetting'] };
            case 'node':
                return { message, actions: ['chooseNode'] };
            default:
                return { message, actions: ['setApiKey'] };
        }
    }
    // The message already says when to try again (`rateLimitWaitMs`); a key raises the limit.
    if (isDataApiRateLimit(error)) {
        return { message, actions: ['setApiKey'] };
    }
    if (isNodeApiUnavailableError(error)) {
        return { message, actions: ['chooseNode'] };
    }
    return { message, actions: [] };
}

/** Longest toast: a sentence and a quoted detail, not a peer's whole answer. */
const maxMessageChars = 600;

/** The message as a toast shows it: the peer's part of it inert, bounded and link-free. */
function errorMessage(error: unknown, translate: Translate | undefined): string {
    let text: unknown;
    if (error instanceof Error || (typeof error === 'object' && error !== null)) {
        text =
            translate !== undefined
                ? errorSentence(error, translate)
                : (error as { message?: unknown }).message;
    } else if (typeof error === 'string') {
        text = error;
    }
    const message = typeof text === 'string' ? inertNotice(text, maxMessageChars).trim() : '';
    return message !== '' ? message : 'Something went wrong. See the log for details.';
}
