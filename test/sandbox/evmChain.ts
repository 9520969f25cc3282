/**
 * One generated EVM chain (the C-Chain or a Subnet-EVM L1): blocks, transactions, token contracts,
 * ERC-20/721/1155 transfers, internal transactions and balance histories, all derived from one
 * seed. The same records back the Data API routes and the node's `eth_*` methods, so block
 * numbers, hashes, nonces and balances agree between the two.
 *
 * Amounts are kept as safe integers in scaled units (native: gwei; ERC-20: 10^(decimals-6) base
 * units) so that 100k transactions need no BigInt; `units()` turns them back into base-unit strings.
 */
import type { Hex } from 'viem';

import {
    type CallOutcome,
    type ContractName,
    ContractsModel,
    encodeCall,
    type EvmLog,
    explorerScript,
} from './contracts';
import { cb58Decode, checksumAddress, createAddress, keccakHex, selector, wellKnown } from './ids';
import { deriveSeed, Prng } from './prng';
import { teleporterMessage, type MessageSpec } from './teleporter';
import type { SandboxNetwork } from './types';

export type TokenKind = 'erc20' | 'erc721' | 'erc1155';
export type ContractRole = 'token' | 'router' | 'factory' | 'teleporter' | 'generic';

export interface TokenInfo {
    kind: TokenKind;
    name: string;
    symbol: string;
    decimals: number;
    logoUri: string;
    /** USD price, absent for tokens without a market. */
    priceUsd: number | undefined;
    reputation: 'Malicious' | 'Benign' | null;
}

export interface Account {
    index: number;
    address: string;
    lower: string;
    role: ContractRole | undefined;
    token: TokenInfo | undefined;
    /** Index of the creating transaction, -1 for genesis allocations and wallets. */
    createdBy: number;
    /** The runtime code of a contract built from a real artifact (contracts.ts). */
    runtime?: string;
}

export interface Transfer {
    tx: number;
    logIndex: number;
    token: number;
    from: number;
    to: number;
    /** Scaled amount (ERC-20) or count (ERC-1155); 1 for ERC-721. */
    amount: number;
    tokenId: number;
}

export type InternalType = 'CALL' | 'CREATE' | 'CREATE2' | 'DELEGATECALL' | 'STATICCALL';

export interface Internal {
    tx: number;
    from: number;
    to: number;
    type: InternalType;
    /** gwei */
    value: number;
    gasUsed: number;
    gasLimit: number;
    reverted: boolean;
}

export type TxKind =
    | 'transfer'
    | 'erc20'
    | 'erc721'
    | 'erc1155'
    | 'swapIn'
    | 'swapOut'
    | 'teleporter'
    | 'deploy'
    | 'factory'
    | 'fail'
    /** A call of a contract of contracts.ts, other than a token transfer. */
    | 'call';

/** What a transaction to or creating a contract of contracts.ts carries besides the rest. */
export interface ScriptedTx {
    /** The transaction's input, encoded with the contract's artifact. */
    input: string;
    /** `transfer(address,uint256)`; absent for a creation. */
    signature?: string;
    /** The receipt's logs, all of them (a token Transfer is also in `transfers`). */
    logs: (EvmLog & { logIndex: number })[];
}

export interface EvmTx {
    index: number;
    hash: string;
    kind: TxKind;
    block: number;
    blockIndex: number;
    from: number;
    /** Callee, or the created contract for a deployment. */
    to: number;
    value: number;
    nonce: number;
    gasLimit: number;
    gasUsed: number;
    /** Effective gas price, gwei. */
    gasPrice: number;
    txType: 0 | 2;
    maxFee: number;
    maxPriority: number;
    status: 0 | 1;
    transfers: Transfer[];
    internals: Internal[];
    teleporter:
        | {
              messageId: string;
              direction: 'SOURCE_TRANSACTION' | 'DESTINATION_TRANSACTION';
              peer: string;
              /** The message as TeleporterMessenger built it (`teleporter.ts` encodes its logs). */
              message: MessageSpec;
              /** A delivery whose execution failed (every second linked one): MessageExecutionFailed. */
              executionFails: boolean;
          }
        | undefined;
    /** Token argument of the call (amount or tokenId), used to encode the input. */
    arg: number;
    script?: ScriptedTx;
}

export interface EvmBlock {
    number: number;
    hash: string;
    parentHash: string;
    timestamp: number;
    txStart: number;
    txCount: number;
    gasUsed: number;
    /** gwei */
    baseFee: number;
    size: number;
    miner: string;
}

export interface EvmChainSpec {
    network: SandboxNetwork;
    seed: number;
    evmChainId: number;
    blockchainId: string;
    subnetId: string;
    name: string;
    isCChain: boolean;
    nativeName: string;
    nativeSymbol: string;
    nativePriceUsd: number | undefined;
    /** Shared EVM wallets of the network (20-byte keys). */
    wallets: readonly Uint8Array[];
    blocks: number;
    txPerBlock: number;
    latestTimestamp: number;
    /** Blockchain ids of the chains this one exchanges teleporter messages with. */
    teleporterPeers: readonly string[];
}

/**
 * What the contracts of contracts.ts did on a C-Chain (account and transaction indices), at the
 * start of its last blocks: the transactions of the Foundry tree's script/Deploy.s.sol (two
 * creations, a token transfer, an approval, a deposit) in one block, a Counter and a call of it in
 * the next, then one block each for two vault calls mined with status 0, as the real-node activity
 * sends them (test/realnode/activity.ts).
 */
export interface ContractsShowcase {
    /** Funded at genesis; sends every transaction here. */
    deployer: number;
    /** Gets the token transfer. */
    recipient: number;
    /** Gets the approval. */
    spender: number;
    token: number;
    vault: number;
    counter: number;
    /** The block of the Deploy script's transactions (they come first in it). */
    scriptBlock: number;
    tokenDeployTx: number;
    vaultDeployTx: number;
    tokenTransferTx: number;
    tokenApproveTx: number;
    vaultDepositTx: number;
    counterDeployTx: number;
    counterAddTx: number;
    /** `withdraw(10000)` with 500 deposited: `require` with a reason string. */
    vaultRevertTx: number;
    /** `deposit(1001)` above `maxDeposit` 1000: `TooLarge(1001, 1000)`. */
    vaultCustomErrorTx: number;
}

interface ContractsScript {
    /** Separate from the chain's generator: the random traffic draws the same numbers with it. */
    rng: Prng;
    ids: Partial<ContractsShowcase>;
}

/**
 * Gas used and gas limit of the scripted transactions: plausible figures, with forge's limit of
 * 130% of the estimate, and the fixed 200,000 the real-node activity sends its failing calls with.
 */
const scriptGas = {
    tokenDeploy: [497_312, 646_505],
    vaultDeploy: [255_118, 331_653],
    transfer: [51_592, 67_069],
    approve: [46_362, 60_270],
    deposit: [45_431, 59_060],
    counterDeploy: [163_927, 213_105],
    counterAdd: [70_158, 91_205],
    revert: [23_816, 200_000],
    customError: [22_851, 200_000],
} as const satisfies Record<string, readonly [number, number]>;
/**
 * Legacy transactions at 25 gwei (forge script --legacy): above every base fee of the sandbox, so
 * the effective price, and with it each receipt of the Deploy script, is the same in any block.
 */
const scriptGasPrice = 25;

interface Deltas {
    /** [block, delta, block, delta, …] */
    native: number[];
    /** per token account index: [block, delta, …] */
    erc20: Map<number, number[]>;
}

export interface AddressIndex {
    txs: number[];
    transfers: number[];
    internals: number[];
}

export const zeroAddress = '0x0000000000000000000000000000000000000000';
/** Where fees go on Avalanche: burned to the black-hole address. */
export const blackholeAddress = '0x0100000000000000000000000000000000000000';
const logoBase = 'https://images.ctfassets.net/gcj8jwzm6086';
export const avaxLogo = `${logoBase}/5VHupNKwnDYJvqMENeV7iJ/fdd6326b7a82c8388e4ee9d4be7062d4/avalanche-avax-logo.svg`;

const methods = {
    transfer: 'transfer(address,uint256)',
    nftTransfer: 'safeTransferFrom(address,address,uint256)',
    multiTransfer: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
    swapOut: 'swapExactTokensForAVAX(uint256,uint256,address[],address,uint256)',
    swapIn: 'swapExactAVAXForTokens(uint256,address[],address,uint256)',
    teleporter:
        'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
    factory: 'createPair(address,address)',
    fail: 'claim(uint256)',
} as const;
export const methodSelectors: Record<keyof typeof methods, string> = Object.fromEntries(
    Object.entries(methods).map(([k, sig]) => [k, selector(sig)]),
) as Record<keyof typeof methods, string>;
export const methodSignatures = methods;

export const topics = {
    transfer: keccakHex('Transfer(address,address,uint256)'),
    transferSingle: keccakHex('TransferSingle(address,address,address,uint256,uint256)'),
    sendCrossChainMessage: keccakHex(
        'SendCrossChainMessage(bytes32,bytes32,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes),(address,uint256))',
    ),
    receiveCrossChainMessage: keccakHex(
        'ReceiveCrossChainMessage(bytes32,bytes32,address,address,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes))',
    ),
};

/** 10^n as a string of zeros to append. */
function zeros(n: number): string {
    return '0'.repeat(Math.max(0, n));
}

export class EvmChain {
    readonly accounts: Account[] = [];
    readonly byLower = new Map<string, number>();
    readonly blocks: EvmBlock[] = [];
    readonly txs: EvmTx[] = [];
    readonly transfers: Transfer[] = [];
    readonly internals: Internal[] = [];
    readonly tokenTransfers = new Map<number, number[]>();
    readonly genesisAlloc = new Map<number, number>();
    private readonly deltas = new Map<number, Deltas>();
    private readonly index = new Map<number, AddressIndex>();
    private txByHash: Map<string, number> | undefined;
    private blockByHash: Map<string, number> | undefined;
    private readonly nonces = new Map<number, number>();
    private readonly balances = new Map<number, number>();
    /** Keyed by token * 1e6 + account: numeric keys keep 100k-tx generation light on the GC. */
    private readonly tokenBalances = new Map<number, number>();
    /** Keyed by token * 4096 + tokenId. */
    private readonly nftOwners = new Map<number, number>();
    /** Keyed by (token * 4096 + tokenId) * 1e6 + account. */
    private readonly erc1155Balances = new Map<number, number>();
    readonly starWallet: number;
    readonly deployer: number;
    readonly tokens: { erc20: number[]; spam: number; erc721: number[]; erc1155: number[] };
    readonly router: number;
    readonly factory: number;
    readonly teleporter: number;
    /** Scripted transactions the known ids point at. */
    readonly showcase: { swapTx: number; teleporterTx: number; block: number };
    /** The contracts of contracts.ts and what they did; on the C-Chain only. */
    readonly contracts: ContractsModel | undefined;
    private contractsScript: ContractsScript | undefined;
    private readonly rng: Prng;
    /** TeleporterMessenger's `messageNonce`: one count per chain, the first message 1. */
    private teleporterNonce = 0n;

    constructor(readonly spec: EvmChainSpec) {
        this.rng = new Prng(deriveSeed(spec.seed, 'evm', spec.evmChainId));
        for (const key of spec.wallets) this.addAccount(key, undefined, undefined, -1);
        this.deployer = 0;
        this.starWallet = 1;
        this.teleporter = this.addAccount(
            hexKey(wellKnown.teleporterMessenger),
            'teleporter',
            undefined,
            -1,
        );
        const genesisTs = spec.latestTimestamp - spec.blocks * 2 - 7;
        this.pushBlock(0, genesisTs);
        for (let w = 0; w < spec.wallets.length; w++) {
            const amount =
                w === 0 ? 2_000_000 * 1e9 : w < 4 ? 25_000 * 1e9 : this.rng.int(50, 5000) * 1e9;
            this.genesisAlloc.set(w, amount);
            this.credit(w, amount, 0);
        }
        // Deployments and the scripted showcase fill the first blocks; random traffic follows.
        const d = this.deployer;
        const isC = spec.isCChain;
        const erc20Defs: [string, string, number, number | undefined][] = isC
            ? [
                  ['USD Coin', 'USDC', 6, 1],
                  ['Wrapped AVAX', 'WAVAX', 18, spec.nativePriceUsd],
                  ['Joe Token', 'JOE', 18, 0.42],
                  ['Tether USD', 'USDt', 6, 1],
                  ['Sandbox Unpriced', 'SBX', 18, undefined],
              ]
            : [
                  [`Wrapped ${spec.nativeSymbol}`, `W${spec.nativeSymbol}`, 18, undefined],
                  ['Bridged USDC', 'USDC.e', 6, 1],
                  ['Game Gold', 'GOLD', 18, undefined],
              ];
        let block = 1;
        const erc20: number[] = [];
        for (const [name, symbol, decimals, price] of erc20Defs) {
            erc20.push(
                this.deployToken(block++, {
                    kind: 'erc20',
                    name,
                    symbol,
                    decimals,
                    priceUsd: price,
                    reputation: isC ? 'Benign' : null,
                    logoUri: `${logoBase}/${symbol.toLowerCase()}.png`,
                }),
            );
        }
        const spam = this.deployToken(block++, {
            kind: 'erc20',
            name: 'Claim Rewards at avax-bonus.example',
            symbol: 'FREE',
            decimals: 18,
            priceUsd: undefined,
            reputation: isC ? 'Malicious' : null,
            logoUri: `${logoBase}/free.png`,
        });
        const erc721 = [
            this.deployToken(block++, {
                kind: 'erc721',
                name: isC ? 'Avalanche Apes' : 'Game Heroes',
                symbol: isC ? 'APE' : 'HERO',
                decimals: 0,
                priceUsd: undefined,
                reputation: null,
                logoUri: `${logoBase}/ape.png`,
            }),
            this.deployToken(block++, {
                kind: 'erc721',
                name: 'Sandbox Land',
                symbol: 'LAND',
                decimals: 0,
                priceUsd: undefined,
                reputation: null,
                logoUri: `${logoBase}/land.png`,
            }),
        ];
        const erc1155 = [
            this.deployToken(block++, {
                kind: 'erc1155',
                name: 'Item Forge',
                symbol: 'ITEM',
                decimals: 0,
                priceUsd: undefined,
                reputation: null,
                logoUri: `${logoBase}/item.png`,
            }),
            this.deployToken(block++, {
                kind: 'erc1155',
                name: 'Badge Collection',
                symbol: 'BADGE',
                decimals: 0,
                priceUsd: undefined,
                reputation: null,
                logoUri: `${logoBase}/badge.png`,
            }),
        ];
        this.tokens = { erc20, spam, erc721, erc1155 };
        this.router = this.deployContract(block, 'router');
        this.factory = this.deployContract(block++, 'factory');
        // The router holds liquidity: native from the deployer, tokens from the mint.
        this.sealBlock(block - 1);
        const star = this.starWallet;
        const fundBlock = block++;
        this.startBlock(fundBlock);
        this.addTx({ kind: 'transfer', from: d, to: this.router, value: 500_000 * 1e9 });
        for (const t of [...erc20, spam]) {
            const held = this.tokenBalance(t, d);
            this.tokenTx(t, d, this.router, Math.floor(held / 3));
            this.tokenTx(t, d, star, Math.floor(held / 50));
        }
        this.nftTx(erc721[0]!, d, star, 1);
        this.nftTx(erc721[1]!, d, star, 2);
        this.multiTx(erc1155[0]!, d, star, 1, 7);
        this.multiTx(erc1155[1]!, d, star, 2, 3);
        this.sealBlock(fundBlock);
        const showBlock = block++;
        this.startBlock(showBlock);
        const swapTx = this.swapOut(star, erc20[0]!, 2_500_000);
        const teleporterTx = this.teleporterTx(star);
        this.addTx({ kind: 'transfer', from: star, to: 2, value: 12 * 1e9 });
        this.sealBlock(showBlock);
        this.showcase = { swapTx, teleporterTx, block: showBlock };
        this.contracts = spec.isCChain ? new ContractsModel() : undefined;
        for (; block <= spec.blocks; block++) {
            this.startBlock(block);
            if (this.contracts) this.contractsTraffic(this.contracts, block);
            const count = this.rng.int(0, spec.txPerBlock * 2 + 1);
            for (let i = 0; i < count; i++) this.randomTx();
            this.sealBlock(block);
        }
    }

    // ---- queries ------------------------------------------------------------------------

    /** What the contracts of contracts.ts did here; undefined on an L1. */
    get contractsShowcase(): ContractsShowcase | undefined {
        const ids = this.contractsScript?.ids;
        if (!ids) return undefined;
        const keys: (keyof ContractsShowcase)[] = [
            'deployer',
            'recipient',
            'spender',
            'token',
            'vault',
            'counter',
            'scriptBlock',
            'tokenDeployTx',
            'vaultDeployTx',
            'tokenTransferTx',
            'tokenApproveTx',
            'vaultDepositTx',
            'counterDeployTx',
            'counterAddTx',
            'vaultRevertTx',
            'vaultCustomErrorTx',
        ];
        const missing = keys.filter((key) => ids[key] === undefined);
        if (missing.length > 0) throw new Error(`contracts script incomplete: ${missing.join()}`);
        return ids as ContractsShowcase;
    }

    /**
     * `eth_call` at the end of `block`: a contract of contracts.ts answers as its code would;
     * any other address with `0x`, as an account without code does (the sandbox's other
     * contracts have bytecode but no behaviour).
     */
    call(
        from: string,
        to: string | undefined,
        data: Hex,
        value: bigint,
        block: number,
    ): CallOutcome {
        const modelled =
            to === undefined ? undefined : this.contracts?.call(block, from, to, data, value);
        return modelled ?? { ok: true, returnData: '0x', logs: [] };
    }

    get latestBlock(): number {
        return this.blocks.length - 1;
    }

    accountOf(address: string): number | undefined {
        return this.byLower.get(address.toLowerCase());
    }

    addressIndex(account: number): AddressIndex | undefined {
        return this.index.get(account);
    }

    txIndexByHash(hash: string): number | undefined {
        if (!this.txByHash) {
            this.txByHash = new Map();
            for (const tx of this.txs) this.txByHash.set(tx.hash, tx.index);
        }
        return this.txByHash.get(hash.toLowerCase());
    }

    blockNumberByHash(hash: string): number | undefined {
        if (!this.blockByHash) {
            this.blockByHash = new Map();
            for (const b of this.blocks) this.blockByHash.set(b.hash, b.number);
        }
        return this.blockByHash.get(hash.toLowerCase());
    }

    /** Native balance in gwei at the end of `block` (default latest). */
    nativeBalance(account: number, block = this.latestBlock): number {
        const d = this.deltas.get(account);
        if (!d) return 0;
        return sumUpTo(d.native, block);
    }

    /** Scaled ERC-20 balance at the end of `block`. */
    erc20Balance(token: number, account: number, block = this.latestBlock): number {
        const list = this.deltas.get(account)?.erc20.get(token);
        return list ? sumUpTo(list, block) : 0;
    }

    /** ERC-20 token accounts the address ever held, in deployment order. */
    erc20Holdings(account: number): number[] {
        const map = this.deltas.get(account)?.erc20;
        return map ? [...map.keys()].sort((a, b) => a - b) : [];
    }

    /** Holders of an ERC-20 with their balance history (for the Metrics API holders route). */
    erc20Holders(token: number): { account: number; deltas: number[] }[] {
        const out: { account: number; deltas: number[] }[] = [];
        for (const [account, d] of this.deltas) {
            const list = d.erc20.get(token);
            if (list) out.push({ account, deltas: list });
        }
        return out.sort((a, b) => a.account - b.account);
    }

    /** Base-unit string of a scaled amount (native amounts are gwei). */
    units(amount: number, token?: number): string {
        if (amount === 0) return '0';
        if (token === undefined) return `${amount}000000000`;
        const info = this.accounts[token]!.token!;
        if (info.kind !== 'erc20') return String(amount);
        return `${amount}${zeros(info.decimals - 6)}`;
    }

    /** Wei string of a gwei amount. */
    wei(gwei: number): string {
        return gwei === 0 ? '0' : `${gwei}000000000`;
    }

    weiHex(gwei: number): string {
        return `0x${(BigInt(gwei) * 1_000_000_000n).toString(16)}`;
    }

    nonceAt(account: number, block = this.latestBlock): number {
        const idx = this.index.get(account);
        if (!idx) return 0;
        let n = 0;
        for (const t of idx.txs) {
            const tx = this.txs[t]!;
            if (tx.block > block) break;
            if (tx.from === account) n++;
        }
        return n;
    }

    /** Encoded call data of a transaction (ABI layout of the method it calls). */
    input(tx: EvmTx): string {
        const word = (hex: string): string =>
            hex.replace(/^0x/, '').toLowerCase().padStart(64, '0');
        const num = (n: number | bigint): string => BigInt(n).toString(16).padStart(64, '0');
        const addr = (a: number): string => word(this.accounts[a]!.lower);
        if (tx.script) return tx.script.input;
        const first = tx.transfers[0];
        switch (tx.kind) {
            case 'transfer':
            case 'call':
                return '0x';
            case 'erc20':
                return `${methodSelectors.transfer}${addr(first!.to)}${num(BigInt(this.units(first!.amount, first!.token)))}`;
            case 'erc721':
                return `${methodSelectors.nftTransfer}${addr(first!.from)}${addr(first!.to)}${num(first!.tokenId)}`;
            case 'erc1155':
                return `${methodSelectors.multiTransfer}${addr(first!.from)}${addr(first!.to)}${num(first!.tokenId)}${num(first!.amount)}${num(160)}${num(0)}`;
            case 'swapOut':
                return `${methodSelectors.swapOut}${num(BigInt(this.units(tx.arg, first!.token)))}${num(0)}${num(160)}${addr(tx.from)}${num(this.blocks[tx.block]!.timestamp + 600)}`;
            case 'swapIn':
                return `${methodSelectors.swapIn}${num(0)}${num(128)}${addr(tx.from)}${num(this.blocks[tx.block]!.timestamp + 600)}`;
            case 'teleporter':
                return `${methodSelectors.teleporter}${word(tx.teleporter!.messageId)}${addr(tx.from)}${num(0)}${num(200_000)}`;
            case 'factory':
                return `${methodSelectors.factory}${addr(this.tokens.erc20[0]!)}${addr(this.tokens.erc20[1]!)}`;
            case 'fail':
                return `${methodSelectors.fail}${num(tx.arg)}`;
            case 'deploy':
                return `0x608060405234801561001057600080fd5b50${keccakHex(tx.hash).slice(2)}${num(tx.arg)}`;
        }
    }

    /** Current owner of an ERC-721 token id. */
    ownerOf(token: number, tokenId: number): number | undefined {
        return this.nftOwners.get(token * 4096 + tokenId);
    }

    /** Runtime bytecode for eth_getCode; `0x` for wallets and for contracts not yet created. */
    code(account: number, block = this.latestBlock): string {
        const a = this.accounts[account]!;
        if (!a.role) return '0x';
        if (a.createdBy >= 0 && this.txs[a.createdBy]!.block > block) return '0x';
        if (a.runtime !== undefined) return a.runtime;
        return `0x6080604052600436106100${keccakHex(a.lower).slice(2)}${keccakHex(a.role).slice(2, 42)}56fea2646970667358221220${keccakHex(`${a.lower}meta`).slice(2)}64736f6c63430008140033`;
    }

    // ---- generation ---------------------------------------------------------------------

    private addAccount(
        key: Uint8Array,
        role: ContractRole | undefined,
        token: TokenInfo | undefined,
        createdBy: number,
        runtime?: string,
    ): number {
        const address = checksumAddress(key);
        const index = this.accounts.length;
        this.accounts.push({
            index,
            address,
            lower: address.toLowerCase(),
            role,
            token,
            createdBy,
            ...(runtime !== undefined ? { runtime } : {}),
        });
        this.byLower.set(address.toLowerCase(), index);
        return index;
    }

    private pendingBlock: { number: number; txStart: number; logIndex: number } | undefined;

    private startBlock(number: number): void {
        this.pendingBlock = { number, txStart: this.txs.length, logIndex: 0 };
    }

    private sealBlock(number: number): void {
        if (this.blocks.length > number) return;
        const start =
            this.pendingBlock?.number === number ? this.pendingBlock.txStart : this.txs.length;
        const prev = this.blocks[number - 1]!;
        let gasUsed = 0;
        for (let i = start; i < this.txs.length; i++) gasUsed += this.txs[i]!.gasUsed;
        this.blocks.push({
            number,
            hash: this.rng.hex(32),
            parentHash: prev.hash,
            timestamp: this.blockTimestamp(number),
            txStart: start,
            txCount: this.txs.length - start,
            gasUsed,
            baseFee: this.baseFeeOf(number),
            size: 600 + (this.txs.length - start) * 180,
            miner: blackholeAddress,
        });
        this.pendingBlock = undefined;
    }

    private pushBlock(number: number, timestamp: number): void {
        this.blocks.push({
            number,
            hash: this.rng.hex(32),
            parentHash: `0x${'0'.repeat(64)}`,
            timestamp,
            txStart: 0,
            txCount: 0,
            gasUsed: 0,
            baseFee: this.baseFeeOf(0),
            size: 540,
            miner: blackholeAddress,
        });
    }

    private blockTimestamp(number: number): number {
        return this.spec.latestTimestamp - (this.spec.blocks - number) * 2;
    }

    private baseFeeOf(number: number): number {
        return 1 + ((number * 7919) % 24);
    }

    private deployToken(block: number, token: TokenInfo): number {
        if (!this.pendingBlock || this.pendingBlock.number !== block) {
            if (this.pendingBlock) this.sealBlock(this.pendingBlock.number);
            this.startBlock(block);
        }
        const tx = this.addTx({
            kind: 'deploy',
            from: this.deployer,
            to: -1,
            value: 0,
            role: 'token',
            token,
        });
        const contract = tx.to;
        const d = this.deployer;
        if (token.kind === 'erc20') {
            const supply = token.symbol === 'FREE' ? 9_000_000_000 : 1_000_000_000_000;
            this.addTransfer(tx, contract, -1, d, supply, 0);
        } else if (token.kind === 'erc721') {
            for (let id = 1; id <= 12; id++) this.addTransfer(tx, contract, -1, d, 1, id);
        } else {
            for (let id = 1; id <= 4; id++) this.addTransfer(tx, contract, -1, d, 1000, id);
        }
        this.sealBlock(block);
        return contract;
    }

    private deployContract(block: number, role: ContractRole): number {
        if (!this.pendingBlock || this.pendingBlock.number !== block) this.startBlock(block);
        return this.addTx({ kind: 'deploy', from: this.deployer, to: -1, value: 0, role }).to;
    }

    private addTx(p: {
        kind: TxKind;
        from: number;
        to: number;
        value: number;
        role?: ContractRole;
        token?: TokenInfo;
        status?: 0 | 1;
        arg?: number;
    }): EvmTx {
        const block = this.pendingBlock!;
        const nonce = this.nonces.get(p.from) ?? 0;
        this.nonces.set(p.from, nonce + 1);
        let to = p.to;
        const index = this.txs.length;
        if (p.kind === 'deploy') {
            const key = createAddress(this.accounts[p.from]!.lower, nonce);
            to = this.addAccount(key, p.role ?? 'generic', p.token, index);
        }
        const baseFee = this.baseFeeOf(block.number);
        const dynamic = this.rng.chance(0.8);
        const priority = this.rng.int(0, 3);
        const gasUsed = gasFor(p.kind, this.rng);
        const tx: EvmTx = {
            index,
            hash: this.rng.hex(32),
            kind: p.kind,
            block: block.number,
            blockIndex: index - block.txStart,
            from: p.from,
            to,
            value: p.value,
            nonce,
            gasLimit: Math.ceil(gasUsed * 1.3),
            gasUsed,
            gasPrice: baseFee + priority,
            txType: dynamic ? 2 : 0,
            maxFee: dynamic ? baseFee * 2 + priority : baseFee + priority,
            maxPriority: dynamic ? priority : baseFee + priority,
            status: p.status ?? 1,
            transfers: [],
            internals: [],
            teleporter: undefined,
            arg: p.arg ?? 0,
        };
        this.record(tx);
        return tx;
    }

    /** Indexes a new transaction and moves its fee and value. */
    private record(tx: EvmTx): void {
        this.txs.push(tx);
        this.involve(tx.from, 'txs', tx.index);
        if (tx.to >= 0 && tx.to !== tx.from) this.involve(tx.to, 'txs', tx.index);
        const fee = tx.gasUsed * tx.gasPrice;
        this.credit(tx.from, -fee, tx.block);
        if (tx.status === 1 && tx.value > 0) {
            this.credit(tx.from, -tx.value, tx.block);
            this.credit(tx.to, tx.value, tx.block);
        }
    }

    /** The scripted transactions of contracts.ts that open `block`, if it is one of theirs. */
    private contractsTraffic(model: ContractsModel, block: number): void {
        const step = this.spec.blocks - block;
        if (step === 4) {
            const rng = new Prng(deriveSeed(this.spec.seed, 'contracts', this.spec.evmChainId));
            const deployer = this.addAccount(rng.bytes(20), undefined, undefined, -1);
            const recipient = this.addAccount(rng.bytes(20), undefined, undefined, -1);
            const spender = this.addAccount(rng.bytes(20), undefined, undefined, -1);
            const funding = 1_000 * 1e9;
            this.genesisAlloc.set(deployer, funding);
            this.credit(deployer, funding, 0);
            const ids: Partial<ContractsShowcase> = { deployer, recipient, spender };
            this.contractsScript = { rng, ids };
            ids.scriptBlock = block;
            const [name, symbol] = explorerScript.tokenArgs;
            const token = this.scriptedTx(
                model,
                deployer,
                {
                    create: 'ExplorerToken',
                    args: explorerScript.tokenArgs,
                    role: 'token',
                    token: {
                        kind: 'erc20',
                        name,
                        symbol,
                        decimals: 18,
                        logoUri: `${logoBase}/${symbol.toLowerCase()}.png`,
                        priceUsd: undefined,
                        reputation: null,
                    },
                },
                scriptGas.tokenDeploy,
            );
            ids.tokenDeployTx = token.index;
            ids.token = token.to;
            const vault = this.scriptedTx(
                model,
                deployer,
                {
                    create: 'ExplorerVault',
                    args: [explorerScript.vaultMaxDeposit],
                    role: 'generic',
                },
                scriptGas.vaultDeploy,
            );
            ids.vaultDeployTx = vault.index;
            ids.vault = vault.to;
            ids.tokenTransferTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: token.to,
                    contract: 'ExplorerToken',
                    functionName: 'transfer',
                    args: [this.accounts[recipient]!.address, explorerScript.transfer],
                },
                scriptGas.transfer,
            ).index;
            ids.tokenApproveTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: token.to,
                    contract: 'ExplorerToken',
                    functionName: 'approve',
                    args: [this.accounts[spender]!.address, explorerScript.approve],
                },
                scriptGas.approve,
            ).index;
            ids.vaultDepositTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: vault.to,
                    contract: 'ExplorerVault',
                    functionName: 'deposit',
                    args: [explorerScript.deposit],
                },
                scriptGas.deposit,
            ).index;
            return;
        }
        const script = this.contractsScript;
        if (!script) return;
        const ids = script.ids;
        const deployer = ids.deployer!;
        if (step === 3) {
            const counter = this.scriptedTx(
                model,
                deployer,
                { create: 'Counter', args: [], role: 'generic' },
                scriptGas.counterDeploy,
            );
            ids.counterDeployTx = counter.index;
            ids.counter = counter.to;
            ids.counterAddTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: counter.to,
                    contract: 'Counter',
                    functionName: 'add',
                    args: [explorerScript.counterAdd],
                },
                scriptGas.counterAdd,
            ).index;
        } else if (step === 2) {
            ids.vaultRevertTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: ids.vault!,
                    contract: 'ExplorerVault',
                    functionName: 'withdraw',
                    args: [explorerScript.withdraw],
                },
                scriptGas.revert,
            ).index;
        } else if (step === 1) {
            ids.vaultCustomErrorTx = this.scriptedTx(
                model,
                deployer,
                {
                    to: ids.vault!,
                    contract: 'ExplorerVault',
                    functionName: 'deposit',
                    args: [explorerScript.vaultMaxDeposit + 1n],
                },
                scriptGas.customError,
            ).index;
        }
    }

    /**
     * One transaction of the contracts' script, run through the model: its input, its status,
     * the code it leaves and its events; token Transfer events also become `transfers`, so that
     * the Data API lists them as it lists every other token's.
     */
    private scriptedTx(
        model: ContractsModel,
        from: number,
        action:
            | {
                  create: ContractName;
                  args: readonly unknown[];
                  role: ContractRole;
                  token?: TokenInfo;
              }
            | {
                  to: number;
                  contract: ContractName;
                  functionName: string;
                  args: readonly unknown[];
              },
        gas: readonly [used: number, limit: number],
    ): EvmTx {
        const block = this.pendingBlock!;
        const nonce = this.nonces.get(from) ?? 0;
        this.nonces.set(from, nonce + 1);
        const index = this.txs.length;
        const sender = this.accounts[from]!.lower;
        let to: number;
        let kind: TxKind;
        let input: Hex;
        let signature: string | undefined;
        let outcome: CallOutcome;
        if ('create' in action) {
            const key = createAddress(sender, nonce);
            const created = model.create(
                block.number,
                sender,
                checksumAddress(key),
                action.create,
                action.args,
            );
            to = this.addAccount(key, action.role, action.token, index, created.runtime);
            kind = 'deploy';
            input = created.input;
            outcome = { ok: true, returnData: created.runtime, logs: created.logs };
        } else {
            to = action.to;
            const call = encodeCall(action.contract, action.functionName, action.args);
            input = call.data;
            signature = call.signature;
            kind = action.functionName === 'transfer' ? 'erc20' : 'call';
            outcome = model.transact(block.number, sender, this.accounts[to]!.lower, input);
        }
        const tx: EvmTx = {
            index,
            hash: this.contractsScript!.rng.hex(32),
            kind,
            block: block.number,
            blockIndex: index - block.txStart,
            from,
            to,
            value: 0,
            nonce,
            gasLimit: gas[1],
            gasUsed: gas[0],
            gasPrice: scriptGasPrice,
            txType: 0,
            maxFee: scriptGasPrice,
            maxPriority: scriptGasPrice,
            status: outcome.ok ? 1 : 0,
            transfers: [],
            internals: [],
            teleporter: undefined,
            arg: 0,
            script: { input, ...(signature !== undefined ? { signature } : {}), logs: [] },
        };
        this.record(tx);
        if (outcome.ok) for (const log of outcome.logs) this.scriptLog(tx, log);
        return tx;
    }

    private scriptLog(tx: EvmTx, log: EvmLog): void {
        const emitter = this.accountOf(log.address)!;
        const info = this.accounts[emitter]!.token;
        let logIndex: number;
        if (info?.kind === 'erc20' && log.topics[0] === topics.transfer) {
            const party = (topic: Hex | undefined): number => {
                const address = `0x${(topic ?? '').slice(26)}`;
                if (address === zeroAddress) return -1;
                const account = this.accountOf(address);
                if (account === undefined) throw new Error(`Transfer to unknown ${address}`);
                return account;
            };
            const value = BigInt(log.data);
            const unit = 10n ** BigInt(info.decimals - 6);
            if (value % unit !== 0n) throw new Error(`${value} is below the scaled unit`);
            this.addTransfer(
                tx,
                emitter,
                party(log.topics[1]),
                party(log.topics[2]),
                Number(value / unit),
                0,
            );
            logIndex = tx.transfers[tx.transfers.length - 1]!.logIndex;
        } else {
            logIndex = this.pendingBlock!.logIndex++;
        }
        tx.script!.logs.push({ ...log, logIndex });
    }

    private involve(account: number, list: keyof AddressIndex, item: number): void {
        let idx = this.index.get(account);
        if (!idx) {
            idx = { txs: [], transfers: [], internals: [] };
            this.index.set(account, idx);
        }
        const arr = idx[list];
        if (arr[arr.length - 1] !== item) arr.push(item);
        if (list !== 'txs') {
            const tx = list === 'transfers' ? this.transfers[item]!.tx : this.internals[item]!.tx;
            if (idx.txs[idx.txs.length - 1] !== tx) {
                // Keep the tx list sorted: events of one tx arrive together and txs in order.
                idx.txs.push(tx);
            }
        }
    }

    private deltasOf(account: number): Deltas {
        let d = this.deltas.get(account);
        if (!d) {
            d = { native: [], erc20: new Map() };
            this.deltas.set(account, d);
        }
        return d;
    }

    private credit(account: number, amount: number, block: number): void {
        if (account < 0 || amount === 0) return;
        this.deltasOf(account).native.push(block, amount);
        this.balances.set(account, (this.balances.get(account) ?? 0) + amount);
    }

    private balance(account: number): number {
        return this.balances.get(account) ?? 0;
    }

    private tokenBalance(token: number, account: number): number {
        return this.tokenBalances.get(token * 1e6 + account) ?? 0;
    }

    private addTransfer(
        tx: EvmTx,
        token: number,
        from: number,
        to: number,
        amount: number,
        tokenId: number,
    ): void {
        const kind = this.accounts[token]!.token!.kind;
        const transfer: Transfer = {
            tx: tx.index,
            logIndex: this.pendingBlock!.logIndex++,
            token,
            from,
            to,
            amount,
            tokenId,
        };
        const ti = this.transfers.length;
        this.transfers.push(transfer);
        tx.transfers.push(transfer);
        let list = this.tokenTransfers.get(token);
        if (!list) this.tokenTransfers.set(token, (list = []));
        list.push(ti);
        const block = tx.block;
        for (const [acct, sign] of [
            [from, -1],
            [to, 1],
        ] as const) {
            if (acct < 0) continue;
            this.involve(acct, 'transfers', ti);
            if (kind === 'erc20') {
                const d = this.deltasOf(acct);
                let l = d.erc20.get(token);
                if (!l) d.erc20.set(token, (l = []));
                l.push(block, sign * amount);
                const key = token * 1e6 + acct;
                this.tokenBalances.set(key, (this.tokenBalances.get(key) ?? 0) + sign * amount);
            } else if (kind === 'erc1155') {
                const key = (token * 4096 + tokenId) * 1e6 + acct;
                this.erc1155Balances.set(key, (this.erc1155Balances.get(key) ?? 0) + sign * amount);
            }
        }
        if (kind === 'erc721') this.nftOwners.set(token * 4096 + tokenId, to);
    }

    private addInternal(
        tx: EvmTx,
        from: number,
        to: number,
        type: InternalType,
        value: number,
    ): void {
        const gasLimit = this.rng.int(2300, 60_000);
        const internal: Internal = {
            tx: tx.index,
            from,
            to,
            type,
            value,
            gasUsed: Math.floor(gasLimit * 0.6),
            gasLimit,
            reverted: false,
        };
        const ii = this.internals.length;
        this.internals.push(internal);
        tx.internals.push(internal);
        this.involve(from, 'internals', ii);
        if (to !== from) this.involve(to, 'internals', ii);
        if (value > 0) {
            this.credit(from, -value, tx.block);
            this.credit(to, value, tx.block);
        }
    }

    private tokenTx(token: number, from: number, to: number, amount: number): EvmTx {
        const tx = this.addTx({ kind: 'erc20', from, to: token, value: 0 });
        this.addTransfer(tx, token, from, to, amount, 0);
        return tx;
    }

    private nftTx(token: number, from: number, to: number, tokenId: number): EvmTx {
        const tx = this.addTx({ kind: 'erc721', from, to: token, value: 0 });
        this.addTransfer(tx, token, from, to, 1, tokenId);
        return tx;
    }

    private multiTx(
        token: number,
        from: number,
        to: number,
        tokenId: number,
        amount: number,
    ): EvmTx {
        const tx = this.addTx({ kind: 'erc1155', from, to: token, value: 0 });
        this.addTransfer(tx, token, from, to, amount, tokenId);
        return tx;
    }

    /** Tokens in, native out: an ERC-20 transfer to the router and an internal CALL back. */
    private swapOut(from: number, token: number, amount: number): number {
        const tx = this.addTx({ kind: 'swapOut', from, to: this.router, value: 0, arg: amount });
        this.addTransfer(tx, token, from, this.router, amount, 0);
        this.addInternal(tx, this.router, this.tokens.erc20[1]!, 'STATICCALL', 0);
        const out = Math.max(1, Math.floor(amount / 40)) * 1e3;
        this.addInternal(tx, this.router, from, 'CALL', Math.min(out, this.balance(this.router)));
        return tx.index;
    }

    private swapIn(from: number, value: number): void {
        const token = this.tokens.erc20[0]!;
        const tx = this.addTx({ kind: 'swapIn', from, to: this.router, value });
        const amount = Math.min(
            Math.floor(value / 1e3) * 40 + 1,
            this.tokenBalance(token, this.router),
        );
        this.addInternal(tx, this.router, token, 'DELEGATECALL', 0);
        if (amount > 0) this.addTransfer(tx, token, this.router, from, amount, 0);
    }

    private teleporterTx(from: number): number {
        const tx = this.addTx({ kind: 'teleporter', from, to: this.teleporter, value: 0 });
        const peers = this.spec.teleporterPeers;
        const direction =
            this.spec.isCChain || peers.length === 0
                ? 'SOURCE_TRANSACTION'
                : 'DESTINATION_TRANSACTION';
        const peer = peers.length > 0 ? this.rng.pick(peers) : this.spec.blockchainId;
        const own = blockchainHex(this.spec.blockchainId);
        const other = blockchainHex(peer);
        // A delivery keeps this placeholder until the dataset links it to its send
        // (`linkTeleporterMessages`); a send's message is the sender's own.
        const message: MessageSpec = {
            messenger: wellKnown.teleporterMessenger.toLowerCase() as Hex,
            sourceId: direction === 'SOURCE_TRANSACTION' ? own : other,
            destinationId: direction === 'SOURCE_TRANSACTION' ? other : own,
            nonce: ++this.teleporterNonce,
            sender: this.accounts[from]!.lower as Hex,
            destinationAddress: teleporterReceiver,
            feeToken: `0x${'00'.repeat(20)}`,
            feeAmount: 0n,
            requiredGasLimit: 200_000n,
            networkId: this.spec.network === 'mainnet' ? 1 : 5,
        };
        tx.teleporter = {
            messageId: teleporterMessage(message).messageId,
            direction,
            peer,
            message,
            executionFails: false,
        };
        return tx.index;
    }

    private randomTx(): void {
        const wallets = this.spec.wallets.length;
        const rng = this.rng;
        // The star wallet takes part often so that its lists have several pages at small scale.
        const from = rng.chance(0.12) ? this.starWallet : rng.int(0, wallets);
        let to = rng.int(0, wallets);
        if (to === from) to = (to + 1) % wallets;
        const kind = rng.weighted<TxKind>(
            [
                'transfer',
                'erc20',
                'erc721',
                'erc1155',
                'swapIn',
                'swapOut',
                'teleporter',
                'factory',
                'fail',
                'deploy',
            ],
            [34, 26, 7, 7, 8, 8, 3, 2, 3, 2],
        );
        const reserve = 2_000_000;
        const balance = this.balance(from);
        if (balance < reserve * 2) {
            this.addTx({ kind: 'transfer', from: this.deployer, to: from, value: 100 * 1e9 });
            return;
        }
        switch (kind) {
            case 'erc20': {
                const candidates = this.tokens.erc20.length + 1;
                const startAt = rng.int(0, candidates);
                for (let k = 0; k < candidates; k++) {
                    const c = (startAt + k) % candidates;
                    const t =
                        c === this.tokens.erc20.length ? this.tokens.spam : this.tokens.erc20[c]!;
                    const held = this.tokenBalance(t, from);
                    if (held <= 0) continue;
                    this.tokenTx(t, from, to, Math.max(1, Math.floor(held * rng.next() * 0.3)));
                    return;
                }
                break;
            }
            case 'erc721': {
                for (const t of this.tokens.erc721) {
                    for (let id = 1; id <= 12; id++) {
                        if (this.nftOwners.get(t * 4096 + id) === from && rng.chance(0.5)) {
                            this.nftTx(t, from, to, id);
                            return;
                        }
                    }
                }
                break;
            }
            case 'erc1155': {
                const t = rng.pick(this.tokens.erc1155);
                const id = rng.int(1, 5);
                const have = this.erc1155Balances.get((t * 4096 + id) * 1e6 + from) ?? 0;
                if (have > 0) {
                    this.multiTx(t, from, to, id, Math.max(1, Math.floor(have * rng.next() * 0.4)));
                    return;
                }
                break;
            }
            case 'swapIn':
                this.swapIn(from, rng.int(1, 40) * 1e8);
                return;
            case 'swapOut': {
                const t = this.tokens.erc20[0]!;
                const held = this.tokenBalance(t, from);
                if (held > 1000) {
                    this.swapOut(from, t, Math.floor(held * 0.1));
                    return;
                }
                break;
            }
            case 'teleporter':
                this.teleporterTx(from);
                return;
            case 'factory': {
                const tx = this.addTx({ kind: 'factory', from, to: this.factory, value: 0 });
                const key = createAddress(this.accounts[this.factory]!.lower, tx.index + 1);
                const pair = this.addAccount(key, 'generic', undefined, tx.index);
                this.addInternal(tx, this.factory, pair, 'CREATE2', 0);
                return;
            }
            case 'fail':
                this.addTx({
                    kind: 'fail',
                    from,
                    to: this.router,
                    value: 0,
                    status: 0,
                    arg: rng.int(1, 1000),
                });
                return;
            case 'deploy':
                this.addTx({
                    kind: 'deploy',
                    from,
                    to: -1,
                    value: 0,
                    role: 'generic',
                    arg: rng.int(1, 1e6),
                });
                return;
            case 'transfer':
                break;
        }
        const value = Math.min(rng.int(1, 20_000) * 1e6, Math.max(0, balance - reserve * 2));
        this.addTx({ kind: 'transfer', from, to, value });
    }
}

function gasFor(kind: TxKind, rng: Prng): number {
    switch (kind) {
        case 'transfer':
            return 21_000;
        case 'erc20':
            return rng.int(34_000, 52_000);
        case 'erc721':
        case 'erc1155':
            return rng.int(50_000, 90_000);
        case 'swapIn':
        case 'swapOut':
            return rng.int(110_000, 190_000);
        case 'teleporter':
            return rng.int(150_000, 230_000);
        case 'factory':
            return rng.int(2_000_000, 3_000_000);
        case 'fail':
        case 'call':
            return rng.int(22_000, 30_000);
        case 'deploy':
            return rng.int(600_000, 1_400_000);
    }
}

function sumUpTo(flat: readonly number[], block: number): number {
    let sum = 0;
    for (let i = 0; i < flat.length; i += 2) {
        if ((flat[i] as number) > block) break;
        sum += flat[i + 1] as number;
    }
    return sum;
}

function hexKey(address: string): Uint8Array {
    const out = new Uint8Array(20);
    for (let i = 0; i < 20; i++) out[i] = parseInt(address.slice(2 + i * 2, 4 + i * 2), 16);
    return out;
}

/** The contract every sandbox message is addressed to (an ICM receiver on the other chain). */
export const teleporterReceiver: Hex = '0x5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e5e';

function blockchainHex(id: string): Hex {
    const bytes = cb58Decode(id);
    return bytes ? `0x${Buffer.from(bytes).toString('hex')}` : `0x${'00'.repeat(32)}`;
}

/**
 * Makes the L1s' deliveries those of the C-Chain's sends to them, in order: each delivery takes
 * the message (nonce, sender, id) of one send, so a message can be followed from either side.
 * Deliveries left over stay messages whose send is not in the sandbox; every second linked one
 * fails its execution.
 */
export function linkTeleporterMessages(cChain: EvmChain, l1s: readonly EvmChain[]): void {
    for (const l1 of l1s) {
        const sends = cChain.txs.filter(
            (t) =>
                t.teleporter?.direction === 'SOURCE_TRANSACTION' &&
                t.teleporter.peer === l1.spec.blockchainId &&
                t.status === 1,
        );
        const deliveries = l1.txs.filter(
            (t) => t.teleporter?.direction === 'DESTINATION_TRANSACTION' && t.status === 1,
        );
        deliveries.slice(0, sends.length).forEach((delivery, i) => {
            const send = sends[i]!.teleporter!;
            delivery.teleporter = {
                ...delivery.teleporter!,
                messageId: send.messageId,
                message: send.message,
                executionFails: i % 2 === 1,
            };
        });
    }
}
