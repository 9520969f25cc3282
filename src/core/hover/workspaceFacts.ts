/**
 * What the workspace's contracts say about a live EVM answer, looked up once before the hover is
 * rendered: the address's name (a deployment record, a role, or the artifacts its code matches),
 * the transaction's call decoded with the workspace's ABIs, and a failure's revert data decoded
 * with the contract it happened in. The Markdown (`markdown.ts`) only formats these facts.
 */
import type { DecodeResult } from '../abi/types';
import type { AddressName, ContractKnowledge } from '../workspace/knowledge';
import type { ContractArtifact } from '../workspace/types';
import type { LiveResult } from './types';

/** The workspace's facts about one live answer; empty when it knows nothing or it is not EVM. */
export interface WorkspaceFacts {
    /** An EVM address's name from a deployment record or a role a file gives it. */
    readonly addressName?: AddressName | undefined;
    /** The artifacts whose runtime bytecode the address's code matches (when it has no name). */
    readonly codeMatches?: readonly ContractArtifact[] | undefined;
    /** A transaction's input decoded with the workspace's ABIs. */
    readonly call?: DecodeResult | undefined;
    /** A failed transaction's revert data decoded (when longer than a selector). */
    readonly revert?: DecodeResult | undefined;
    /** The name of the contract the first failing call went to. */
    readonly failedIn?: string | undefined;
}

/** Looks `result` up in the workspace's contracts (no request: the index is in memory). */
export function workspaceFacts(
    result: LiveResult,
    contracts: ContractKnowledge | undefined,
): WorkspaceFacts {
    if (!contracts) return {};
    if (result.kind === 'evmAddress') {
        const chainId = result.chain.evmChainId;
        const addressName =
            contracts.nameOf(chainId, result.address) ?? contracts.roleOf(chainId, result.address);
        if (addressName) return { addressName };
        return result.code ? { codeMatches: contracts.byCode(result.code) } : {};
    }
    if (result.kind !== 'evmTx') return {};
    const chainId = result.chain.evmChainId;
    const call =
        result.input && result.to
            ? contracts.decodeCall(chainId, result.to, result.input)
            : undefined;
    const failure = result.failure;
    if (!failure || failure.status === 'unavailable') return { call };
    const revert =
        failure.output.length > 10
            ? contracts.decodeRevert(chainId, failure.to, failure.output)
            : undefined;
    // Named as an address hover names it: a deployment record first, else the one contract
    // whose artifact the chain's code matches.
    const failedIn =
        failure.to === undefined
            ? undefined
            : (contracts.nameOf(chainId, failure.to)?.name ??
              (failure.code === undefined ? undefined : contracts.nameByCode(failure.code)?.name));
    return { call, revert, failedIn };
}
