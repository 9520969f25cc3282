/**
 * The one Helicon rule that asks the node: whether a raw call goes to a C-Chain that no longer
 * serves it (apart from `helicon.ts`, which stays free of the method table).
 */
import {
    heliconActive,
    isCChainRpcPath,
    removedMethodReason,
    removedOnHeliconCChain,
} from './helicon';
import { nodeRpcMethods } from './methods';
import type { NodeCallOptions, NodeRpcClient } from './rpcClient';

/**
 * Why a raw call is not sent: a method Helicon removed, to the C-Chain of a node whose
 * `info.upgrades` says Helicon is active. Undefined to send it (another path or method, a node
 * before Helicon, or one whose upgrades cannot be read: its own answer then says what it is).
 */
export async function heliconRefusal(
    client: NodeRpcClient,
    path: string,
    method: string,
    nowMs: number,
    options: NodeCallOptions = {},
): Promise<string | undefined> {
    if (!removedOnHeliconCChain(method) || !isCChainRpcPath(path)) return undefined;
    try {
        const upgrades = await client.call(nodeRpcMethods['info.upgrades'], {}, options);
        return heliconActive(upgrades, nowMs) ? removedMethodReason(method) : undefined;
    } catch {
        return undefined;
    }
}
