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
}

export const adminRemedy =
    'Start AvalancheGo with --api-admin-enabled=true (or "api-admin-enabled": true in its config file), then refresh.';
const publicServerRemedy =
    'Choose your own node (Avalanche: Choose Node…) to see node-specific details and the admin API.';

function messageOf(error: unknown): string {
    const text = (error as { message?: unknown } | null)?.message;
    return typeof text === 'string' && text.trim() !== '' ? text.trim() : String(error);
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
                    ? {
                          kind: 'publicServer',
                          message: 'Public API servers never offer the admin API.',
                          remedy: publicServerRemedy,
                      }
                    : {
                          kind: 'adminDisabled',
                          message: 'The admin API is off on this node.',
                          remedy: adminRemedy,
                      };
            case 'publicServer':
                return {
                    kind: 'publicServer',
                    message: messageOf(error),
                    remedy: publicServerRemedy,
                };
            case 'bootstrapping':
                return { kind: 'bootstrapping', message: messageOf(error) };
            default:
                return { kind: 'notOffered', message: messageOf(error) };
        }
    }
    if (isNetworkError(error) || isTimeoutError(error)) {
        return {
            kind: 'unreachable',
            message: messageOf(error),
            remedy: 'Check that the node runs and that its HTTP port is reachable, or choose another node.',
        };
    }
    if (isRpcError(error) && /does not offer/.test(error.message)) {
        return { kind: 'notOffered', message: messageOf(error) };
    }
    if (isHttpError(error) && error.status === 404) {
        return { kind: 'notOffered', message: messageOf(error) };
    }
    return { kind: 'error', message: messageOf(error) };
}
