/**
 * Committed contract trees read the way the index reads a workspace (relative paths with forward
 * slashes, parsed by `parseWorkspaceFile`), and the sample workspace's Foundry broadcast filled
 * with fixed ids, for the tests of what the extension makes of a workspace's contracts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import {
    classify,
    parseWorkspaceFile,
    WorkspaceIndex,
    type FileKnowledge,
} from '../../src/core/workspace';
import { fillTemplate, templateDir } from '../fixtures/sampleWorkspace';
import type { KnownIds } from '../sandbox/types';
import { fixturesDir } from './fixtures';

/** The solc output of ExplorerToken, ExplorerVault and Counter in Foundry's and Hardhat's layouts. */
export const contractsWorkspaceDir = path.join(fixturesDir, 'contracts-workspace');
/** Counter and friends in every tool's layout, records included (workspace-artifacts/make.mjs). */
export const workspaceArtifactsDir = path.join(fixturesDir, 'workspace-artifacts');

/** The files under `root/under` that the index reads, relative to `root`, sorted. */
export function classifiedFiles(root: string, under = ''): string[] {
    return readdirSync(path.join(root, under), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        .filter((file) => classify(file) !== undefined)
        .sort();
}

/** One file of `root` as the index holds it. */
export function knowledgeOf(root: string, file: string, text?: string): FileKnowledge {
    const knowledge = parseWorkspaceFile(file, text ?? readFileSync(path.join(root, file), 'utf8'));
    if (!knowledge) throw new Error(`${file} is not a file the index reads`);
    return knowledge;
}

/** An index of the given parts, added in order (the first file with an ABI entry is its origin). */
export function indexOf(...parts: readonly FileKnowledge[]): WorkspaceIndex {
    const index = new WorkspaceIndex();
    for (const part of parts) index.set(part);
    return index;
}

/**
 * Ids the broadcast template is filled with: what one sandbox run deployed (any run's would do,
 * they only have to be well-formed and distinct).
 */
export const broadcastIds = {
    contractsDeployer: '0xC57E770B69dd2691F89572F2c11F31Df85ec454e',
    tokenContract: '0xF02ccc9BE124497227C3F4e197b6aC711Ae9f0be',
    vaultContract: '0x7D45812F3A1d446bc93508c7972dE8De38D79B6d',
    tokenRecipient: '0xDb501b9531697e10c03959ceb45C956E6ebEae26',
    tokenSpender: '0x4eBE3d1F72Ab3658FAFc849246dA21946535f6d1',
    tokenDeployTxHash: '0x237b27f10a128e7d6e5aa41d73dcea3b65841ca76e4ebc1f64e33742c56728e3',
    vaultDeployTxHash: '0x88acabd5524e407141bf48f2cf6776a0772ade1694f6ecc1a01ccd43ef8373cf',
    tokenTransferTxHash: '0x3dd840532902a890151030aef00719a2cdf66c9bd464088d40bd26b996a2109c',
    tokenApproveTxHash: '0xc54d54e161bc926a1777a4cf40ca980cbdc888b93315a995051bd84fb0aeebea',
    vaultDepositTxHash: '0xe1e9859ecb6cb1a8f2a4364a423c8055f93ba8fe4242be4c674314465931f53b',
    contractsBlockNumber: '146',
    contractsBlockHash: '0x9f2864401f21e840c655a69adfdf7f670f2edbe55239d2e68808b42d7849d724',
} as const;

/** Where the sample workspace keeps the Deploy script's broadcast of the C-Chain (43114). */
export const sampleBroadcastFile = 'foundry/broadcast/Deploy.s.sol/43114/run-latest.json';

/** The sample workspace's broadcast with `broadcastIds` in it, as forge writes it. */
export function sampleBroadcastText(): string {
    const template = readFileSync(path.join(templateDir, `${sampleBroadcastFile}.tmpl`), 'utf8');
    const known = broadcastIds as unknown as KnownIds;
    return fillTemplate(template, { mainnet: known, fuji: known });
}
