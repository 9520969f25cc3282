/**
 * What a person or an agent asks to follow: a source chain and a message id or a source
 * transaction hash. One checker for every surface (the palette's input boxes, a panel's restored
 * state, a page's message, an agent's input), and one function that follows it.
 */
import { ValidationError } from '../http/errors';
import { phrase } from '../text/phrase';

import { icmDirectory, type IcmDirectoryHost } from './directory';
import type { IcmTimeline, IcmTraceOptions } from './timeline';
import { traceIcmMessage } from './trace';

/** A message to follow: from `chain`, by its id or by the transaction that sent it. */
export interface IcmTarget {
    /** An EVM chain id, a blockchain id (cb58 or hex) or a chain name. */
    readonly chain: string;
    readonly messageId?: string | undefined;
    readonly txHash?: string | undefined;
}

const hash = /^0x[0-9a-fA-F]{64}$/;
const maxChainText = 100;

/** Why a chain text is refused, or undefined when it may name a chain. */
export function icmChainProblem(value: unknown): string | undefined {
    if (typeof value !== 'string' || value.trim() === '')
        return 'a source chain: an EVM chain id, a blockchain id or a chain name';
    if (value.length > maxChainText) return `a chain of at most ${maxChainText} characters`;
    if (/[\u0000-\u001f\u007f]/.test(value)) return 'a chain name without control characters';
    return undefined;
}

/** Why a message id or transaction hash is refused, or undefined. */
export function icmHashProblem(value: unknown): string | undefined {
    return typeof value === 'string' && hash.test(value.trim())
        ? undefined
        : '0x and 64 hex digits';
}

/**
 * The target checked and trimmed, hashes lower-case.
 * @throws ValidationError naming the parameter that is wrong.
 */
export function checkIcmTarget(value: unknown): IcmTarget {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new ValidationError(
            'target',
            value,
            phrase('an object with chain and messageId or txHash'),
        );
    }
    const v = value as Record<string, unknown>;
    const chainProblem = icmChainProblem(v['chain']);
    if (chainProblem) throw new ValidationError('chain', v['chain'], chainProblem);
    const messageId = v['messageId'];
    const txHash = v['txHash'];
    if ((messageId === undefined) === (txHash === undefined)) {
        throw new ValidationError(
            'messageId',
            messageId,
            phrase('either a message id or a transaction hash, not both'),
        );
    }
    const name = messageId !== undefined ? 'messageId' : 'txHash';
    const given = messageId ?? txHash;
    const problem = icmHashProblem(given);
    if (problem) throw new ValidationError(name, given, problem);
    return {
        chain: (v['chain'] as string).trim(),
        [name]: (given as string).trim().toLowerCase(),
    };
}

/**
 * Follows `target` through the chains `host` knows.
 * @throws ValidationError when the source chain is none the host knows or cannot be read.
 */
export async function followIcmMessage(
    target: IcmTarget,
    host: IcmDirectoryHost,
    options: IcmTraceOptions = {},
): Promise<IcmTimeline> {
    const directory = icmDirectory(host);
    const source = await directory.find(target.chain, options.signal);
    if (!source) {
        throw new ValidationError(
            'chain',
            target.chain,
            phrase(
                'a chain this extension knows (its EVM chain id, blockchain id or name, on the selected network)',
            ),
        );
    }
    return traceIcmMessage(
        { source, messageId: target.messageId, txHash: target.txHash },
        directory,
        options,
    );
}
