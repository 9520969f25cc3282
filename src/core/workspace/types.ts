/**
 * What the workspace knows about contracts: compiled artifacts (ABIs and bytecode), deployment
 * records (which address holds which contract on which chain, which transaction made it), the
 * L1 files of avalanche-cli and the network file of Interchain Kit. Parsed from the user's files, so every string here is hostile: it is
 * shown as text only, never as Markdown, HTML or a command.
 */

import type { AbiEntry, Origin } from '../abi/entry';

// The ABI's own shapes live in core/abi, below this folder; re-exported for the readers here.
export type { AbiEntry, AbiParam, KnowledgeTool, Origin } from '../abi/entry';

/** A compiled contract (Foundry `out/<Source>.sol/<Name>.json`, Hardhat `artifacts/…/<Name>.json`). */
export interface ContractArtifact {
    readonly contractName: string;
    /** The source file it was compiled from (`src/Counter.sol`), when the artifact says. */
    readonly sourceName?: string | undefined;
    readonly abi: readonly AbiEntry[];
    /**
     * Keccak-256 (hex, 0x-prefixed) of the runtime bytecode with every immutable's bytes zeroed,
     * or undefined when the artifact has no linked runtime bytecode (abstract, interface, unlinked
     * library references).
     */
    readonly runtimeHash?: string | undefined;
    /** Byte ranges of immutables in the runtime bytecode, zeroed before hashing chain code too. */
    readonly immutables?: readonly (readonly [start: number, length: number])[] | undefined;
    /**
     * Length in bytes of the runtime bytecode, also of unlinked code (each `__$<hash>$__` library
     * placeholder holds the place of a 20-byte address).
     */
    readonly runtimeLength?: number | undefined;
    /**
     * Length in bytes of the creation bytecode (constructor arguments are appended after it), also
     * of unlinked code: a failed creation's code is found among the artifacts of a length that
     * leaves whole 32-byte words of arguments.
     */
    readonly creationLength?: number | undefined;
    /**
     * The format does not record immutables (Hardhat 2's `hh-sol-artifact-1`), so `immutables` is
     * absent rather than empty, and code on a chain that has immutables will not hash to
     * `runtimeHash`.
     */
    readonly immutablesUnknown?: true | undefined;
    readonly origin: Origin;
}

/** A contract at an address, as a deployment record says. */
export interface DeployedContract {
    /** Decimal EVM chain id, when the record names one. */
    readonly chainId?: string | undefined;
    /** The network name of hardhat-deploy (`fuji`, `localhost`) when there is no chain id. */
    readonly networkName?: string | undefined;
    /** Lower-case 0x address. */
    readonly address: string;
    readonly contractName?: string | undefined;
    /**
     * The record's own name for the contract: Ignition's future id (`CounterModule#Counter`),
     * hardhat-deploy's deployment name, avalanche-cli's role (`ICM messenger`).
     */
    readonly label?: string | undefined;
    /** The transaction that created it, lower-case. */
    readonly txHash?: string | undefined;
    /** An ABI the record itself carries (hardhat-deploy does). */
    readonly abi?: readonly AbiEntry[] | undefined;
    /** The Avalanche blockchain id (cb58) of the chain, when the record names it (avalanche-cli, Interchain Kit). */
    readonly blockchainId?: string | undefined;
    /**
     * Keccak-256 of the code the record itself carries (a genesis allocation), nothing zeroed:
     * equal to an artifact's `runtimeHash` when the contract has no immutables.
     */
    readonly codeHash?: string | undefined;
    /** Length in bytes of that code. */
    readonly codeLength?: number | undefined;
    readonly origin: Origin;
}

/** An address a file names for a role that is not a contract of its own (a precompile's admin). */
export interface NamedAddress {
    readonly chainId?: string | undefined;
    readonly networkName?: string | undefined;
    /** Lower-case 0x address. */
    readonly address: string;
    /** What the file says the address is (`Native Minter admin`), as text. */
    readonly name: string;
    readonly origin: Origin;
}

/** A transaction a deployment record names (a Foundry broadcast's transactions, for example). */
export interface RecordedTransaction {
    readonly chainId?: string | undefined;
    readonly hash: string;
    readonly contractName?: string | undefined;
    readonly contractAddress?: string | undefined;
    /** `CREATE`, `CALL`, `CREATE2`, as the record says. */
    readonly kind?: string | undefined;
    /** The function signature the record names (`add(uint256)`). */
    readonly functionSignature?: string | undefined;
    /** Lower-case 0x sender, when the record says. */
    readonly from?: string | undefined;
    /** Lower-case 0x recipient (absent for a plain CREATE), when the record says. */
    readonly to?: string | undefined;
    /** The record's own name for it (Ignition's future id), when it has one. */
    readonly label?: string | undefined;
    /** The network name of hardhat-deploy, when there is no chain id. */
    readonly networkName?: string | undefined;
    readonly origin: Origin;
}

/** Everything one file contributed; the index replaces a file's part when the file changes. */
export interface FileKnowledge {
    readonly file: string;
    readonly artifacts: readonly ContractArtifact[];
    readonly deployments: readonly DeployedContract[];
    readonly transactions: readonly RecordedTransaction[];
    /** Why the file was skipped or only partly read, in words for the Output channel. */
    readonly problems: readonly string[];
    /** Addresses the file names for a role (avalanche-cli's genesis and sidecar, Interchain Kit's relayer). */
    readonly namedAddresses?: readonly NamedAddress[] | undefined;
    /**
     * The chain id of every record in `directory` that has none of its own: hardhat-deploy's
     * `deployments/<network>/.chainId`, or an Ignition journal of a deployment whose directory
     * name does not say its chain.
     */
    readonly directoryChainId?:
        { readonly directory: string; readonly chainId: string } | undefined;
}
