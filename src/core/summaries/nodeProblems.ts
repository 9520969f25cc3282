/**
 * Why a node could not answer one part of the Node view, phrased as a row: what is off and how to
 * turn it on, rather than an error. Pure and zod-free (the error guards compare names).
 */
import {
    isHttpError,
    isNetworkError,
    isNodeApiUnavailableError,
    isRpcError,
    isTimeoutError,
} from '../http/errors';
import { englishText, isPhrase, type Phrase, phrase } from '../text/phrase';

export type NodeProblemKind =
    /** `/ext/admin` answers 404: the admin API is off. */
    | 'adminDisabled'
    /** A public API server refuses node-specific methods and never serves the admin API. */
    | 'publicServer'
    | 'bootstrapping'
    /** The node does not offer the method or endpoint (older version, chain not tracked). */
    | 'notOffered'
    /** No answer at all: refused, reset, timed out. */
    | 'unreachable'
    | 'error';

export interface NodeProblem {
    readonly kind: NodeProblemKind;
    /** One sentence: what happened. */
    readonly message: string;
    /** One sentence: what to do, when something can be done. */
    readonly remedy?: string;
    /**
     * `message` as a phrase, for a person to read in their language (the trees); absent when
     * it is only English (an error that carries no phrase).
     */
    readonly messagePhrase?: Phrase;
    /** `remedy` as a phrase; present whenever `remedy` is. */
    readonly remedyPhrase?: Phrase;
}

const adminRemedyPhrase = phrase(
    'Start AvalancheGo with {0} (or {1} in its config file), then refresh.',
    '--api-admin-enabled=true',
    '"api-admin-enabled": true',
);
/** What turns the admin API on, in English. */
export const adminRemedy = englishText(adminRemedyPhrase);
const publicServerRemedy = phrase(
    'Choose your own node (Avalanche: Choose Node…) to see node-specific details and the admin API.',
);
const unreachableRemedy = phrase(
    'Check that the node runs and that its HTTP port is reachable, or choose another node.',
);

/** A problem whose sentences are phrases, with their English beside them. */
function phrased(kind: NodeProblemKind, message: Phrase, remedy?: Phrase): NodeProblem {
    return {
        kind,
        message: englishText(message),
        messagePhrase: message,
        ...(remedy ? { remedy: englishText(remedy), remedyPhrase: remedy } : {}),
    };
}

/** A problem worded by the error itself: its message, and its phrase when it carries one. */
function fromError(kind: NodeProblemKind, error: unknown, remedy?: Phrase): NodeProblem {
    const text = (error as { message?: unknown } | null)?.message;
    const sentence = (error as { phrase?: unknown } | null)?.phrase;
    return {
        kind,
        message: typeof text === 'string' && text.trim() !== '' ? text.trim() : String(error),
        ...(isPhrase(sentence) ? { messagePhrase: sentence } : {}),
        ...(remedy ? { remedy: englishText(remedy), remedyPhrase: remedy } : {}),
    };
}

/**
 * Classifies a failed node call. `publicServer` says the node is known (or was seen) to be a
 * public API server, which turns an admin 404 into the public-server explanation.
 */
export function describeNodeProblem(error: unknown, publicServer = false): NodeProblem {
    if (isNodeApiUnavailableError(error)) {
        switch (error.reason) {
            case 'adminDisabled':
                return publicServer
                    ? phrased(
                          'publicServer',
                          phrase('Public API servers never offer the admin API.'),
                          publicServerRemedy,
                      )
                    : phrased(
                          'adminDisabled',
                          phrase('The admin API is off on this node.'),
                          adminRemedyPhrase,
                      );
            case 'publicServer':
                return fromError('publicServer', error, publicServerRemedy);
            case 'bootstrapping':
                return fromError('bootstrapping', error);
            default:
                return fromError('notOffered', error);
        }
    }
    if (isNetworkError(error) || isTimeoutError(error)) {
        return fromError('unreachable', error, unreachableRemedy);
    }
    if (isRpcError(error) && /does not offer/.test(error.message)) {
        return fromError('notOffered', error);
    }
    if (isHttpError(error) && error.status === 404) {
        return fromError('notOffered', error);
    }
    return fromError('error', error);
}
