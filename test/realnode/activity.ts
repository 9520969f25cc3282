/**
 * Real activity on an EVM chain of the local network, signed with the local network's funded
 * test key through viem: native transfers, a contract deployment and a few calls that emit
 * events. Returns what it made so that tests can look each item up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    createPublicClient,
    createWalletClient,
    defineChain,
    http,
    parseEther,
    type Abi,
    type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The "ewoq" key that AvalancheGo's local genesis funds on P, X and C (genesis/genesis_local.go in
 * avalanchego). Public and for local networks only.
 */
export const ewoqPrivateKey: Hex =
    '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027';
export const ewoqAddress = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC';

/** Recipients of the transfers: fixed, so fixtures and tests can name them. */
export const recipients = [
    '0x1000000000000000000000000000000000000001',
    '0x1000000000000000000000000000000000000002',
] as const;

interface Artifact {
    abi: Abi;
    bytecode: Hex;
}

export function counterArtifact(): Artifact {
    // The compiled artifact sits next to its source in test/realnode/contract (not under out/).
    const file = path.join(repoRoot(), 'test/realnode/contract/Counter.json');
    return JSON.parse(readFileSync(file, 'utf8')) as Artifact;
}

export function repoRoot(): string {
    let dir = __dirname;
    while (!isRoot(dir)) {
        const parent = path.dirname(dir);
        if (parent === dir) throw new Error('package.json not found above ' + __dirname);
        dir = parent;
    }
    return dir;
}

function isRoot(dir: string): boolean {
    try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
            name?: string;
        };
        return pkg.name === 'avalanche-explorer';
    } catch {
        return false;
    }
}

/** What `makeActivity` made on one chain. */
export interface ChainActivity {
    rpcUrl: string;
    evmChainId: number;
    from: string;
    transfers: { hash: Hex; to: string; valueWei: string; blockNumber: string }[];
    contract: {
        address: string;
        deployTx: Hex;
        /** Calls in order: increment(), add(5), add(7). */
        calls: { hash: Hex; functionName: string; blockNumber: string; logs: number }[];
    };
    /** The latest block number after the activity. */
    latestBlock: string;
}

export async function makeActivity(rpcUrl: string, name: string): Promise<ChainActivity> {
    const transport = http(rpcUrl, { timeout: 15_000, retryCount: 0 });
    const probe = createPublicClient({ transport });
    const evmChainId = await probe.getChainId();
    const chain = defineChain({
        id: evmChainId,
        name,
        nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
    const account = privateKeyToAccount(ewoqPrivateKey);
    const wallet = createWalletClient({ account, chain, transport });
    const client = createPublicClient({ chain, transport });
    const wait = (hash: Hex) =>
        client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 });

    const transfers: ChainActivity['transfers'] = [];
    for (const [i, to] of recipients.entries()) {
        const value = parseEther(i === 0 ? '1.5' : '0.25');
        const hash = await wallet.sendTransaction({ to, value });
        const receipt = await wait(hash);
        if (receipt.status !== 'success') throw new Error(`transfer ${hash} failed on ${name}`);
        transfers.push({
            hash,
            to,
            valueWei: value.toString(),
            blockNumber: receipt.blockNumber.toString(),
        });
    }

    const { abi, bytecode } = counterArtifact();
    const deployTx = await wallet.deployContract({ abi, bytecode });
    const deployed = await wait(deployTx);
    if (deployed.status !== 'success' || !deployed.contractAddress) {
        throw new Error(`deployment ${deployTx} failed on ${name}`);
    }
    const address = deployed.contractAddress;
    const calls: ChainActivity['contract']['calls'] = [];
    const plan: { functionName: 'increment' | 'add'; args: readonly bigint[] }[] = [
        { functionName: 'increment', args: [] },
        { functionName: 'add', args: [5n] },
        { functionName: 'add', args: [7n] },
    ];
    for (const step of plan) {
        const hash = await wallet.writeContract({
            address,
            abi,
            functionName: step.functionName,
            args: step.args,
        });
        const receipt = await wait(hash);
        if (receipt.status !== 'success') throw new Error(`call ${hash} failed on ${name}`);
        calls.push({
            hash,
            functionName: step.functionName,
            blockNumber: receipt.blockNumber.toString(),
            logs: receipt.logs.length,
        });
    }
    const count = await client.readContract({ address, abi, functionName: 'count' });
    if (count !== 13n) throw new Error(`Counter.count is ${String(count)} on ${name}, not 13`);
    return {
        rpcUrl,
        evmChainId,
        from: account.address,
        transfers,
        contract: { address, deployTx, calls },
        latestBlock: (await client.getBlockNumber()).toString(),
    };
}
