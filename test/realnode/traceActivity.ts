/**
 * Transactions that fail in every way the call-trace tests explain, on one EVM chain of the real
 * network: the contracts of test/realnode/contract/TraceLab.sol deployed from one tree of
 * test/fixtures/trace-workspace (Foundry's out/ or Hardhat's artifacts/, the library linked into
 * `Entry`), then one call of each kind, each sent with a fixed gas limit so that it is mined
 * whether it fails or not. A fresh key funded by the local network's test key sends them, so that
 * the contracts have the same addresses on every chain and the test key's nonces stay as the
 * other tests expect.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    createPublicClient,
    createWalletClient,
    defineChain,
    encodeFunctionData,
    getAddress,
    http,
    parseEther,
    type Abi,
    type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

import { ewoqPrivateKey, repoRoot } from './activity';

/** Where compile.mjs writes the call-trace trees, from the repository root. */
export const traceWorkspaceFixture = 'test/fixtures/trace-workspace';

/** The tree whose bytecode is deployed. */
export type TraceTree = 'foundry' | 'hardhat';

/** The Solidity files of a tree, workspace-relative (the fixture folder is the workspace). */
export function traceSourceFile(tree: TraceTree, file: 'TraceLab.sol' | 'TraceBase.sol'): string {
    return tree === 'foundry' ? `foundry/src/${file}` : `hardhat/contracts/${file}`;
}

interface Compiled {
    abi: Abi;
    bytecode: string;
}

/** An artifact's ABI and creation code (unlinked) from a tree. */
export function traceArtifact(tree: TraceTree, name: 'Entry' | 'Leaf' | 'Relay'): Compiled {
    const root = path.join(repoRoot(), traceWorkspaceFixture, tree);
    if (tree === 'foundry') {
        const json = JSON.parse(
            readFileSync(path.join(root, 'out/TraceLab.sol', `${name}.json`), 'utf8'),
        ) as { abi: Abi; bytecode: { object: string } };
        return { abi: json.abi, bytecode: json.bytecode.object };
    }
    const json = JSON.parse(
        readFileSync(path.join(root, 'artifacts/contracts/TraceLab.sol', `${name}.json`), 'utf8'),
    ) as { abi: Abi; bytecode: string };
    return { abi: json.abi, bytecode: json.bytecode };
}

/** What one call made. */
export interface TraceTx {
    readonly hash: Hex;
    readonly status: 'success' | 'reverted';
}

/** The contracts and the calls on one chain. */
export interface TraceActivity {
    readonly tree: TraceTree;
    readonly sender: string;
    /** Checksummed addresses. */
    readonly relay: string;
    readonly leaf: string;
    readonly entry: string;
    /** `Leaf`'s immutable limit. */
    readonly limit: number;
    readonly txs: Readonly<Record<TraceCase, TraceTx>>;
}

/** One transaction per way of failing (and two that succeed). */
export type TraceCase =
    | 'enter'
    | 'tryEnter'
    | 'withdraw'
    | 'guarded'
    | 'ratio'
    | 'pick'
    | 'spawn'
    | 'digest'
    | 'role'
    | 'spin';

/** The calls, with their arguments; `role` reads the fee manager's allow list (Subnet-EVM). */
export const traceCalls = (
    leaf: Hex,
): Record<TraceCase, { functionName: string; args: readonly unknown[] }> => ({
    enter: { functionName: 'enter', args: [leaf, 9n] },
    tryEnter: { functionName: 'tryEnter', args: [leaf, 9n] },
    withdraw: { functionName: 'withdraw', args: [1000n] },
    guarded: { functionName: 'guarded', args: [11n] },
    ratio: { functionName: 'ratio', args: [1n, 0n] },
    pick: { functionName: 'pick', args: [5n] },
    spawn: { functionName: 'spawn', args: [0n] },
    digest: { functionName: 'digest', args: ['0x1234'] },
    role: { functionName: 'role', args: ['0x0200000000000000000000000000000000000003'] },
    spin: { functionName: 'spin', args: [2_000n, true] },
});

/**
 * Deploys the tree's contracts on `rpcUrl` and sends the calls of `cases`, all at once with
 * consecutive nonces, then waits for their receipts.
 */
export async function makeTraceActivity(
    rpcUrl: string,
    tree: TraceTree,
    cases: readonly TraceCase[],
): Promise<TraceActivity> {
    const transport = http(rpcUrl, { timeout: 30_000, retryCount: 0 });
    const probe = createPublicClient({ transport });
    const chain = defineChain({
        id: await probe.getChainId(),
        name: `trace-${tree}`,
        nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
    const client = createPublicClient({ chain, transport });
    const wait = (hash: Hex) =>
        client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 });
    const funder = createWalletClient({
        account: privateKeyToAccount(ewoqPrivateKey),
        chain,
        transport,
    });
    const account = privateKeyToAccount(generatePrivateKey());
    const funded = await funder.sendTransaction({ to: account.address, value: parseEther('50') });
    if ((await wait(funded)).status !== 'success') throw new Error(`funding failed on ${rpcUrl}`);
    const wallet = createWalletClient({ account, chain, transport });
    const deploy = async (bytecode: string, data = ''): Promise<Hex> => {
        const hash = await wallet.sendTransaction({
            data: `${bytecode}${data}` as Hex,
            gas: 5_000_000n,
        });
        const receipt = await wait(hash);
        if (receipt.status !== 'success' || !receipt.contractAddress) {
            throw new Error(`deploying from the ${tree} tree failed: ${hash}`);
        }
        return receipt.contractAddress;
    };
    const limit = 3;
    const relay = await deploy(traceArtifact(tree, 'Relay').bytecode);
    const leaf = await deploy(
        traceArtifact(tree, 'Leaf').bytecode,
        limit.toString(16).padStart(64, '0'),
    );
    const entryArtifact = traceArtifact(tree, 'Entry');
    // Linking as the tools do: the library's address in place of each `__$<hash>$__`.
    const linked = entryArtifact.bytecode.replace(
        /__\$[0-9a-fA-F]{34}\$__/g,
        relay.slice(2).toLowerCase(),
    );
    const entry = await deploy(linked);
    const calls = traceCalls(leaf);
    let nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    const sent = await Promise.all(
        cases.map((name) => {
            const { functionName, args } = calls[name];
            const data = encodeFunctionData({
                abi: entryArtifact.abi,
                functionName,
                args,
            });
            return wallet.sendTransaction({
                to: entry,
                data,
                gas: name === 'spin' ? 8_000_000n : 3_000_000n,
                nonce: nonce++,
            });
        }),
    );
    const receipts = await Promise.all(sent.map((hash) => wait(hash)));
    const txs = Object.fromEntries(
        cases.map((name, i) => [name, { hash: sent[i]!, status: receipts[i]!.status }]),
    ) as Record<TraceCase, TraceTx>;
    return {
        tree,
        sender: getAddress(account.address),
        relay: getAddress(relay),
        leaf: getAddress(leaf),
        entry: getAddress(entry),
        limit,
        txs,
    };
}
