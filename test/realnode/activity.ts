/**
 * Real activity on an EVM chain of the local network, signed with the local network's funded
 * test key through viem: native transfers, a contract deployment and a few calls that emit
 * events, then the contracts of the Foundry and Hardhat trees in test/fixtures/contracts-workspace
 * deployed from each tree's own bytecode and called, and two calls mined with status 0 (a
 * `require` reason and a custom error). Returns what it made so that tests can look each item up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    createPublicClient,
    createWalletClient,
    decodeErrorResult,
    defineChain,
    encodeFunctionData,
    getAddress,
    http,
    parseEther,
    type Abi,
    type Hex,
    type PublicClient,
    type WalletClient,
    type Account,
    type Chain,
    type Transport,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

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
    /**
     * The contracts of test/fixtures/contracts-workspace, deployed and called after the rest;
     * absent in a network info written before they were added.
     */
    contracts?: ContractsActivity;
    /** The latest block number after the activity. */
    latestBlock: string;
}

/** Where compile.mjs writes the Foundry and Hardhat trees, from the repository root. */
export const contractsWorkspaceFixture = 'test/fixtures/contracts-workspace';

/** What the trees' contracts did on one chain. */
export interface ContractsActivity {
    /**
     * Deployed from the Foundry tree's out/ (the transactions of its script/Deploy.s.sol, which
     * workspaceRecords.ts writes as that script's broadcast).
     */
    foundry: ToolDeployment;
    /**
     * Deployed from the Hardhat tree's artifacts/ (the futures of its Ignition module
     * ExplorerModule, recorded by Ignition and by hardhat-deploy).
     */
    hardhat: ToolDeployment;
    /** Calls to the Foundry vault sent with a fixed gas limit, so that they are mined and fail. */
    reverts: {
        /** `withdraw(10000)` with 500 deposited: `require` with a reason string. */
        require: RevertedTx;
        /** `deposit(1001)` above `maxDeposit` 1000: the custom error `TooLarge(1001, 1000)`. */
        customError: RevertedTx;
    };
}

export interface ToolDeployment {
    /** Checksummed addresses. */
    token: string;
    vault: string;
    /** In order: the two creations, then the calls. */
    transactions: ContractTx[];
}

/** One transaction to or creating a contract of the trees. */
export interface ContractTx {
    hash: Hex;
    /** Decimal. */
    blockNumber: string;
    kind: 'create' | 'call';
    /** `ExplorerToken` or `ExplorerVault`. */
    contractName: string;
    /** The contract created or called, checksummed. */
    address: string;
    /** `transfer(address,uint256)`; absent for a creation. */
    signature?: string;
    /** Constructor or call arguments: decimal integers, checksummed addresses, plain strings. */
    args: string[];
    /** How many logs the receipt holds. */
    logs: number;
}

export interface RevertedTx extends ContractTx {
    /** The gas limit sent (no estimate: an estimate would fail). */
    gas: string;
    /** What `eth_call` of the same call answered just before it was sent: the revert data. */
    revertData: Hex;
    /** The reason string, or the custom error as `TooLarge(1001, 1000)`. */
    reason: string;
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
    const contracts = await makeContractsActivity({ wallet, client, name, rpcUrl });
    return {
        rpcUrl,
        evmChainId,
        from: account.address,
        transfers,
        contract: { address, deployTx, calls },
        contracts,
        latestBlock: (await client.getBlockNumber()).toString(),
    };
}

/** A contract of the trees: its ABI and the creation bytecode one tree holds. */
interface TreeContract {
    contractName: 'ExplorerToken' | 'ExplorerVault';
    abi: Abi;
    bytecode: Hex;
}

/** The trees' artifacts of a contract, as activity.ts and workspaceRecords.ts read them. */
export function treeArtifactPaths(contractName: string): { foundry: string; hardhat: string } {
    const dir = path.join(repoRoot(), contractsWorkspaceFixture);
    return {
        foundry: path.join(dir, 'foundry/out', `${contractName}.sol`, `${contractName}.json`),
        hardhat: path.join(
            dir,
            'hardhat/artifacts/contracts',
            `${contractName}.sol`,
            `${contractName}.json`,
        ),
    };
}

function treeContract(
    tool: 'foundry' | 'hardhat',
    contractName: TreeContract['contractName'],
): TreeContract {
    const text = readFileSync(treeArtifactPaths(contractName)[tool], 'utf8');
    if (tool === 'foundry') {
        const artifact = JSON.parse(text) as { abi: Abi; bytecode: { object: Hex } };
        return { contractName, abi: artifact.abi, bytecode: artifact.bytecode.object };
    }
    const artifact = JSON.parse(text) as { abi: Abi; bytecode: Hex };
    return { contractName, abi: artifact.abi, bytecode: artifact.bytecode };
}

/** The token's constructor arguments and the vault's, as the trees' scripts pass them. */
export const tokenArgs = ['Explorer Token', 'EXT', parseEther('1000000')] as const;
export const vaultMaxDeposit = 1_000n;

interface ActivityContext {
    wallet: WalletClient<Transport, Chain, Account>;
    client: PublicClient<Transport, Chain>;
    name: string;
    rpcUrl: string;
}

async function makeContractsActivity(ctx: ActivityContext): Promise<ContractsActivity> {
    const [alice, bob] = recipients;
    // The Foundry script's transactions (test/realnode/contract/Deploy.s.sol), in its order.
    const foundry = await deployTree(ctx, 'foundry', [
        { contract: 'token', functionName: 'transfer', args: [alice, parseEther('250')] },
        { contract: 'token', functionName: 'approve', args: [bob, parseEther('100')] },
        { contract: 'vault', functionName: 'deposit', args: [500n] },
    ]);
    // The Ignition module's futures (compile.mjs ignitionModule()).
    const hardhat = await deployTree(ctx, 'hardhat', [
        { contract: 'token', functionName: 'transfer', args: [bob, parseEther('50')] },
    ]);
    const vault = treeContract('foundry', 'ExplorerVault');
    return {
        foundry,
        hardhat,
        reverts: {
            require: await sendReverting(ctx, vault, foundry.vault, 'withdraw', [10_000n]),
            customError: await sendReverting(ctx, vault, foundry.vault, 'deposit', [
                vaultMaxDeposit + 1n,
            ]),
        },
    };
}

interface PlannedCall {
    contract: 'token' | 'vault';
    functionName: string;
    args: readonly unknown[];
}

async function deployTree(
    ctx: ActivityContext,
    tool: 'foundry' | 'hardhat',
    calls: readonly PlannedCall[],
): Promise<ToolDeployment> {
    const transactions: ContractTx[] = [];
    const deployed: Record<PlannedCall['contract'], { address: string; of: TreeContract }> = {
        token: await create(ctx, treeContract(tool, 'ExplorerToken'), tokenArgs, transactions),
        vault: await create(
            ctx,
            treeContract(tool, 'ExplorerVault'),
            [vaultMaxDeposit],
            transactions,
        ),
    };
    for (const call of calls) {
        const { address, of } = deployed[call.contract];
        const hash = await ctx.wallet.writeContract({
            address: address as Hex,
            abi: of.abi,
            functionName: call.functionName,
            args: call.args,
        });
        const receipt = await waitFor(ctx, hash);
        if (receipt.status !== 'success') {
            throw new Error(
                `${of.contractName}.${call.functionName} ${hash} failed on ${ctx.name}`,
            );
        }
        transactions.push({
            hash,
            blockNumber: receipt.blockNumber.toString(),
            kind: 'call',
            contractName: of.contractName,
            address,
            signature: signatureOf(of.abi, call.functionName),
            args: call.args.map(argText),
            logs: receipt.logs.length,
        });
    }
    return { token: deployed.token.address, vault: deployed.vault.address, transactions };
}

async function create(
    ctx: ActivityContext,
    of: TreeContract,
    args: readonly unknown[],
    transactions: ContractTx[],
): Promise<{ address: string; of: TreeContract }> {
    const hash = await ctx.wallet.deployContract({ abi: of.abi, bytecode: of.bytecode, args });
    const receipt = await waitFor(ctx, hash);
    if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`deployment of ${of.contractName} ${hash} failed on ${ctx.name}`);
    }
    const address = getAddress(receipt.contractAddress);
    transactions.push({
        hash,
        blockNumber: receipt.blockNumber.toString(),
        kind: 'create',
        contractName: of.contractName,
        address,
        args: args.map(argText),
        logs: receipt.logs.length,
    });
    return { address, of };
}

/**
 * Sends a call that reverts with a fixed gas limit (viem estimates no gas then, and the node
 * mines it with status 0), after asking `eth_call` for its revert data.
 */
async function sendReverting(
    ctx: ActivityContext,
    of: TreeContract,
    address: string,
    functionName: string,
    args: readonly unknown[],
): Promise<RevertedTx> {
    const gas = 200_000n;
    const data = encodeFunctionData({ abi: of.abi, functionName, args });
    const revertData = await revertDataOf(ctx.rpcUrl, {
        from: ctx.wallet.account.address,
        to: address,
        data,
    });
    const decoded = decodeErrorResult({ abi: of.abi, data: revertData });
    const reason =
        decoded.errorName === 'Error'
            ? String(decoded.args?.[0])
            : `${decoded.errorName}(${(decoded.args ?? []).map(argText).join(', ')})`;
    const hash = await ctx.wallet.writeContract({
        address: address as Hex,
        abi: of.abi,
        functionName,
        args,
        gas,
    });
    const receipt = await waitFor(ctx, hash);
    if (receipt.status !== 'reverted') {
        throw new Error(`${of.contractName}.${functionName} ${hash} did not revert on ${ctx.name}`);
    }
    return {
        hash,
        blockNumber: receipt.blockNumber.toString(),
        kind: 'call',
        contractName: of.contractName,
        address,
        signature: signatureOf(of.abi, functionName),
        args: args.map(argText),
        logs: receipt.logs.length,
        gas: gas.toString(),
        revertData,
        reason,
    };
}

/** The revert data of a call, from the JSON-RPC error `eth_call` answers (code 3). */
async function revertDataOf(
    rpcUrl: string,
    call: { from: string; to: string; data: Hex },
): Promise<Hex> {
    const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'eth_call',
            params: [call, 'latest'],
        }),
        signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { error?: { data?: unknown; message?: string } };
    const data = body.error?.data;
    if (typeof data !== 'string' || !data.startsWith('0x')) {
        throw new Error(
            `eth_call of a reverting call answered no revert data: ${JSON.stringify(body)}`,
        );
    }
    return data as Hex;
}

function waitFor(ctx: ActivityContext, hash: Hex) {
    return ctx.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 });
}

/** `name(type,…)` of the one function of that name in the ABI. */
function signatureOf(abi: Abi, functionName: string): string {
    const matches = abi.filter(
        (e): e is Extract<Abi[number], { type: 'function' }> =>
            e.type === 'function' && e.name === functionName,
    );
    if (matches.length !== 1) throw new Error(`${functionName}: ${matches.length} ABI entries`);
    return `${functionName}(${matches[0]!.inputs.map((p) => p.type).join(',')})`;
}

function argText(value: unknown): string {
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value);
    return String(value);
}

/** A transfer held in the txpool until `release()` (see `queuedTransfer`). */
export interface QueuedTransfer {
    chainId: number;
    /** The held transfer. */
    hash: Hex;
    /** Sends the missing nonce 0, after which both are mined; returns its hash. */
    release(): Promise<Hex>;
    /** The receipt once mined (waits up to 60 s). */
    receipt(hash: Hex): Promise<{ blockNumber: bigint; status: 'success' | 'reverted' }>;
}

/**
 * A transfer that stays pending for as long as a test wants: a fresh sender, funded by the test
 * key, sends its nonce 1 first, which the node keeps in the txpool's queue behind the missing
 * nonce 0 (coreth and Subnet-EVM v1.14.2 answer it by hash with a null block, and its receipt
 * as null) until `release()` sends nonce 0.
 */
export async function queuedTransfer(rpcUrl: string, name: string): Promise<QueuedTransfer> {
    const transport = http(rpcUrl, { timeout: 15_000, retryCount: 0 });
    const chainId = await createPublicClient({ transport }).getChainId();
    const chain = defineChain({
        id: chainId,
        name,
        nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
    const client = createPublicClient({ chain, transport });
    const funder = createWalletClient({
        account: privateKeyToAccount(ewoqPrivateKey),
        chain,
        transport,
    });
    // A fresh sender, so that its nonces are the caller's alone.
    const sender = privateKeyToAccount(generatePrivateKey());
    const funding = await funder.sendTransaction({ to: sender.address, value: parseEther('0.1') });
    await client.waitForTransactionReceipt({ hash: funding, pollingInterval: 100 });
    const wallet = createWalletClient({ account: sender, chain, transport });
    // Not one of `recipients`, whose balances other tests know.
    const to = '0x1000000000000000000000000000000000000003';
    const hash = await wallet.sendTransaction({ to, value: 1_000n, nonce: 1 });
    return {
        chainId,
        hash,
        release: () => wallet.sendTransaction({ to, value: 1_000n, nonce: 0 }),
        receipt: (h) =>
            client.waitForTransactionReceipt({ hash: h, pollingInterval: 100, timeout: 60_000 }),
    };
}
