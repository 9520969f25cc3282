/**
 * An ABI entry as solc writes it, and where it came from: the shapes the decoder reads and the
 * workspace's knowledge (core/workspace, one layer up) is built of. Parsed from the user's files
 * or a peer, so every string here is hostile: shown as text only.
 */

/** One parameter of an ABI entry, as solc writes it. */
export interface AbiParam {
    readonly name: string;
    readonly type: string;
    readonly indexed?: boolean | undefined;
    readonly components?: readonly AbiParam[] | undefined;
    readonly internalType?: string | undefined;
}

/** One ABI entry. Only these kinds are kept; constructors are kept for creation input. */
export interface AbiEntry {
    readonly type: 'function' | 'event' | 'error' | 'constructor';
    readonly name: string;
    readonly inputs: readonly AbiParam[];
    readonly outputs?: readonly AbiParam[] | undefined;
    readonly anonymous?: boolean | undefined;
    readonly stateMutability?: string | undefined;
}

/** The tool whose file said something, named in the UI next to what it said. */
export type KnowledgeTool =
    | 'foundry'
    | 'hardhat'
    | 'foundry-broadcast'
    | 'hardhat-ignition'
    | 'hardhat-deploy'
    | 'avalanche-cli'
    | 'interchain-kit'
    | 'built-in';

/** Where a name, an ABI or a deployment came from. */
export interface Origin {
    readonly tool: KnowledgeTool;
    /** Workspace-relative path with forward slashes; '' for the built-in table. */
    readonly file: string;
}
