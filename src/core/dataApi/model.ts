/**
 * Domain types returned by `DataApiClient`, and the `normalize*` functions that turn parsed wire
 * objects into them (STYLE.md rule 2). The wire format is already camelCase, so most domain types
 * are the wire types themselves; the normalisers shape each list answer into a `Page` (plus the
 * top-level extras: `nativeTokenBalance`, `chainInfo`, `blockHeight`) without copying items.
 * Unions of item shapes are told apart with the `is*` guards below (or `'key' in item`).
 */
import type { Page } from '../model/paging';
import type {
    AddressDetailsWire,
    AssetAmountWire,
    BlockchainWire,
    ChainInfoWire,
    Erc1155TokenBalanceWire,
    Erc1155TransferDetailsWire,
    Erc1155TransferWire,
    Erc20TokenBalanceWire,
    Erc20TokenWire,
    Erc20TransferDetailsWire,
    Erc20TransferWire,
    Erc721TokenBalanceWire,
    Erc721TransferDetailsWire,
    Erc721TransferWire,
    FullNativeTransactionDetailsWire,
    GetTransactionResponseWire,
    InternalTransactionDetailsWire,
    InternalTransactionWire,
    L1ValidatorDetailsFullWire,
    ListChainsResponseWire,
    ListCollectibleBalancesResponseWire,
    ListErc1155BalancesResponseWire,
    ListErc1155TransactionsResponseWire,
    ListErc20BalancesResponseWire,
    ListInternalTransactionsResponseWire,
    ListL1ValidatorsResponseWire,
    ListNativeTransactionsResponseWire,
    ListPrimaryNetworkBlocksResponseWire,
    ListSubnetsResponseWire,
    ListTransactionDetailsResponseWire,
    ListTransfersResponseWire,
    ListXChainTransactionsResponseWire,
    ListXChainVerticesResponseWire,
    LookingGlassResponseWire,
    MoneyWire,
    NativeTokenBalanceWire,
    NativeTransactionWire,
    NetworkTokenWire,
    OperationStatusResponseWire,
    PChainUtxoWire,
    PrimaryNetworkBlockWire,
    PrimaryNetworkChainInfoWire,
    RichAddressWire,
    SignatureAggregationResponseWire,
    SubnetWire,
    UtxosByAddressesResponseWire,
    UtxoWire,
    XChainLinearTransactionWire,
    XChainNonLinearTransactionWire,
    XChainVertexWire,
} from './schemas';

// EVM

/** A party of a transfer: the address, plus token details when the address is a token contract. */
export type RichAddress = RichAddressWire;
/** A fiat value; `value` is always a number (the docs' "42.42" strings are converted when parsed). */
export type Money = MoneyWire;
/** An ERC-20 token with its optional price. */
export type Erc20Token = Erc20TokenWire;
/** A block-level EVM transaction (lists of an address's or a block's transactions). */
export type NativeTransaction = NativeTransactionWire;
/** The single-transaction form: adds `input`, `baseFeePerGas` and the EIP-1559 caps. */
export type FullNativeTransaction = FullNativeTransactionDetailsWire;
/** An ERC-20 transfer inside a transaction (no block fields). */
export type Erc20TransferDetails = Erc20TransferDetailsWire;
/** An ERC-721 transfer inside a transaction (no block fields). */
export type Erc721TransferDetails = Erc721TransferDetailsWire;
/** An ERC-1155 transfer inside a transaction (no block fields). */
export type Erc1155TransferDetails = Erc1155TransferDetailsWire;
/** An internal call inside a transaction (no block fields). */
export type InternalTransactionDetails = InternalTransactionDetailsWire;
/**
 * One transaction of an address (4.2). Its transfer and internal lists hold only the entries in
 * which that address is sender or receiver; `getTransaction` has the complete view.
 */
export type TransactionDetails = ListTransactionDetailsResponseWire['transactions'][number];
/** The complete view of one EVM transaction (4.15), with network token and teleporter details. */
export type EvmTransactionDetails = GetTransactionResponseWire;
/** An ERC-20 transfer with its block (lists of transfers). */
export type Erc20Transfer = Erc20TransferWire;
/** An ERC-721 transfer with its block. */
export type Erc721Transfer = Erc721TransferWire;
/** An ERC-1155 transfer with its block (4.7, 4.9). */
export type Erc1155Transfer = Erc1155TransferWire;
/** An item of a token contract's transfers (4.9); tell the kinds apart with `transferKind`. */
export type TokenTransfer = Erc20Transfer | Erc721Transfer | Erc1155Transfer;
/** An internal transaction with its block (4.10). */
export type InternalTransaction = InternalTransactionWire;
/** An address's balance of the chain's native token, with its price when known. */
export type NativeTokenBalance = NativeTokenBalanceWire;
/** An ERC-20 balance; `tokenReputation` is null when unknown (C-Chain only). */
export type Erc20TokenBalance = Erc20TokenBalanceWire;
/** An ERC-1155 balance of one token id. */
export type Erc1155TokenBalance = Erc1155TokenBalanceWire;
/** An ERC-721 token owned by the address. */
export type Erc721TokenBalance = Erc721TokenBalanceWire;
/** An item of an address's collectibles (4.13); `isErc1155Balance` tells the kinds apart. */
export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;
/** A chain's native token: name, symbol, decimals. */
export type NetworkToken = NetworkTokenWire;
/** An EVM chain the Data API indexes (`GET /v1/chains`). */
export type ChainInfo = ChainInfoWire;

// Primary network

/** The signed Warp message of a cross-chain L1 message (4.1), hex without `0x`. */
export type SignatureAggregation = SignatureAggregationResponseWire;
/** Which chain and network a primary-network list answer is about. */
export type PrimaryNetworkChainInfo = PrimaryNetworkChainInfoWire;
/** An amount of a primary-network asset, in its smallest unit (`denomination` decimals). */
export type AssetAmount = AssetAmountWire;
/** A P-Chain UTXO (staking and reward details; `outputIndex` is a number). */
export type PChainUtxo = PChainUtxoWire;
/** The X-Chain / C-Chain UTXO shape (OpenAPI `Utxo`): `outputIndex` is a string here. */
export type XChainUtxo = UtxoWire;
/** A UTXO of the UTXO list (4.3); `isPChainUtxo` tells the shapes apart. */
export type PrimaryNetworkUtxo = PChainUtxo | XChainUtxo;
/** A pre-Cortina X-Chain transaction, placed in `vertices`. */
export type XChainNonLinearTransaction = XChainNonLinearTransactionWire;
/** A post-Cortina X-Chain transaction, placed in a block (`blockHeight`, `blockHash`). */
export type XChainLinearTransaction = XChainLinearTransactionWire;
/** An X-Chain transaction (4.4): in a vertex before Cortina (`vertices`), in a block after. */
export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;
/** The state of an asynchronous operation (export job). */
export type Operation = OperationStatusResponseWire;
/** A subnet or L1 with its owners and blockchains. */
export type Subnet = SubnetWire;
/** A blockchain of a subnet; `genesisData` is an object for EVM chains, else a string. */
export type Blockchain = BlockchainWire;
/** An X-Chain vertex (pre-Cortina DAG). */
export type XChainVertex = XChainVertexWire;
/** A block of the P-, X- or C-Chain as the primary-network endpoints describe it. */
export type PrimaryNetworkBlock = PrimaryNetworkBlockWire;
/** An L1 validator with its balance, weight and owners. */
export type L1Validator = L1ValidatorDetailsFullWire;

// Metrics

/** An address that held more than the threshold of a token, with its sort key (a string). */
export type TokenHolder = AddressDetailsWire;

// Results of the list methods

/** 4.2: one page of transactions of an address. */
export type ListTransactionsResult = Page<TransactionDetails>;
/** 4.3: one page of UTXOs, with the chain they were read from. */
export interface ListUtxosResult extends Page<PrimaryNetworkUtxo> {
    chainInfo: PrimaryNetworkChainInfo;
}
/** 4.4: one page of X-Chain transactions of an asset. */
export interface ListAssetTransactionsResult extends Page<XChainTransaction> {
    chainInfo: PrimaryNetworkChainInfo;
}
/** 4.6: one page of subnets. */
export type ListSubnetsResult = Page<Subnet>;
/** 4.7: one page of ERC-1155 transfers of an address. */
export type ListErc1155TransactionsResult = Page<Erc1155Transfer>;
/** 4.8: one page of ERC-20 balances, with the native balance. */
export interface ListErc20BalancesResult extends Page<Erc20TokenBalance> {
    /** The native token balance of the address, on every page. */
    nativeTokenBalance: NativeTokenBalance;
}
/** 4.9: one page of transfers of a token contract. */
export type ListTransfersResult = Page<TokenTransfer>;
/** 4.10: one page of internal transactions of an address. */
export type ListInternalTransactionsResult = Page<InternalTransaction>;
/** 4.11: one page of ERC-1155 balances, with the native balance. */
export interface ListErc1155BalancesResult extends Page<Erc1155TokenBalance> {
    nativeTokenBalance: NativeTokenBalance;
}
/** 4.12: one page of the transactions of a block. */
export type ListBlockTransactionsResult = Page<NativeTransaction>;
/** 4.13: one page of collectibles (ERC-721 and ERC-1155). */
export type ListCollectibleBalancesResult = Page<CollectibleBalance>;
/** 4.14: one page of X-Chain vertices at a height. */
export interface ListVerticesResult extends Page<XChainVertex> {
    chainInfo: PrimaryNetworkChainInfo;
}
/** 4.16: one page of the latest blocks of a primary-network chain. */
export interface ListPrimaryNetworkBlocksResult extends Page<PrimaryNetworkBlock> {
    chainInfo: PrimaryNetworkChainInfo;
}
/** 4.17: one page of L1 validators, with the P-Chain height read at. */
export interface ListL1ValidatorsResult extends Page<L1Validator> {
    /** P-Chain height the validator set was read at (a string of digits). */
    blockHeight: string;
}
/** 4.18: one page of token holders above a threshold. */
export type ListTokenHoldersResult = Page<TokenHolder>;
/** `GET /v1/chains`: every indexed EVM chain (not paged). */
export interface ListChainsResult {
    chains: ChainInfo[];
}

// Guards

/** Which standard a transfer of `listTransfers` belongs to. */
export function transferKind(transfer: TokenTransfer): 'erc20' | 'erc721' | 'erc1155' {
    if ('erc20Token' in transfer) return 'erc20';
    return 'erc721Token' in transfer ? 'erc721' : 'erc1155';
}

/** True for an ERC-1155 collectible (it has a `balance`); false for an ERC-721 one. */
export function isErc1155Balance(balance: CollectibleBalance): balance is Erc1155TokenBalance {
    return 'balance' in balance;
}

/** True for the P-Chain UTXO shape; false for the X-/C-Chain one. */
export function isPChainUtxo(utxo: PrimaryNetworkUtxo): utxo is PChainUtxo {
    return !('creationTxHash' in utxo);
}

/** True for a pre-Cortina X-Chain transaction, which sits in vertices rather than a block. */
export function isNonLinearXChainTransaction(
    tx: XChainTransaction,
): tx is XChainNonLinearTransaction {
    return 'vertices' in tx;
}

// Normalisers

/** The API omits `nextPageToken` on the last page; an empty token is read the same way. */
function next(token: string | undefined): string | undefined {
    return token === '' ? undefined : token;
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeSignatureAggregation(
    wire: SignatureAggregationResponseWire,
): SignatureAggregation {
    return wire;
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListTransactionDetailsResponse(
    wire: ListTransactionDetailsResponseWire,
): ListTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeUtxosByAddressesResponse(
    wire: UtxosByAddressesResponseWire,
): ListUtxosResult {
    const items: PrimaryNetworkUtxo[] = wire.utxos;
    return { items, nextPageToken: next(wire.nextPageToken), chainInfo: wire.chainInfo };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListXChainTransactionsResponse(
    wire: ListXChainTransactionsResponseWire,
): ListAssetTransactionsResult {
    return {
        items: wire.transactions,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeOperationStatusResponse(wire: OperationStatusResponseWire): Operation {
    return wire;
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListSubnetsResponse(wire: ListSubnetsResponseWire): ListSubnetsResult {
    return { items: wire.subnets, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListErc1155TransactionsResponse(
    wire: ListErc1155TransactionsResponseWire,
): ListErc1155TransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListErc20BalancesResponse(
    wire: ListErc20BalancesResponseWire,
): ListErc20BalancesResult {
    return {
        items: wire.erc20TokenBalances,
        nextPageToken: next(wire.nextPageToken),
        nativeTokenBalance: wire.nativeTokenBalance,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListTransfersResponse(
    wire: ListTransfersResponseWire,
): ListTransfersResult {
    return { items: wire.transfers, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListInternalTransactionsResponse(
    wire: ListInternalTransactionsResponseWire,
): ListInternalTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListErc1155BalancesResponse(
    wire: ListErc1155BalancesResponseWire,
): ListErc1155BalancesResult {
    return {
        items: wire.erc1155TokenBalances,
        nextPageToken: next(wire.nextPageToken),
        nativeTokenBalance: wire.nativeTokenBalance,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListNativeTransactionsResponse(
    wire: ListNativeTransactionsResponseWire,
): ListBlockTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListCollectibleBalancesResponse(
    wire: ListCollectibleBalancesResponseWire,
): ListCollectibleBalancesResult {
    return { items: wire.collectibleBalances, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListXChainVerticesResponse(
    wire: ListXChainVerticesResponseWire,
): ListVerticesResult {
    return {
        items: wire.vertices,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeGetTransactionResponse(
    wire: GetTransactionResponseWire,
): EvmTransactionDetails {
    return wire;
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListPrimaryNetworkBlocksResponse(
    wire: ListPrimaryNetworkBlocksResponseWire,
): ListPrimaryNetworkBlocksResult {
    return {
        items: wire.blocks,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListL1ValidatorsResponse(
    wire: ListL1ValidatorsResponseWire,
): ListL1ValidatorsResult {
    return {
        items: wire.validators,
        nextPageToken: next(wire.nextPageToken),
        blockHeight: wire.blockHeight,
    };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeLookingGlassResponse(
    wire: LookingGlassResponseWire,
): ListTokenHoldersResult {
    return { items: wire.addresses, nextPageToken: next(wire.nextPageToken) };
}

/** Turns the parsed answer into the domain type (no copies of the items). */
export function normalizeListChainsResponse(wire: ListChainsResponseWire): ListChainsResult {
    return { chains: wire.chains };
}
