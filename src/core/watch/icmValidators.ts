/**
 * Why an ICM message from an L1 may wait for its signatures: the source L1's validators inactive
 * (balance spent) or about to be, read from the P-Chain exactly as the watch list reads an L1
 * (`checkL1`, the `l1` kind's read: `platform.getCurrentValidators` for the subnet and the fee
 * now). A message is delivered only with a quorum of its source's validators' BLS signatures
 * (the relayer's default is 67% of the weight), and an inactive L1 validator signs nothing
 * (ACP-77; avalanche-cli#2526 found such messages "can't be constructed").
 */
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import { checkL1, type WatchSources } from './checks';
import { formatDuration } from './runway';

/** Below this runway a validator is called short of balance: a day, as its fee runs. */
const shortRunwaySeconds = 86_400;

function notAsked(): never {
    throw new Error('not asked for an L1');
}

/**
 * A sentence about the validators of the L1 `subnetId` as `node`'s P-Chain reports them, when
 * some are inactive or under `thresholdSeconds` of runway; undefined when all are well or the
 * subnet has no L1 validators.
 */
export async function sourceL1Warning(
    node: NodeRpcClient,
    subnetId: string,
    signal: AbortSignal,
    thresholdSeconds = shortRunwaySeconds,
): Promise<string | undefined> {
    const sources: WatchSources = {
        pChain: () => Promise.resolve(node),
        validatorFees: async (_network, inner) => {
            const [state, config] = await Promise.all([
                node.call(m['platform.getValidatorFeeState'], {}, { signal: inner }),
                node
                    .call(m['platform.getValidatorFeeConfig'], {}, { signal: inner })
                    .catch(() => undefined),
            ]);
            return { state, config };
        },
        evmChain: notAsked,
        dataApi: notAsked,
        node: notAsked,
    };
    const read = await checkL1(
        { kind: 'l1', network: 'local', subnetId },
        sources,
        thresholdSeconds,
        signal,
    );
    const validators = read.validators ?? [];
    if (validators.length === 0) return undefined;
    const inactive = validators.filter((v) => v.runwaySeconds === 0);
    const short = validators.filter(
        (v) =>
            v.runwaySeconds !== undefined &&
            v.runwaySeconds > 0 &&
            v.runwaySeconds < thresholdSeconds,
    );
    const named = (list: typeof validators) =>
        `${list
            .slice(0, 3)
            .map((v) => v.nodeId)
            .join(', ')}${list.length > 3 ? ` and ${list.length - 3} more` : ''}`;
    const of = `of ${validators.length} validator${validators.length === 1 ? '' : 's'} of the source L1 (${subnetId})`;
    const parts: string[] = [];
    if (inactive.length > 0) {
        parts.push(
            inactive.length === validators.length
                ? `Every one ${of} is inactive (balance 0): none signs, so no quorum can sign the message until they are topped up (IncreaseL1ValidatorBalanceTx).`
                : `${inactive.length} ${of} ${inactive.length === 1 ? 'is' : 'are'} inactive (balance 0): ${named(inactive)}. If they hold a third of its weight or more, no quorum (67% by default) can sign the message.`,
        );
    }
    if (short.length > 0) {
        parts.push(
            `${short.length} ${inactive.length > 0 ? 'more' : of} ${short.length === 1 ? 'has' : 'have'} less than ${formatDuration(thresholdSeconds)} of balance left at today's fee (${named(short)}): once inactive, they sign nothing.`,
        );
    }
    if (parts.length > 0) return parts.join(' ');
    return undefined;
}
