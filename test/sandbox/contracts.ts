/**
 * The real-node tier's contracts (test/realnode/contract: ExplorerToken, ExplorerVault, Counter)
 * as the sandbox's C-Chains hold them. Their code is the runtime bytecode of the committed Foundry
 * artifacts (test/fixtures/contracts-workspace/foundry/out), the vault's with its immutables
 * written into the ranges its `immutableReferences` name, as its constructor does on a real chain,
 * so that a workspace can only match it by masking them. What each function does is modelled
 * here after the .sol files, with the artifacts' ABIs doing the encoding, so that the scripted
 * transactions' input, events and revert data, and `eth_call` at any block, are the bytes the
 * compiled contracts give (test/unit/sandbox/sandbox.contracts.test.ts decodes them with viem).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    decodeFunctionData,
    encodeAbiParameters,
    encodeDeployData,
    encodeErrorResult,
    encodeEventTopics,
    encodeFunctionData,
    encodeFunctionResult,
    parseEther,
    type Abi,
    type AbiEvent,
    type AbiFunction,
    type Hex,
} from 'viem';

export type ContractName = 'ExplorerToken' | 'ExplorerVault' | 'Counter';

/** The part of a Foundry `out/<File>.sol/<Contract>.json` the sandbox reads. */
export interface FoundryArtifact {
    abi: Abi;
    bytecode: { object: Hex };
    deployedBytecode: {
        object: Hex;
        /** AST id of each immutable → its byte ranges in the runtime code. */
        immutableReferences?: Record<string, { start: number; length: number }[]>;
    };
}

/** test/fixtures/contracts-workspace, from the compiled out/test/sandbox (tsc copies no JSON). */
export const contractsWorkspaceDir = path.resolve(
    __dirname,
    '..',
    '..',
    '..',
    'test',
    'fixtures',
    'contracts-workspace',
);

export function foundryArtifactPath(name: ContractName): string {
    return path.join(contractsWorkspaceDir, 'foundry', 'out', `${name}.sol`, `${name}.json`);
}

const artifacts = new Map<ContractName, FoundryArtifact>();

export function foundryArtifact(name: ContractName): FoundryArtifact {
    let artifact = artifacts.get(name);
    if (!artifact) {
        artifact = JSON.parse(readFileSync(foundryArtifactPath(name), 'utf8')) as FoundryArtifact;
        artifacts.set(name, artifact);
    }
    return artifact;
}

/**
 * The runtime code with each immutable's 32-byte word written in. `words` follow the
 * declaration order of the immutables, which is the order of their AST ids: solc numbers the
 * nodes of a source as it reads them.
 */
export function runtimeCode(artifact: FoundryArtifact, words: readonly Hex[]): Hex {
    const refs = artifact.deployedBytecode.immutableReferences ?? {};
    const ids = Object.keys(refs).sort((a, b) => Number(a) - Number(b));
    if (ids.length !== words.length)
        throw new Error(`${ids.length} immutables, ${words.length} values given`);
    const code = artifact.deployedBytecode.object.slice(2).split('');
    ids.forEach((id, i) => {
        const word = words[i]!.slice(2);
        for (const { start, length } of refs[id]!) {
            if (length !== 32 || word.length !== 64) throw new Error(`immutable ${id} is no word`);
            code.splice(start * 2, 64, ...word);
        }
    });
    return `0x${code.join('')}`;
}

/**
 * What the Foundry tree's script/Deploy.s.sol sends (test/realnode/contract/Deploy.s.sol), then
 * the Counter call and the arguments of the two vault calls the real-node activity has mined with
 * status 0 (test/realnode/activity.ts).
 */
export const explorerScript = {
    tokenArgs: ['Explorer Token', 'EXT', parseEther('1000000')] as const,
    vaultMaxDeposit: 1_000n,
    transfer: parseEther('250'),
    approve: parseEther('100'),
    deposit: 500n,
    counterAdd: 5n,
    /** Above the 500 deposited: `require` fails. */
    withdraw: 10_000n,
} as const;

/** A call's input, and the function's signature as the Data API names a method. */
export function encodeCall(
    contract: ContractName,
    functionName: string,
    args: readonly unknown[],
): { data: Hex; signature: string } {
    const abi = foundryArtifact(contract).abi;
    const fn = abi.find((e): e is AbiFunction => e.type === 'function' && e.name === functionName);
    if (!fn) throw new Error(`no function ${contract}.${functionName}`);
    return {
        data: encodeFunctionData({ abi: [fn], functionName, args }),
        signature: `${fn.name}(${fn.inputs.map((i) => i.type).join(',')})`,
    };
}

/** What `require(condition, reason)` reverts with. */
const errorAbi = [
    { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
] as const;
/** What checked arithmetic reverts with; 0x11 is an overflow. */
const panicAbi = [
    { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const;
const maxUint256 = (1n << 256n) - 1n;
const zeroAddress = '0x0000000000000000000000000000000000000000';

export interface EvmLog {
    /** Lower-case. */
    address: string;
    topics: Hex[];
    data: Hex;
}

export type CallOutcome =
    { ok: true; returnData: Hex; logs: EvmLog[] } | { ok: false; revertData: Hex };

interface TokenState {
    kind: 'ExplorerToken';
    name: string;
    symbol: string;
    totalSupply: bigint;
    balances: Map<string, bigint>;
    /** Keyed by `owner:spender`. */
    allowances: Map<string, bigint>;
}

interface VaultState {
    kind: 'ExplorerVault';
    owner: string;
    maxDeposit: bigint;
    deposits: Map<string, bigint>;
}

interface CounterState {
    kind: 'Counter';
    count: bigint;
    lastCaller: string;
}

type Instance = TokenState | VaultState | CounterState;
/** Lower-case address → contract state. */
type World = Map<string, Instance>;

/** A revert inside the model, unwound to `execute`. */
class Revert extends Error {
    constructor(readonly data: Hex) {
        super('reverted');
    }
}

function cloneWorld(world: World): World {
    const out: World = new Map();
    for (const [address, s] of world) {
        switch (s.kind) {
            case 'ExplorerToken':
                out.set(address, {
                    ...s,
                    balances: new Map(s.balances),
                    allowances: new Map(s.allowances),
                });
                break;
            case 'ExplorerVault':
                out.set(address, { ...s, deposits: new Map(s.deposits) });
                break;
            case 'Counter':
                out.set(address, { ...s });
                break;
        }
    }
    return out;
}

/** The state of the contracts after every transaction that changed it, per block. */
export class ContractsModel {
    private world: World = new Map();
    private readonly history: { block: number; world: World }[] = [];

    /**
     * Creates `name` at `address`, sent by `from`: the creation input (the artifact's bytecode and
     * the constructor arguments), the runtime code it leaves and the constructor's events.
     */
    create(
        block: number,
        from: string,
        address: string,
        name: ContractName,
        args: readonly unknown[],
    ): { input: Hex; runtime: Hex; logs: EvmLog[] } {
        const artifact = foundryArtifact(name);
        const sender = from.toLowerCase();
        const at = address.toLowerCase();
        const input = encodeDeployData({
            abi: artifact.abi,
            bytecode: artifact.bytecode.object,
            args,
        });
        const logs: EvmLog[] = [];
        let instance: Instance;
        let words: Hex[] = [];
        switch (name) {
            case 'ExplorerToken': {
                const [tokenName, symbol, supply] = args as [string, string, bigint];
                instance = {
                    kind: name,
                    name: tokenName,
                    symbol,
                    totalSupply: supply,
                    balances: new Map([[sender, supply]]),
                    allowances: new Map(),
                };
                logs.push(
                    eventLog(artifact.abi, at, 'Transfer', {
                        from: zeroAddress,
                        to: sender,
                        value: supply,
                    }),
                );
                break;
            }
            case 'ExplorerVault': {
                const [maxDeposit] = args as [bigint];
                instance = { kind: name, owner: sender, maxDeposit, deposits: new Map() };
                // owner, then maxDeposit: their order in ExplorerVault.sol.
                words = [
                    encodeAbiParameters([{ type: 'address' }], [sender as Hex]),
                    encodeAbiParameters([{ type: 'uint256' }], [maxDeposit]),
                ];
                break;
            }
            case 'Counter':
                instance = { kind: name, count: 0n, lastCaller: zeroAddress };
                break;
        }
        const world = cloneWorld(this.world);
        world.set(at, instance);
        this.commit(block, world);
        return { input, runtime: runtimeCode(artifact, words), logs };
    }

    /** A mined call of `block`: what it changes stays when it succeeds. */
    transact(block: number, from: string, to: string, data: Hex): CallOutcome {
        const world = cloneWorld(this.world);
        const outcome = execute(world, from.toLowerCase(), to.toLowerCase(), data, 0n);
        if (outcome.ok) this.commit(block, world);
        return outcome;
    }

    /**
     * `eth_call` on the state at the end of `block`; undefined when no modelled contract is at
     * `to` then (the caller answers as for any other address).
     */
    call(
        block: number,
        from: string,
        to: string,
        data: Hex,
        value: bigint,
    ): CallOutcome | undefined {
        let at: World | undefined;
        for (const entry of this.history) {
            if (entry.block > block) break;
            at = entry.world;
        }
        if (!at?.has(to.toLowerCase())) return undefined;
        return execute(cloneWorld(at), from.toLowerCase(), to.toLowerCase(), data, value);
    }

    private commit(block: number, world: World): void {
        this.world = world;
        this.history.push({ block, world: cloneWorld(world) });
    }
}

function eventLog(
    abi: Abi,
    address: string,
    name: string,
    values: Record<string, unknown>,
): EvmLog {
    const event = abi.find((e): e is AbiEvent => e.type === 'event' && e.name === name);
    if (!event) throw new Error(`no event ${name}`);
    const indexed = event.inputs.filter((i) => i.indexed);
    const rest = event.inputs.filter((i) => !i.indexed);
    const topics = encodeEventTopics({
        abi: [event],
        eventName: name,
        args: Object.fromEntries(indexed.map((i) => [i.name!, values[i.name!]])),
    }) as Hex[];
    const data = rest.length
        ? encodeAbiParameters(
              rest,
              rest.map((i) => values[i.name!]),
          )
        : '0x';
    return { address, topics, data };
}

/** Runs one call on `world` (changed in place) the way the contract's code would. */
function execute(world: World, from: string, to: string, data: Hex, value: bigint): CallOutcome {
    const self = world.get(to);
    if (!self) return { ok: true, returnData: '0x', logs: [] };
    const abi = foundryArtifact(self.kind).abi;
    let decoded: { functionName: string; args: readonly unknown[] };
    try {
        const d = decodeFunctionData({ abi, data });
        decoded = { functionName: d.functionName, args: d.args ?? [] };
    } catch {
        // No fallback function: an unknown selector or short arguments revert without data.
        return { ok: false, revertData: '0x' };
    }
    const fn = abi.find(
        (e): e is AbiFunction => e.type === 'function' && e.name === decoded.functionName,
    )!;
    if (value > 0n && fn.stateMutability !== 'payable') return { ok: false, revertData: '0x' };
    const logs: EvmLog[] = [];
    const emit = (name: string, values: Record<string, unknown>): void => {
        logs.push(eventLog(abi, to, name, values));
    };
    const fail = (errorName: string, args: readonly unknown[]): never => {
        throw new Revert(encodeErrorResult({ abi, errorName, args }));
    };
    const require = (condition: boolean, message: string): void => {
        if (!condition) {
            throw new Revert(
                encodeErrorResult({ abi: errorAbi, errorName: 'Error', args: [message] }),
            );
        }
    };
    const checked = (sum: bigint): bigint => {
        if (sum > maxUint256) {
            throw new Revert(
                encodeErrorResult({ abi: panicAbi, errorName: 'Panic', args: [0x11n] }),
            );
        }
        return sum;
    };
    const ctx: Ctx = { from, emit, fail, require, checked };
    try {
        let result: unknown;
        switch (self.kind) {
            case 'ExplorerToken':
                result = token(self, ctx, decoded.functionName, decoded.args);
                break;
            case 'ExplorerVault':
                result = vault(self, ctx, decoded.functionName, decoded.args);
                break;
            case 'Counter':
                result = counter(self, ctx, decoded.functionName, decoded.args);
                break;
        }
        const returnData =
            fn.outputs.length === 0
                ? '0x'
                : encodeFunctionResult({
                      abi,
                      functionName: decoded.functionName,
                      result,
                  });
        return { ok: true, returnData, logs };
    } catch (e) {
        if (e instanceof Revert) return { ok: false, revertData: e.data };
        throw e;
    }
}

interface Ctx {
    /** msg.sender, lower-case. */
    from: string;
    emit(name: string, values: Record<string, unknown>): void;
    fail(errorName: string, args: readonly unknown[]): never;
    require(condition: boolean, message: string): void;
    checked(sum: bigint): bigint;
}

const lower = (address: unknown): string => (address as string).toLowerCase();

function token(s: TokenState, ctx: Ctx, fn: string, args: readonly unknown[]): unknown {
    const balance = (account: string): bigint => s.balances.get(account) ?? 0n;
    const allowance = (owner: string, spender: string): bigint =>
        s.allowances.get(`${owner}:${spender}`) ?? 0n;
    const move = (from: string, to: string, value: bigint): void => {
        const held = balance(from);
        if (held < value) ctx.fail('InsufficientBalance', [from, held, value]);
        s.balances.set(from, held - value);
        s.balances.set(to, ctx.checked(balance(to) + value));
        ctx.emit('Transfer', { from, to, value });
    };
    switch (fn) {
        case 'name':
            return s.name;
        case 'symbol':
            return s.symbol;
        case 'decimals':
            return 18;
        case 'totalSupply':
            return s.totalSupply;
        case 'balanceOf':
            return balance(lower(args[0]));
        case 'allowance':
            return allowance(lower(args[0]), lower(args[1]));
        case 'transfer':
            move(ctx.from, lower(args[0]), args[1] as bigint);
            return true;
        case 'approve': {
            const spender = lower(args[0]);
            const value = args[1] as bigint;
            s.allowances.set(`${ctx.from}:${spender}`, value);
            ctx.emit('Approval', { owner: ctx.from, spender, value });
            return true;
        }
        case 'transferFrom': {
            const [from, to, value] = [lower(args[0]), lower(args[1]), args[2] as bigint];
            const allowed = allowance(from, ctx.from);
            ctx.require(allowed >= value, 'ExplorerToken: allowance exceeded');
            s.allowances.set(`${from}:${ctx.from}`, allowed - value);
            move(from, to, value);
            return true;
        }
    }
    throw new Error(`ExplorerToken.${fn} is not modelled`);
}

function vault(s: VaultState, ctx: Ctx, fn: string, args: readonly unknown[]): unknown {
    const deposited = (account: string): bigint => s.deposits.get(account) ?? 0n;
    switch (fn) {
        case 'owner':
            return s.owner;
        case 'maxDeposit':
            return s.maxDeposit;
        case 'deposits':
            return deposited(lower(args[0]));
        case 'deposit': {
            const amount = args[0] as bigint;
            if (amount > s.maxDeposit) ctx.fail('TooLarge', [amount, s.maxDeposit]);
            const total = ctx.checked(deposited(ctx.from) + amount);
            s.deposits.set(ctx.from, total);
            ctx.emit('Deposited', { account: ctx.from, amount, total });
            return undefined;
        }
        case 'withdraw': {
            const amount = args[0] as bigint;
            const total = deposited(ctx.from);
            ctx.require(total >= amount, 'ExplorerVault: insufficient deposit');
            s.deposits.set(ctx.from, total - amount);
            ctx.emit('Withdrawn', { account: ctx.from, amount, total: total - amount });
            return undefined;
        }
    }
    throw new Error(`ExplorerVault.${fn} is not modelled`);
}

function counter(s: CounterState, ctx: Ctx, fn: string, args: readonly unknown[]): unknown {
    const add = (amount: bigint): void => {
        s.count = ctx.checked(s.count + amount);
        s.lastCaller = ctx.from;
        ctx.emit('Incremented', { by: ctx.from, amount, newCount: s.count });
    };
    switch (fn) {
        case 'count':
            return s.count;
        case 'lastCaller':
            return s.lastCaller;
        case 'increment':
            add(1n);
            return undefined;
        case 'add':
            add(args[0] as bigint);
            return undefined;
        case 'reset':
            s.count = 0n;
            ctx.emit('Reset', { by: ctx.from });
            return undefined;
    }
    throw new Error(`Counter.${fn} is not modelled`);
}
