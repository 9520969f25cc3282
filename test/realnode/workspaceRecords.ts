/**
 * Writes a throwaway workspace for the host tests: the Foundry and Hardhat trees that
 * test/realnode/contract/compile.mjs commits (test/fixtures/contracts-workspace), and next to them
 * the deployment records those tools would have written for what the real network's activity
 * deployed and called (activity.ts `ContractsActivity`), per chain, with every value read back
 * from the chain (transactions and receipts by hash, arguments decoded from the input):
 *
 * - Foundry, `forge script script/Deploy.s.sol --broadcast`:
 *   `foundry/broadcast/Deploy.s.sol/<chain id>/run-latest.json` and `run-<ms>.json`, and the
 *   RPC URLs in `foundry/cache/Deploy.s.sol/<chain id>/run-latest.json`. Shapes: `ScriptSequence`
 *   (https://github.com/foundry-rs/foundry/blob/master/crates/script-sequence/src/sequence.rs:
 *   field order, `save()` writes pretty JSON and a copy named by the time in ms,
 *   `sort_receipts`), `TransactionWithMetadata` and `AdditionalContract` (transaction.rs),
 *   what crates/script/src/transaction.rs fills in (`function` as `name(types)`, `functionAbi`
 *   as alloy's `full_signature`, `arguments` by `format_token_raw`, constructor arguments for a
 *   CREATE), the unsigned request the cheatcode records (crates/cheatcodes/src/inspector.rs:
 *   from, `to` = `TxKind::Create` for a creation, which serializes as null, value, input,
 *   nonce; gas and chain id added in crates/script/src/simulate.rs), alloy's
 *   `TransactionRequest` and `TransactionReceipt` serialization
 *   (https://github.com/alloy-rs/alloy/blob/main/crates/rpc-types-eth/src/transaction/request.rs,
 *   receipt.rs; addresses as lower-case hex), the receipt's `type` tag first
 *   (crates/primitives/src/transaction/receipt.rs `FoundryReceiptEnvelope`) and the node's own
 *   extra fields last (`WithOtherFields`).
 * - Hardhat Ignition, `npx hardhat ignition deploy ignition/modules/Explorer.js`:
 *   `hardhat/ignition/deployments/chain-<id>/` with `deployed_addresses.json`, `journal.jsonl`,
 *   `artifacts/<future id>.json` + `.dbg.json` and `build-info/`. Shapes:
 *   https://github.com/NomicFoundation/hardhat/blob/v2/packages/hardhat-ignition-core/src/internal/deployment-loader/file-deployment-loader.ts,
 *   journal/file-journal.ts (one JSON per line, each after a newline) with
 *   journal/utils/serialize-replacer.ts (keys sorted, bigints as `{ _kind, value }`), the
 *   messages of execution/types/messages.ts, jsonrpc.ts (the receipt's subset) and
 *   network-interaction.ts, the future ids of utils/future-id-builders.ts.
 * - hardhat-deploy, `npx hardhat deploy --network <name>`:
 *   `hardhat/deployments/<network>/<Name>.json`, `.chainId`, `solcInputs/<hash>.json`. Shapes:
 *   `Deployment` and `Receipt` in https://github.com/wighawag/hardhat-deploy/blob/v1/types.ts,
 *   what src/DeploymentsManager.ts `saveDeployment` keeps (the ethers v5 receipt's fields,
 *   BigNumbers as decimal strings) and src/helpers.ts `deploy` passes, the ethers v5 log
 *   (`Formatter.receiptLog`). One project here uses both Hardhat plugins, so both name the same
 *   Hardhat-compiled contracts.
 *
 * Left out on purpose: Foundry's `dry-run/` and Ignition's batching (its journal interleaves the
 * futures of one batch; here each future's messages follow each other).
 */
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import {
    decodeDeployData,
    decodeFunctionData,
    getAddress,
    type Abi,
    type AbiFunction,
    type AbiParameter,
    type Hex,
} from 'viem';

import {
    contractsWorkspaceFixture,
    repoRoot,
    treeArtifactPaths,
    type ChainActivity,
    type ContractTx,
} from './activity';
import { l1ChainName, type RealNetworkInfo } from './network';

/** The module id of the Hardhat tree's Ignition module (ignition/modules/Explorer.js). */
export const ignitionModuleId = 'ExplorerModule';

/** hardhat-deploy's network names in the Hardhat tree's hardhat.config.js. */
export const hardhatNetworkNames = { cChain: 'local', l1: l1ChainName } as const;

/** What `writeWorkspaceRecords` wrote, relative to its directory (forward slashes). */
export interface WorkspaceRecords {
    dir: string;
    /** `foundry`: the Foundry project's root. */
    foundry: string;
    /** `hardhat`: the Hardhat project's root. */
    hardhat: string;
    files: string[];
}

export async function writeWorkspaceRecords(
    dir: string,
    info: RealNetworkInfo,
): Promise<WorkspaceRecords> {
    const fixture = path.join(repoRoot(), contractsWorkspaceFixture);
    mkdirSync(dir, { recursive: true });
    cpSync(path.join(fixture, 'foundry'), path.join(dir, 'foundry'), { recursive: true });
    cpSync(path.join(fixture, 'hardhat'), path.join(dir, 'hardhat'), { recursive: true });
    const files: string[] = [];
    const write = (relative: string, text: string): string => {
        const file = path.join(dir, relative);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
        files.push(relative);
        return file;
    };
    const chains = [
        { activity: info.cChain.activity, network: hardhatNetworkNames.cChain },
        { activity: info.l1.activity, network: hardhatNetworkNames.l1 },
    ];
    for (const { activity, network } of chains) {
        if (!activity.contracts) continue;
        const chain = await readChain(activity);
        writeFoundryBroadcast(chain, write);
        writeIgnitionDeployment(chain, write);
        writeHardhatDeploy(chain, network, write);
    }
    return { dir, foundry: 'foundry', hardhat: 'hardhat', files };
}

type Write = (relative: string, text: string) => string;

/** The raw JSON-RPC objects, as the node answered them. */
export type RpcObject = Record<string, unknown>;

interface ChainTx {
    tool: 'foundry' | 'hardhat';
    meta: ContractTx;
    tx: RpcObject;
    receipt: RpcObject;
    /** The ABI of the tool's artifact of the contract. */
    abi: Abi;
    /** Decoded from the transaction's input. */
    args: readonly unknown[];
    /** The function called; absent for a creation. */
    fn?: AbiFunction;
}

interface ChainRecords {
    chainId: number;
    rpcUrl: string;
    from: string;
    foundry: ChainTx[];
    hardhat: ChainTx[];
}

/** A transaction to or creating a contract, as a deployment record describes it. */
export interface RecordedContractTx {
    hash: string;
    kind: 'create' | 'call';
    contractName: string;
    /** The contract created or called. */
    address: string;
    /** What the node answers to `eth_getTransactionByHash` and `eth_getTransactionReceipt`. */
    tx: RpcObject;
    receipt: RpcObject;
    /** Constructor or call arguments, decoded from the input with the contract's artifact. */
    args: readonly unknown[];
    /** The function called; absent for a creation. */
    fn?: AbiFunction;
}

/** Reads a transaction and its receipt back from the chain and decodes its input. */
export async function readContractTx(
    rpcUrl: string,
    meta: Pick<RecordedContractTx, 'hash' | 'kind' | 'contractName' | 'address'>,
    artifact: { abi: Abi; bytecode: Hex },
): Promise<RecordedContractTx> {
    const [tx, receipt] = await Promise.all([
        evmRpc(rpcUrl, 'eth_getTransactionByHash', [meta.hash]),
        evmRpc(rpcUrl, 'eth_getTransactionReceipt', [meta.hash]),
    ]);
    const input = tx['input'] as Hex;
    const { hash, kind, contractName, address } = meta;
    if (kind === 'create') {
        const args = decodeDeployData({
            abi: artifact.abi,
            bytecode: artifact.bytecode,
            data: input,
        }).args;
        return { hash, kind, contractName, address, tx, receipt, args: args ?? [] };
    }
    const decoded = decodeFunctionData({ abi: artifact.abi, data: input });
    const fn = artifact.abi.find(
        (e): e is AbiFunction => e.type === 'function' && e.name === decoded.functionName,
    );
    return {
        hash,
        kind,
        contractName,
        address,
        tx,
        receipt,
        args: decoded.args ?? [],
        ...(fn ? { fn } : {}),
    };
}

async function readChain(activity: ChainActivity): Promise<ChainRecords> {
    const contracts = activity.contracts!;
    const read = async (tool: 'foundry' | 'hardhat', meta: ContractTx): Promise<ChainTx> => {
        const artifact = readArtifact(tool, meta.contractName);
        const recorded = await readContractTx(activity.rpcUrl, meta, artifact);
        return {
            tool,
            meta,
            tx: recorded.tx,
            receipt: recorded.receipt,
            abi: artifact.abi,
            args: recorded.args,
            ...(recorded.fn ? { fn: recorded.fn } : {}),
        };
    };
    const all = async (tool: 'foundry' | 'hardhat', list: ContractTx[]) =>
        Promise.all(list.map((meta) => read(tool, meta)));
    return {
        chainId: activity.evmChainId,
        rpcUrl: activity.rpcUrl,
        from: activity.from,
        foundry: await all('foundry', contracts.foundry.transactions),
        hardhat: await all('hardhat', contracts.hardhat.transactions),
    };
}

export async function evmRpc(url: string, method: string, params: unknown[]): Promise<RpcObject> {
    const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(15_000),
    });
    const body = (await response.json()) as { result?: unknown; error?: unknown };
    if (!body.result || typeof body.result !== 'object') {
        throw new Error(
            `${method} ${JSON.stringify(params)}: ${JSON.stringify(body.error ?? body)}`,
        );
    }
    return body.result as RpcObject;
}

interface HardhatArtifactFile {
    _format: string;
    contractName: string;
    sourceName: string;
    abi: Abi;
    bytecode: Hex;
    deployedBytecode: Hex;
}

function readArtifact(
    tool: 'foundry' | 'hardhat',
    contractName: string,
): { abi: Abi; bytecode: Hex } {
    const file = treeArtifactPaths(contractName)[tool];
    if (tool === 'foundry') {
        const artifact = JSON.parse(readFileSync(file, 'utf8')) as {
            abi: Abi;
            bytecode: { object: Hex };
        };
        return { abi: artifact.abi, bytecode: artifact.bytecode.object };
    }
    const artifact = JSON.parse(readFileSync(file, 'utf8')) as HardhatArtifactFile;
    return { abi: artifact.abi, bytecode: artifact.bytecode };
}

const quantity = (n: bigint | number): string => `0x${n.toString(16)}`;
const toNumber = (hex: unknown): number => Number(BigInt(hex as string));

// --- Foundry -----------------------------------------------------------------------------------

function writeFoundryBroadcast(chain: ChainRecords, write: Write): void {
    const timestamp = Date.now();
    const sequence = foundryBroadcast(
        chain.chainId,
        chain.foundry.map((t) => ({
            hash: t.meta.hash,
            kind: t.meta.kind,
            contractName: t.meta.contractName,
            address: t.meta.address,
            tx: t.tx,
            receipt: t.receipt,
            args: t.args,
            ...(t.fn ? { fn: t.fn } : {}),
        })),
        timestamp,
    );
    const dir = `foundry/broadcast/Deploy.s.sol/${chain.chainId}`;
    const text = JSON.stringify(sequence, null, 2);
    write(`${dir}/run-latest.json`, text);
    write(`${dir}/run-${timestamp}.json`, text);
    // The sensitive part (crates/script-sequence `SensitiveScriptSequence`), owner-only.
    const sensitive = JSON.stringify(
        { transactions: chain.foundry.map(() => ({ rpc: chain.rpcUrl })) },
        null,
        2,
    );
    const cacheDir = `foundry/cache/Deploy.s.sol/${chain.chainId}`;
    chmodSync(write(`${cacheDir}/run-latest.json`, sensitive), 0o600);
    chmodSync(write(`${cacheDir}/run-${timestamp}.json`, sensitive), 0o600);
}

/**
 * The `ScriptSequence` forge writes to `broadcast/<script>/<chain id>/run-latest.json` for these
 * transactions, sent in this order, at `timestamp` (ms). The sandbox's sample workspace holds one
 * too (test/fixtures/sandboxBroadcast.ts).
 */
export function foundryBroadcast(
    chainId: number,
    txs: readonly RecordedContractTx[],
    timestamp: number,
): Record<string, unknown> {
    const transactions = txs.map((t) => {
        const create = t.kind === 'create';
        return {
            hash: t.hash,
            transactionType: create ? 'CREATE' : 'CALL',
            contractName: t.contractName,
            contractAddress: t.address.toLowerCase(),
            function: t.fn ? `${t.fn.name}(${t.fn.inputs.map((p) => p.type).join(',')})` : null,
            functionAbi: t.fn ? fullSignature(t.fn) : null,
            // A CREATE names its constructor arguments, when it has some.
            arguments: t.args.length ? t.args.map(formatTokenRaw) : null,
            transaction: {
                from: (t.tx['from'] as string).toLowerCase(),
                to: create ? null : (t.tx['to'] as string).toLowerCase(),
                gas: t.tx['gas'],
                value: quantity(BigInt(t.tx['value'] as string)),
                input: t.tx['input'],
                nonce: t.tx['nonce'],
                chainId: quantity(chainId),
            },
            additionalContracts: [],
            isFixedGasLimit: false,
        };
    });
    const receipts = txs
        .map((t) => t.receipt)
        .sort(
            (a, b) =>
                toNumber(a['blockNumber']) - toNumber(b['blockNumber']) ||
                toNumber(a['transactionIndex']) - toNumber(b['transactionIndex']),
        )
        .map(foundryReceipt);
    return {
        transactions,
        receipts,
        libraries: [],
        pending: [],
        returns: {},
        timestamp,
        chain: chainId,
        // `git rev-parse --short HEAD` of the project; neither workspace is a repository.
        commit: null,
    };
}

/** A receipt as alloy's `TransactionReceipt<FoundryReceiptEnvelope>` writes it back. */
function foundryReceipt(raw: RpcObject): RpcObject {
    const ordered = [
        'type',
        'status',
        'cumulativeGasUsed',
        'logs',
        'logsBloom',
        'transactionHash',
        'transactionIndex',
        'blockHash',
        'blockNumber',
        'gasUsed',
        'effectiveGasPrice',
        'blobGasUsed',
        'blobGasPrice',
        'from',
        'to',
        'contractAddress',
    ];
    const out: RpcObject = {};
    for (const key of ordered) {
        if (key === 'logs') out[key] = (raw[key] as RpcObject[]).map(foundryLog);
        else if (key in raw) out[key] = raw[key];
        else if (key === 'to' || key === 'contractAddress') out[key] = null;
    }
    // The node's other fields (`WithOtherFields`: a BTreeMap, so sorted).
    for (const key of Object.keys(raw).sort()) if (!(key in out)) out[key] = raw[key];
    return out;
}

function foundryLog(raw: RpcObject): RpcObject {
    const ordered = [
        'address',
        'topics',
        'data',
        'blockHash',
        'blockNumber',
        'blockTimestamp',
        'transactionHash',
        'transactionIndex',
        'logIndex',
        'removed',
    ];
    const out: RpcObject = {};
    for (const key of ordered) if (key in raw) out[key] = raw[key];
    return out;
}

/** alloy's `Function::full_signature`: `function name(type name, …) [mutability] returns (…)`. */
function fullSignature(fn: AbiFunction): string {
    const params = (list: readonly AbiParameter[]) =>
        `(${list.map((p) => (p.name ? `${p.type} ${p.name}` : p.type)).join(', ')})`;
    const mutability = fn.stateMutability === 'nonpayable' ? '' : ` ${fn.stateMutability}`;
    const returns = fn.outputs.length ? ` returns ${params(fn.outputs)}` : '';
    return `function ${fn.name}${params(fn.inputs)}${mutability}${returns}`;
}

/** foundry-common's `format_token_raw`: checksummed addresses, decimal integers, bare strings. */
function formatTokenRaw(value: unknown): string {
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value);
    if (Array.isArray(value)) return `[${value.map(formatTokenRaw).join(', ')}]`;
    return String(value);
}

// --- Hardhat Ignition ---------------------------------------------------------------------------

function futureIdOf(t: ChainTx): string {
    const contractFuture = `${ignitionModuleId}#${t.meta.contractName}`;
    // A call of a contract of the same module: `<contract future id>.<function name>`.
    return t.fn ? `${contractFuture}.${t.fn.name}` : contractFuture;
}

function writeIgnitionDeployment(chain: ChainRecords, write: Write): void {
    const dir = `hardhat/ignition/deployments/chain-${chain.chainId}`;
    const lines: unknown[] = [{ chainId: chain.chainId, type: 'DEPLOYMENT_INITIALIZE' }];
    const deployed: Record<string, string> = {};
    const buildInfo = hardhatBuildInfo();
    const from = chain.from.toLowerCase();
    for (const t of chain.hardhat) {
        const futureId = futureIdOf(t);
        const contractFuture = `${ignitionModuleId}#${t.meta.contractName}`;
        const common = { strategy: 'basic', strategyConfig: {}, value: 0n, from };
        if (t.fn) {
            lines.push({
                type: 'CALL_EXECUTION_STATE_INITIALIZE',
                futureId,
                ...common,
                dependencies: [contractFuture],
                artifactId: contractFuture,
                contractAddress: getAddress(t.meta.address),
                functionName: t.fn.name,
                args: t.args.map(ignitionValue),
            });
        } else {
            lines.push({
                type: 'DEPLOYMENT_EXECUTION_STATE_INITIALIZE',
                futureId,
                ...common,
                futureType: 'NAMED_ARTIFACT_CONTRACT_DEPLOYMENT',
                dependencies: [],
                artifactId: futureId,
                contractName: t.meta.contractName,
                constructorArgs: t.args.map(ignitionValue),
                libraries: {},
            });
        }
        const nonce = toNumber(t.tx['nonce']);
        lines.push({
            type: 'NETWORK_INTERACTION_REQUEST',
            futureId,
            networkInteraction: {
                id: 1,
                type: 'ONCHAIN_INTERACTION',
                ...(t.fn ? { to: getAddress(t.meta.address) } : {}),
                data: t.tx['input'],
                value: 0n,
            },
        });
        lines.push({ type: 'TRANSACTION_PREPARE_SEND', futureId, networkInteractionId: 1, nonce });
        lines.push({
            type: 'TRANSACTION_SEND',
            futureId,
            networkInteractionId: 1,
            transaction: { hash: t.meta.hash, fees: ignitionFees(t.tx) },
            nonce,
        });
        const contractAddress = t.receipt['contractAddress'];
        lines.push({
            type: 'TRANSACTION_CONFIRM',
            futureId,
            networkInteractionId: 1,
            hash: t.meta.hash,
            receipt: {
                blockHash: t.receipt['blockHash'],
                blockNumber: toNumber(t.receipt['blockNumber']),
                ...(typeof contractAddress === 'string'
                    ? { contractAddress: getAddress(contractAddress) }
                    : {}),
                status: 'SUCCESS',
                logs: (t.receipt['logs'] as RpcObject[]).map((log) => ({
                    address: getAddress(log['address'] as string),
                    logIndex: toNumber(log['logIndex']),
                    data: log['data'],
                    topics: log['topics'],
                })),
            },
        });
        if (t.fn) {
            lines.push({
                type: 'CALL_EXECUTION_STATE_COMPLETE',
                futureId,
                result: { type: 'SUCCESS' },
            });
        } else {
            const address = getAddress(t.meta.address);
            deployed[futureId] = address;
            lines.push({
                type: 'DEPLOYMENT_EXECUTION_STATE_COMPLETE',
                futureId,
                result: { type: 'SUCCESS', address },
            });
            // storeNamedArtifact and storeBuildInfo: the artifact, its debug file, the build info.
            const artifact = JSON.parse(
                readFileSync(treeArtifactPaths(t.meta.contractName).hardhat, 'utf8'),
            ) as unknown;
            write(`${dir}/artifacts/${futureId}.json`, JSON.stringify(artifact, undefined, 2));
            write(
                `${dir}/artifacts/${futureId}.dbg.json`,
                JSON.stringify(
                    { _format: 'hh-sol-dbg-1', buildInfo: `../build-info/${buildInfo.id}.json` },
                    undefined,
                    2,
                ),
            );
        }
    }
    write(`${dir}/build-info/${buildInfo.id}.json`, JSON.stringify(buildInfo.json, undefined, 2));
    write(`${dir}/deployed_addresses.json`, `${JSON.stringify(deployed, undefined, 2)}\n`);
    write(
        `${dir}/journal.jsonl`,
        lines.map((line) => `\n${JSON.stringify(line, ignitionReplacer)}`).join(''),
    );
}

/** Ignition's journal replacer: keys sorted, bigints as `{ _kind: 'bigint', value }`. */
function ignitionReplacer(_key: string, value: unknown): unknown {
    if (typeof value === 'bigint') return { _kind: 'bigint', value: value.toString(10) };
    if (value instanceof Object && !Array.isArray(value)) {
        const object = value as Record<string, unknown>;
        return Object.fromEntries(
            Object.keys(object)
                .sort()
                .map((key) => [key, object[key]]),
        );
    }
    return value;
}

/** Solidity values as Ignition keeps them: addresses checksummed, integers as bigints. */
function ignitionValue(value: unknown): unknown {
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value);
    return value;
}

function ignitionFees(tx: RpcObject): Record<string, bigint> {
    if (typeof tx['maxFeePerGas'] === 'string') {
        return {
            maxFeePerGas: BigInt(tx['maxFeePerGas']),
            maxPriorityFeePerGas: BigInt(tx['maxPriorityFeePerGas'] as string),
        };
    }
    return { gasPrice: BigInt(tx['gasPrice'] as string) };
}

interface BuildInfo {
    id: string;
    input: unknown;
    output: {
        contracts: Record<string, Record<string, Record<string, unknown>>>;
    };
}

let cachedBuildInfo: { id: string; json: BuildInfo } | undefined;

/** The Hardhat tree's one build info, found through an artifact's debug file. */
function hardhatBuildInfo(): { id: string; json: BuildInfo } {
    if (cachedBuildInfo) return cachedBuildInfo;
    const artifact = treeArtifactPaths('ExplorerToken').hardhat;
    const debug = JSON.parse(readFileSync(artifact.replace(/\.json$/, '.dbg.json'), 'utf8')) as {
        buildInfo: string;
    };
    const json = JSON.parse(
        readFileSync(path.resolve(path.dirname(artifact), debug.buildInfo), 'utf8'),
    ) as BuildInfo;
    cachedBuildInfo = { id: json.id, json };
    return cachedBuildInfo;
}

// --- hardhat-deploy -----------------------------------------------------------------------------

function writeHardhatDeploy(chain: ChainRecords, network: string, write: Write): void {
    const dir = `hardhat/deployments/${network}`;
    write(`${dir}/.chainId`, String(chain.chainId));
    const buildInfo = hardhatBuildInfo();
    // getExtendedArtifactFromFolders: the input as hardhat-deploy stringifies it, named by a
    // 128-bit hash of that text (murmur-128 there; any hash of that length names the file alike,
    // and readers only follow the name).
    const solcInput = JSON.stringify(buildInfo.json.input, null, '  ');
    const solcInputHash = createHash('md5').update(solcInput).digest('hex');
    write(`${dir}/solcInputs/${solcInputHash}.json`, solcInput);
    for (const t of chain.hardhat) {
        if (t.fn) continue;
        const artifact = JSON.parse(
            readFileSync(treeArtifactPaths(t.meta.contractName).hardhat, 'utf8'),
        ) as HardhatArtifactFile;
        const output = buildInfo.json.output.contracts[artifact.sourceName]?.[
            artifact.contractName
        ] as Record<string, unknown>;
        const deployment = {
            address: getAddress(t.meta.address),
            abi: artifact.abi,
            transactionHash: t.meta.hash,
            receipt: ethersReceipt(t.receipt),
            args: t.args.map(hardhatDeployArg),
            numDeployments: 1,
            solcInputHash,
            metadata: output['metadata'],
            bytecode: artifact.bytecode,
            deployedBytecode: artifact.deployedBytecode,
            devdoc: output['devdoc'],
            userdoc: output['userdoc'],
            storageLayout: output['storageLayout'],
        };
        write(`${dir}/${t.meta.contractName}.json`, JSON.stringify(deployment, null, '  '));
    }
}

/** The fields `saveDeployment` keeps of an ethers v5 receipt, BigNumbers as decimal strings. */
function ethersReceipt(raw: RpcObject): RpcObject {
    const address = (value: unknown) => (typeof value === 'string' ? getAddress(value) : null);
    return {
        to: address(raw['to']),
        from: address(raw['from']),
        contractAddress: address(raw['contractAddress']),
        transactionIndex: toNumber(raw['transactionIndex']),
        gasUsed: BigInt(raw['gasUsed'] as string).toString(),
        logsBloom: raw['logsBloom'],
        blockHash: raw['blockHash'],
        transactionHash: raw['transactionHash'],
        logs: (raw['logs'] as RpcObject[]).map((log) => ({
            transactionIndex: toNumber(log['transactionIndex']),
            blockNumber: toNumber(log['blockNumber']),
            transactionHash: log['transactionHash'],
            address: getAddress(log['address'] as string),
            topics: log['topics'],
            data: log['data'],
            logIndex: toNumber(log['logIndex']),
            blockHash: log['blockHash'],
        })),
        blockNumber: toNumber(raw['blockNumber']),
        cumulativeGasUsed: BigInt(raw['cumulativeGasUsed'] as string).toString(),
        status: toNumber(raw['status']),
        byzantium: true,
    };
}

/** The deploy script's arguments: small integers as numbers, large ones as decimal strings. */
function hardhatDeployArg(value: unknown): unknown {
    if (typeof value === 'bigint') {
        return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
    }
    return value;
}
