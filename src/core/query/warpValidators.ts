/**
 * The validator set a signed Warp message's signer bits index, read from the selected node for
 * the aggregated-signatures panel. Which subnet signs:
 * - a message from the P-Chain is verified against the validators of the L1 it is for, not the
 *   Primary Network's ("the primary network validator set is never required when verifying
 *   messages from the P-chain", `verifyWarpMessage` in
 *   https://github.com/ava-labs/avalanchego/blob/v1.14.2/graft/subnet-evm/precompile/contracts/warp/config.go),
 *   so the L1 is read from the message (RegisterL1Validator names its subnet; a validation id
 *   leads to it through platform.getL1Validator) or from the transaction (a ConvertSubnetToL1Tx
 *   names the subnet it converts);
 * - a message from any other chain is signed by the subnet that validates that chain
 *   (platform.validatedBy).
 * Which height: the signed message does not carry the P-Chain height it was signed at, so the
 * set is read at the node's current height (platform.getHeight), and the panel says so.
 */
import { isAbortError } from '../http/errors';
import { networkNameForId } from '../knownIds';
import { nodeRpcMethods as m } from '../nodeRpc/methods';
import { emptyCb58Id } from '../nodeRpc/primarySchemas';
import type { NodeRpcClient } from '../nodeRpc/rpcClient';
import { canonicalValidatorSet, type PChainWarpMessage, type SignedWarpMessage } from '../warp';
import type { WarpValidators } from './results/types';

/** What reading the set needs: the node, and an error as a sentence for the user. */
export interface WarpValidatorsDeps {
    readonly node: NodeRpcClient;
    describeError(error: unknown): string;
}

/** The subnet whose validators sign a message, and why that one. */
interface SigningSubnet {
    readonly subnetId: string;
    /** "L1 <id>", "subnet <id>" or "Primary Network". */
    readonly label: string;
    readonly reason: string;
}

/**
 * Reads the canonical validator set that signed `message` (aggregated for the P-Chain
 * transaction `txHash`) from the selected node, or says why it cannot. Rejects only when
 * `signal` fires.
 */
export async function readWarpValidators(
    message: SignedWarpMessage,
    txHash: string,
    deps: WarpValidatorsDeps,
    signal: AbortSignal,
): Promise<WarpValidators> {
    const options = { signal };
    try {
        const [network, height, subnet] = await Promise.allSettled([
            deps.node.call(m['info.getNetworkID'], {}, options),
            deps.node.call(m['platform.getHeight'], {}, options),
            signingSubnet(message, txHash, deps.node, signal),
        ]);
        // A node of another network fails to find the transaction too: say the cause instead.
        if (network.status === 'fulfilled' && network.value.networkId !== message.networkId) {
            const id = network.value.networkId;
            return {
                error: `the selected node is on network ${id} (${networkNameForId(id)}) and the message was signed on network ${message.networkId} (${networkNameForId(message.networkId)}); select a node of that network to see who signed.`,
            };
        }
        if (network.status === 'rejected') throw network.reason;
        if (height.status === 'rejected') throw height.reason;
        if (subnet.status === 'rejected') throw subnet.reason;
        if ('error' in subnet.value) return subnet.value;
        const at = await deps.node.call(
            m['platform.getValidatorsAt'],
            { height: height.value.height, subnetID: subnet.value.subnetId },
            options,
        );
        const { subnetId, label, reason } = subnet.value;
        return {
            subnet: label,
            subnetId,
            reason,
            height: height.value.height,
            set: canonicalValidatorSet(
                at.validators.map((v) => ({ ...v, weight: BigInt(v.weight) })),
            ),
        };
    } catch (error) {
        if (isAbortError(error)) throw error;
        return { error: deps.describeError(error) };
    }
}

async function signingSubnet(
    message: SignedWarpMessage,
    txHash: string,
    node: NodeRpcClient,
    signal: AbortSignal,
): Promise<SigningSubnet | { readonly error: string }> {
    const options = { signal };
    if (!message.fromPChain) {
        const { subnetId } = await node.call(
            m['platform.validatedBy'],
            { blockchainID: message.sourceChainId },
            options,
        );
        return {
            subnetId,
            label: subnetId === emptyCb58Id ? 'Primary Network' : `subnet ${subnetId}`,
            reason: 'the subnet that validates the source chain signs its messages',
        };
    }
    const l1 = (subnetId: string): SigningSubnet => ({
        subnetId,
        label: `L1 ${subnetId}`,
        reason: 'a P-Chain message is signed by the validators of the L1 it is for, which verifies it against its own set',
    });
    const p = message.payload;
    const pMessage: PChainWarpMessage | undefined =
        p.kind === 'AddressedCall' ? p.message : undefined;
    if (pMessage?.kind === 'RegisterL1Validator') return l1(pMessage.subnetId);
    if (pMessage?.kind === 'L1ValidatorRegistration' || pMessage?.kind === 'L1ValidatorWeight') {
        // A validator that was removed since is unknown to the node: the transaction may say.
        const validator = await node
            .call(m['platform.getL1Validator'], { validationID: pMessage.validationId }, options)
            .catch((error: unknown) => {
                if (isAbortError(error)) throw error;
                return undefined;
            });
        if (validator) return l1(validator.subnetId);
    }
    const tx = await node.call(m['platform.getTx'], { txID: txHash }, options);
    if (tx.subnetId !== undefined) return l1(tx.subnetId);
    return {
        error: `neither the message nor its transaction (a ${tx.typeName}) names the L1 whose validators sign it.`,
    };
}
