/**
 * Deployment records: which contract is at which address on which chain, and which transactions
 * made it, from Foundry's broadcasts, Hardhat Ignition's deployment folders and hardhat-deploy's
 * `deployments/`. Same rules as `artifacts.ts`: a path and a text in, never an exception out, and
 * every string bounded and checked before it is kept.
 *
 * Formats, as checked in the tools' sources:
 * - Foundry `broadcast/<Script>.s.sol/<chainId>/<sig>-latest.json` (`run-latest.json` for the
 *   default `run()`), with a copy `run-<unix time>.json` per run, and
 *   `broadcast/multi/<Script>.s.sol-latest/<sig>.json` for a multi-chain run: `ScriptSequence`
 *   (`transactions`, `receipts`, `libraries`, `pending`, `returns`, `timestamp`, `chain`, `commit`)
 *   in https://github.com/foundry-rs/foundry/blob/master/crates/script-sequence/src/sequence.rs and
 *   `MultiChainSequence` (`deployments`: ScriptSequence[]) in `multi_sequence.rs`; each transaction
 *   is `TransactionWithMetadata` in `transaction.rs`, camelCase: `hash`, `transactionType`
 *   (`CallKind` of https://github.com/paradigmxyz/revm-inspectors/blob/main/src/tracing/types.rs,
 *   upper-cased: `CALL`, `STATICCALL`, `CREATE`, `CREATE2`, `EOFCREATE`, …), `contractName`,
 *   `contractAddress`, `function`, `arguments`, `transaction` (the request: `from`, `to`, …),
 *   `additionalContracts` (`transactionType`, `contractName`, `address`, `initCode`),
 *   `isFixedGasLimit`. Receipts are the JSON-RPC receipt (`transactionHash`, `status`,
 *   `contractAddress`). `dry-run/` folders hold simulations, whose addresses were never deployed:
 *   `classify` leaves them out.
 * - Hardhat Ignition `ignition/deployments/<deployment id>/`, the id `chain-<chainId>` unless the
 *   user chose one: `deployed_addresses.json` (`{ "<futureId>": "0x…" }`, `recordDeployedAddress`),
 *   `journal.jsonl` (one `JournalMessage` a line) and `artifacts/<futureId>.json`
 *   (https://github.com/NomicFoundation/hardhat-ignition/blob/main/packages/core/src/internal/deployment-loader/file-deployment-loader.ts,
 *   messages in `packages/core/src/internal/execution/types/messages.ts` and `jsonrpc.ts`).
 *   From the journal: `DEPLOYMENT_INITIALIZE` (`chainId`), `DEPLOYMENT_EXECUTION_STATE_INITIALIZE`
 *   and `CALL_EXECUTION_STATE_INITIALIZE` (`futureId`, `contractName`, `functionName`,
 *   `contractAddress`), `TRANSACTION_CONFIRM` (`futureId`, `hash`, `receipt.contractAddress`) and
 *   `WIPE_APPLY` (the future's record is void).
 * - hardhat-deploy `deployments/<network>/<Name>.json`: `Deployment` (`address`, `abi`,
 *   `transactionHash`, `receipt` { `from`, `to`, `contractAddress`, … }, `metadata`, `bytecode`,
 *   `deployedBytecode`, `implementation`, …) in
 *   https://github.com/wighawag/hardhat-deploy/blob/029307a8d8fbbf86fd07a54392a00b8f3b1d514e/types.ts, and
 *   `deployments/<network>/.chainId`, the decimal chain id as text, written beside the first
 *   deployment (`DeploymentsManager` in `src/DeploymentsManager.ts`, which also writes
 *   `.migrations.json` there). `solcInputs/` is not records.
 */
import { abiProblems, readAbi } from './abi';
import { nothingFrom } from './artifacts';
import {
    address,
    baseName,
    chainId as chainIdOf,
    dirOf,
    field,
    hash32,
    isObject,
    maxWorkspaceFileChars,
    parseJson,
    Problems,
    text,
} from './json';
import type { DeployedContract, FileKnowledge, Origin, RecordedTransaction } from './types';

/** Most transactions read from one broadcast or journal. */
const maxTransactionsPerFile = 5_000;
/** Most deployment records read from one file. */
const maxDeploymentsPerFile = 5_000;
/** Most chains read from one multi-chain broadcast. */
const maxSequencesPerFile = 64;
/** Most journal lines read; a journal is a few lines per future. */
const maxJournalLines = 200_000;
/** Longest journal line parsed: the interesting ones are small, a constructor's data is not. */
const maxJournalLineChars = 64 * 1024;

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]{0,255}$/;
const callKind = /^[A-Z0-9]{1,16}$/;
/** A function signature as Foundry writes it: `name(type,…)`, types without spaces. */
const signaturePattern = /^[A-Za-z_$][A-Za-z0-9_$]*\([A-Za-z0-9_$,()[\]]*\)$/;

function contractName(value: unknown): string | undefined {
    return typeof value === 'string' && identifier.test(value) ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Foundry broadcasts

interface Receipt {
    readonly ok: boolean;
    readonly contractAddress?: string;
}

function readReceipts(value: unknown): Map<string, Receipt> {
    const receipts = new Map<string, Receipt>();
    if (!Array.isArray(value)) return receipts;
    for (const receipt of value.slice(0, maxTransactionsPerFile)) {
        const hash = hash32(field(receipt, 'transactionHash'));
        if (hash === undefined) continue;
        const status = field(receipt, 'status');
        // `0x1` in the JSON-RPC form; a pre-Byzantium receipt has no status, and counts as mined.
        const failed = status === '0x0' || status === 0 || status === false;
        const created = address(field(receipt, 'contractAddress'));
        receipts.set(hash, { ok: !failed, ...(created ? { contractAddress: created } : {}) });
    }
    return receipts;
}

interface Sink {
    readonly deployments: DeployedContract[];
    readonly transactions: RecordedTransaction[];
    readonly problems: Problems;
    overCap: number;
}

function pushDeployment(sink: Sink, record: DeployedContract): void {
    if (sink.deployments.length < maxDeploymentsPerFile) sink.deployments.push(record);
    else sink.overCap++;
}

function pushTransaction(sink: Sink, record: RecordedTransaction): void {
    if (sink.transactions.length < maxTransactionsPerFile) sink.transactions.push(record);
    else sink.overCap++;
}

/**
 * One `ScriptSequence`. Only transactions with a hash and a receipt that did not fail are
 * recorded: a run cut short leaves later transactions unsent, with addresses that were only
 * predicted.
 */
function readSequence(
    sequence: unknown,
    pathChainId: string | undefined,
    origin: Origin,
    sink: Sink,
): void {
    const declared = chainIdOf(field(sequence, 'chain'));
    if (pathChainId !== undefined && declared !== undefined && declared !== pathChainId) {
        sink.problems.add(`\`chain\` ${declared} differs from the folder's ${pathChainId}`);
    }
    const chain = pathChainId ?? declared;
    const transactions = field(sequence, 'transactions');
    if (!Array.isArray(transactions)) {
        sink.problems.add('no `transactions` array');
        return;
    }
    const receipts = readReceipts(field(sequence, 'receipts'));
    sink.overCap += Math.max(0, transactions.length - maxTransactionsPerFile);
    let unconfirmed = 0;
    for (const tx of transactions.slice(0, maxTransactionsPerFile)) {
        const hash = hash32(field(tx, 'hash'));
        const receipt = hash === undefined ? undefined : receipts.get(hash);
        if (hash === undefined || !receipt?.ok) {
            unconfirmed++;
            continue;
        }
        const kindValue = field(tx, 'transactionType');
        const kind =
            typeof kindValue === 'string' && callKind.test(kindValue) ? kindValue : undefined;
        const name = contractName(field(tx, 'contractName'));
        const created = kind?.includes('CREATE') === true;
        const at =
            address(field(tx, 'contractAddress')) ??
            (created ? receipt.contractAddress : undefined);
        const fn = field(tx, 'function');
        const inner = field(tx, 'transaction');
        const from = address(field(inner, 'from'));
        const to = address(field(inner, 'to'));
        pushTransaction(sink, {
            ...(chain !== undefined ? { chainId: chain } : {}),
            hash,
            ...(name !== undefined ? { contractName: name } : {}),
            ...(at !== undefined ? { contractAddress: at } : {}),
            ...(kind !== undefined ? { kind } : {}),
            ...(typeof fn === 'string' && fn.length <= 1024 && signaturePattern.test(fn)
                ? { functionSignature: fn }
                : {}),
            ...(from !== undefined ? { from } : {}),
            ...(to !== undefined ? { to } : {}),
            origin,
        });
        if (created && at !== undefined) {
            pushDeployment(sink, {
                ...(chain !== undefined ? { chainId: chain } : {}),
                address: at,
                ...(name !== undefined ? { contractName: name } : {}),
                txHash: hash,
                origin,
            });
        }
        const additional = field(tx, 'additionalContracts');
        if (!Array.isArray(additional)) continue;
        for (const extra of additional.slice(0, maxDeploymentsPerFile)) {
            const extraAddress = address(field(extra, 'address'));
            if (extraAddress === undefined) continue;
            const extraName = contractName(field(extra, 'contractName'));
            pushDeployment(sink, {
                ...(chain !== undefined ? { chainId: chain } : {}),
                address: extraAddress,
                ...(extraName !== undefined ? { contractName: extraName } : {}),
                txHash: hash,
                origin,
            });
        }
    }
    if (unconfirmed > 0) {
        sink.problems.add(
            `${unconfirmed} transaction(s) without a hash or a successful receipt not recorded`,
        );
    }
}

function newSink(file: string): Sink {
    return { deployments: [], transactions: [], problems: new Problems(file), overCap: 0 };
}

function sinkKnowledge(file: string, sink: Sink): FileKnowledge {
    if (sink.overCap > 0) {
        sink.problems.add(
            `${sink.overCap} records past the first ${maxDeploymentsPerFile} deployments or ${maxTransactionsPerFile} transactions not read`,
        );
    }
    return {
        file,
        artifacts: [],
        deployments: sink.deployments,
        transactions: sink.transactions,
        problems: sink.problems.list(),
    };
}

/**
 * A Foundry broadcast: `broadcast/<Script>.s.sol/<chainId>/*.json`, the chain id from the folder
 * (checked against the file's `chain`), or a multi-chain `broadcast/multi/…/*.json` whose
 * sequences each say their `chain`.
 */
export function parseFoundryBroadcast(file: string, fileText: string): FileKnowledge {
    const sink = newSink(file);
    const json = parseJson(fileText, sink.problems);
    if (json === undefined) return sinkKnowledge(file, sink);
    const origin: Origin = { tool: 'foundry-broadcast', file };
    const multi = field(json, 'deployments');
    if (Array.isArray(multi)) {
        for (const sequence of multi.slice(0, maxSequencesPerFile)) {
            readSequence(sequence, undefined, origin, sink);
        }
        return sinkKnowledge(file, sink);
    }
    if (!isObject(json)) {
        sink.problems.add('not a Foundry broadcast (no JSON object)');
        return sinkKnowledge(file, sink);
    }
    const segments = file.split('/');
    const pathChainId = chainIdOf(segments[segments.length - 2]);
    readSequence(json, pathChainId, origin, sink);
    return sinkKnowledge(file, sink);
}

// ---------------------------------------------------------------------------------------------
// Hardhat Ignition

/** The chain id a deployment folder's name says (`chain-43113`), if it follows the default. */
function ignitionFolderChainId(file: string): string | undefined {
    const folder = baseName(dirOf(file));
    const match = /^chain-([0-9]{1,20})$/.exec(folder);
    return match ? chainIdOf(match[1]) : undefined;
}

/**
 * A future id: `<module id>#<name>`, `Module#Counter.setNumber`, … (identifiers joined by `#`, `.`
 * and `~`); every one has the module's `#`.
 */
const futureIdPattern = /^[A-Za-z0-9_$][A-Za-z0-9_$.~-]{0,255}#[A-Za-z0-9_$#.~-]{1,255}$/;

/** `deployed_addresses.json`: `{ "<futureId>": "0x…" }`. */
export function parseIgnitionAddresses(file: string, fileText: string): FileKnowledge {
    const sink = newSink(file);
    const json = parseJson(fileText, sink.problems);
    if (json === undefined) return sinkKnowledge(file, sink);
    if (!isObject(json)) {
        sink.problems.add('not an Ignition deployed_addresses.json (no JSON object)');
        return sinkKnowledge(file, sink);
    }
    const chain = ignitionFolderChainId(file);
    const origin: Origin = { tool: 'hardhat-ignition', file };
    let malformed = 0;
    for (const futureId of Object.keys(json)) {
        const at = address(json[futureId]);
        if (at === undefined || !futureIdPattern.test(futureId)) {
            malformed++;
            continue;
        }
        // The default future id of `m.contract("Counter")` is `<Module>#Counter`; an id chosen by
        // the user is a name too, just not necessarily a contract's.
        const name = contractName(futureId.slice(futureId.indexOf('#') + 1));
        pushDeployment(sink, {
            ...(chain !== undefined ? { chainId: chain } : {}),
            address: at,
            ...(name !== undefined ? { contractName: name } : {}),
            label: futureId,
            origin,
        });
    }
    if (malformed > 0)
        sink.problems.add(`${malformed} entries that are not futureId → address skipped`);
    return sinkKnowledge(file, sink);
}

/** What the journal says of one future. */
interface Future {
    contractName?: string;
    functionName?: string;
    kind?: 'CREATE' | 'CALL';
    to?: string;
    confirmed: { hash: string; contractAddress?: string }[];
}

/** Journal message types read; a line naming none of them is not parsed at all. */
const journalTypes = [
    'DEPLOYMENT_INITIALIZE',
    'DEPLOYMENT_EXECUTION_STATE_INITIALIZE',
    'CALL_EXECUTION_STATE_INITIALIZE',
    'TRANSACTION_CONFIRM',
    'WIPE_APPLY',
];

/**
 * `journal.jsonl`: the confirmed transactions of each future (deployments and calls), and the
 * chain id of the deployment, which `directoryChainId` hands to `deployed_addresses.json` when the
 * folder has a name of the user's.
 */
export function parseIgnitionJournal(file: string, fileText: string): FileKnowledge {
    const sink = newSink(file);
    if (typeof fileText !== 'string' || fileText.length > maxWorkspaceFileChars) {
        sink.problems.add('skipped: not text, or too large');
        return sinkKnowledge(file, sink);
    }
    const origin: Origin = { tool: 'hardhat-ignition', file };
    const futures = new Map<string, Future>();
    const futureOf = (id: string): Future => {
        let future = futures.get(id);
        if (!future) {
            future = { confirmed: [] };
            futures.set(id, future);
        }
        return future;
    };
    let declaredChain: string | undefined;
    let bad = 0;
    let lines = 0;
    let start = 0;
    while (start < fileText.length && lines < maxJournalLines) {
        let end = fileText.indexOf('\n', start);
        if (end < 0) end = fileText.length;
        const line = fileText.slice(start, end);
        start = end + 1;
        lines++;
        if (line.length > maxJournalLineChars || !journalTypes.some((t) => line.includes(t))) {
            continue;
        }
        let message: unknown;
        try {
            message = JSON.parse(line);
        } catch {
            bad++;
            continue;
        }
        const type = field(message, 'type');
        const futureId = field(message, 'futureId');
        if (type === 'DEPLOYMENT_INITIALIZE') {
            declaredChain = chainIdOf(field(message, 'chainId')) ?? declaredChain;
            continue;
        }
        if (typeof futureId !== 'string' || !futureIdPattern.test(futureId)) continue;
        if (type === 'WIPE_APPLY') {
            futures.delete(futureId);
        } else if (type === 'DEPLOYMENT_EXECUTION_STATE_INITIALIZE') {
            const future = futureOf(futureId);
            future.kind = 'CREATE';
            const name = contractName(field(message, 'contractName'));
            if (name !== undefined) future.contractName = name;
        } else if (type === 'CALL_EXECUTION_STATE_INITIALIZE') {
            const future = futureOf(futureId);
            future.kind = 'CALL';
            const fn = text(field(message, 'functionName'), 1024);
            if (fn !== undefined && (identifier.test(fn) || signaturePattern.test(fn))) {
                future.functionName = fn;
            }
            const to = address(field(message, 'contractAddress'));
            if (to !== undefined) future.to = to;
        } else if (type === 'TRANSACTION_CONFIRM') {
            const hash = hash32(field(message, 'hash'));
            if (hash === undefined) continue;
            const created = address(field(field(message, 'receipt'), 'contractAddress'));
            futureOf(futureId).confirmed.push({
                hash,
                ...(created !== undefined ? { contractAddress: created } : {}),
            });
        }
    }
    if (lines >= maxJournalLines && start < fileText.length) {
        sink.problems.add(`lines past the first ${maxJournalLines} not read`);
    }
    if (bad > 0) sink.problems.add(`${bad} journal lines that are not JSON skipped`);
    const folderChain = ignitionFolderChainId(file);
    if (folderChain !== undefined && declaredChain !== undefined && folderChain !== declaredChain) {
        sink.problems.add(
            `the journal's chain ${declaredChain} differs from the folder's ${folderChain}`,
        );
    }
    const chain = folderChain ?? declaredChain;
    for (const [futureId, future] of futures) {
        for (const confirmed of future.confirmed) {
            const at =
                confirmed.contractAddress ?? (future.kind === 'CALL' ? future.to : undefined);
            pushTransaction(sink, {
                ...(chain !== undefined ? { chainId: chain } : {}),
                hash: confirmed.hash,
                ...(future.contractName !== undefined ? { contractName: future.contractName } : {}),
                ...(at !== undefined ? { contractAddress: at } : {}),
                ...(future.kind !== undefined ? { kind: future.kind } : {}),
                ...(future.functionName !== undefined && signaturePattern.test(future.functionName)
                    ? { functionSignature: future.functionName }
                    : {}),
                ...(future.to !== undefined ? { to: future.to } : {}),
                label: futureId,
                origin,
            });
        }
    }
    const knowledge = sinkKnowledge(file, sink);
    return declaredChain !== undefined && folderChain === undefined
        ? { ...knowledge, directoryChainId: { directory: dirOf(file), chainId: declaredChain } }
        : knowledge;
}

// ---------------------------------------------------------------------------------------------
// hardhat-deploy

/** Longest `metadata` string parsed for the contract's real name. */
const maxDeployMetadataChars = 4 * 1024 * 1024;

function compiledName(metadata: unknown): string | undefined {
    if (typeof metadata !== 'string' || metadata.length > maxDeployMetadataChars) return undefined;
    try {
        const target = field(field(JSON.parse(metadata), 'settings'), 'compilationTarget');
        if (!isObject(target)) return undefined;
        const names = Object.values(target);
        return names.length === 1 ? contractName(names[0]) : undefined;
    } catch {
        return undefined;
    }
}

/**
 * `deployments/<network>/<Name>.json`. The record is named by its file (the deployment name, often
 * the contract's); the contract's own name comes from solc's metadata when the record has it. The
 * chain id is the folder's `.chainId`, which the index joins by directory.
 */
export function parseHardhatDeploy(file: string, fileText: string): FileKnowledge {
    const sink = newSink(file);
    const json = parseJson(fileText, sink.problems);
    if (json === undefined) return sinkKnowledge(file, sink);
    const at = address(field(json, 'address'));
    const abi = readAbi(field(json, 'abi'));
    if (!isObject(json) || at === undefined || !abi) {
        sink.problems.add('not a hardhat-deploy deployment (no `address` and `abi`)');
        return sinkKnowledge(file, sink);
    }
    abiProblems(abi, 'abi').forEach((p) => sink.problems.add(p));
    const networkName = text(baseName(dirOf(file)), 128);
    const label = text(baseName(file).replace(/\.json$/, ''), 256);
    const name = compiledName(field(json, 'metadata')) ?? contractName(label);
    const receipt = field(json, 'receipt');
    const txHash =
        hash32(field(json, 'transactionHash')) ?? hash32(field(receipt, 'transactionHash'));
    const origin: Origin = { tool: 'hardhat-deploy', file };
    const base = {
        ...(networkName !== undefined ? { networkName } : {}),
        ...(name !== undefined ? { contractName: name } : {}),
    };
    pushDeployment(sink, {
        ...base,
        address: at,
        ...(label !== undefined ? { label } : {}),
        ...(txHash !== undefined ? { txHash } : {}),
        abi: abi.entries,
        origin,
    });
    if (txHash !== undefined) {
        const from = address(field(receipt, 'from'));
        const to = address(field(receipt, 'to'));
        const created = address(field(receipt, 'contractAddress'));
        pushTransaction(sink, {
            ...base,
            hash: txHash,
            // A proxy's record keeps the proxy's address in `address`; the receipt says what the
            // transaction itself created (or called, through a factory).
            contractAddress: created ?? at,
            ...(created !== undefined ? { kind: 'CREATE' } : {}),
            ...(from !== undefined ? { from } : {}),
            ...(to !== undefined ? { to } : {}),
            ...(label !== undefined ? { label } : {}),
            origin,
        });
    }
    return sinkKnowledge(file, sink);
}

/** `deployments/<network>/.chainId`: the chain id of every record in that folder. */
export function parseHardhatDeployChainId(file: string, fileText: string): FileKnowledge {
    const problems = new Problems(file);
    const chain =
        typeof fileText === 'string' && fileText.length <= 64 ? chainIdOf(fileText) : undefined;
    if (chain === undefined || !/^[0-9]+$/.test(fileText.trim())) {
        problems.add('not a decimal chain id');
        return nothingFrom(file, problems);
    }
    return {
        ...nothingFrom(file, problems),
        directoryChainId: { directory: dirOf(file), chainId: chain },
    };
}
