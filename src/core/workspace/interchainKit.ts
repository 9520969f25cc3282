/**
 * Interchain Kit's `<project>/.interchain-kit/artifacts/network.json` in a workspace: the ICM
 * contracts of each chain of its local network (`teleporter`, `teleporterRegistry`), each L1's
 * validator manager, and the EOA its icm-relayer delivers with on every chain
 * (`NetworkArtifactDoc` in https://github.com/ava-labs/interchain-kit,
 * `packages/tmpnetjs/src/types.ts`).
 *
 * The file is read by `core/local`'s `parseInterchainKitNetwork`, the parser of local network
 * discovery, which drops the funded account's private key while parsing: nothing here ever sees
 * it. Each record carries its chain's EVM id, so a hover names an address on that chain only.
 */
import { parseInterchainKitNetwork } from '../local/interchainKit';
import type { LocalL1 } from '../local/localNetwork';
import { deploymentRecorder, nothingFrom } from './artifacts';
import { address, Problems } from './json';
import type { DeployedContract, FileKnowledge, NamedAddress, Origin } from './types';

/** The records one chain of the file gives. */
function fromChain(
    chain: LocalL1,
    relayer: string | undefined,
    origin: Origin,
    deployments: DeployedContract[],
    named: NamedAddress[],
): void {
    const here = {
        ...(chain.evmChainId !== undefined ? { chainId: String(chain.evmChainId) } : {}),
        ...(chain.blockchainId !== undefined ? { blockchainId: chain.blockchainId } : {}),
    };
    const contract = deploymentRecorder(deployments, here, origin);
    contract(chain.icmMessenger, 'ICM messenger', 'TeleporterMessenger');
    contract(chain.icmRegistry, 'ICM registry', 'TeleporterRegistry');
    // The kit's ValidatorManager proxy sits in the L1's own genesis (`src/l1/genesis.ts`).
    contract(chain.validatorManager, `validator manager of ${chain.name}`);
    const lower = address(relayer);
    if (lower !== undefined) named.push({ ...here, address: lower, name: 'ICM relayer', origin });
}

/**
 * An Interchain Kit `network.json`: per chain (the C-Chain and each L1) its TeleporterMessenger
 * and TeleporterRegistry, each L1's validator manager, and the relayer's address as a named
 * address on every chain. A file that names no chain gives nothing and one problem.
 */
export function parseInterchainKitArtifacts(file: string, fileText: string): FileKnowledge {
    const problems = new Problems(file);
    const network = parseInterchainKitNetwork(fileText, file);
    if (network === undefined) {
        problems.add('not an Interchain Kit network.json (not JSON, or no `cChain` and `l1s`)');
        return nothingFrom(file, problems);
    }
    const origin: Origin = { tool: 'interchain-kit', file };
    const deployments: DeployedContract[] = [];
    const named: NamedAddress[] = [];
    for (const chain of [...(network.cChain ? [network.cChain] : []), ...network.l1s]) {
        fromChain(chain, network.relayerAddress, origin, deployments, named);
    }
    return {
        ...nothingFrom(file, problems),
        deployments,
        ...(named.length > 0 ? { namedAddresses: named } : {}),
    };
}
