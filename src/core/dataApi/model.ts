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
export type Erc20Token = Erc20TokenWire;
/** A block-level EVM transaction (lists of an address's or a block's transactions). */
export type NativeTransaction = NativeTransactionWire;
/** The single-transaction form: adds `input`, `baseFeePerGas` and the EIP-1559 caps. */
export type FullNativeTransaction = FullNativeTransactionDetailsWire;
export type Erc20TransferDetails = Erc20TransferDetailsWire;
export type Erc721TransferDetails = Erc721TransferDetailsWire;
export type Erc1155TransferDetails = Erc1155TransferDetailsWire;
export type InternalTransactionDetails = InternalTransactionDetailsWire;
/**
 * One transaction of an address (4.2). Its transfer and internal lists hold only the entries in
 * which that address is sender or receiver; `getTransaction` has the complete view.
 */
export type TransactionDetails = ListTransactionDetailsResponseWire['transactions'][number];
/** The complete view of one EVM transaction (4.15), with network token and teleporter details. */
export type EvmTransactionDetails = GetTransactionResponseWire;
export type Erc20Transfer = Erc20TransferWire;
export type Erc721Transfer = Erc721TransferWire;
export type Erc1155Transfer = Erc1155TransferWire;
/** An item of a token contract's transfers (4.9); tell the kinds apart with `transferKind`. */
export type TokenTransfer = Erc20Transfer | Erc721Transfer | Erc1155Transfer;
/** An internal transaction with its block (4.10). */
export type InternalTransaction = InternalTransactionWire;
export type NativeTokenBalance = NativeTokenBalanceWire;
export type Erc20TokenBalance = Erc20TokenBalanceWire;
export type Erc1155TokenBalance = Erc1155TokenBalanceWire;
export type Erc721TokenBalance = Erc721TokenBalanceWire;
/** An item of an address's collectibles (4.13); `isErc1155Balance` tells the kinds apart. */
export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;
export type NetworkToken = NetworkTokenWire;
/** An EVM chain the Data API indexes (`GET /v1/chains`). */
export type ChainInfo = ChainInfoWire;

// Primary network

/** The signed Warp message of a cross-chain L1 message (4.1), hex without `0x`. */
export type SignatureAggregation = SignatureAggregationResponseWire;
/** Which chain and network a primary-network list answer is about. */
export type PrimaryNetworkChainInfo = PrimaryNetworkChainInfoWire;
export type AssetAmount = AssetAmountWire;
export type PChainUtxo = PChainUtxoWire;
/** The X-Chain / C-Chain UTXO shape (OpenAPI `Utxo`): `outputIndex` is a string here. */
export type XChainUtxo = UtxoWire;
/** A UTXO of the UTXO list (4.3); `isPChainUtxo` tells the shapes apart. */
export type PrimaryNetworkUtxo = PChainUtxo | XChainUtxo;
export type XChainNonLinearTransaction = XChainNonLinearTransactionWire;
export type XChainLinearTransaction = XChainLinearTransactionWire;
/** An X-Chain transaction (4.4): in a vertex before Cortina (`vertices`), in a block after. */
export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;
/** The state of an asynchronous operation (export job). */
export type Operation = OperationStatusResponseWire;
export type Subnet = SubnetWire;
export type Blockchain = BlockchainWire;
export type XChainVertex = XChainVertexWire;
export type PrimaryNetworkBlock = PrimaryNetworkBlockWire;
export type L1Validator = L1ValidatorDetailsFullWire;

// Metrics

/** An address that held more than the threshold of a token, with its sort key (a string). */
export type TokenHolder = AddressDetailsWire;

// Results of the list methods

export type ListTransactionsResult = Page<TransactionDetails>;
export interface ListUtxosResult extends Page<PrimaryNetworkUtxo> {
    chainInfo: PrimaryNetworkChainInfo;
}
export interface ListAssetTransactionsResult extends Page<XChainTransaction> {
    chainInfo: PrimaryNetworkChainInfo;
}
export type ListSubnetsResult = Page<Subnet>;
export type ListErc1155TransactionsResult = Page<Erc1155Transfer>;
export interface ListErc20BalancesResult extends Page<Erc20TokenBalance> {
    /** The native token balance of the address, on every page. */
    nativeTokenBalance: NativeTokenBalance;
}
export type ListTransfersResult = Page<TokenTransfer>;
export type ListInternalTransactionsResult = Page<InternalTransaction>;
export interface ListErc1155BalancesResult extends Page<Erc1155TokenBalance> {
    nativeTokenBalance: NativeTokenBalance;
}
export type ListBlockTransactionsResult = Page<NativeTransaction>;
export type ListCollectibleBalancesResult = Page<CollectibleBalance>;
export interface ListVerticesResult extends Page<XChainVertex> {
    chainInfo: PrimaryNetworkChainInfo;
}
export interface ListPrimaryNetworkBlocksResult extends Page<PrimaryNetworkBlock> {
    chainInfo: PrimaryNetworkChainInfo;
}
export interface ListL1ValidatorsResult extends Page<L1Validator> {
    /** P-Chain height the validator set was read at (a string of digits). */
    blockHeight: string;
}
export type ListTokenHoldersResult = Page<TokenHolder>;
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

export function normalizeSignatureAggregation(
    wire: SignatureAggregationResponseWire,
): SignatureAggregation {
    return wire;
}

export function normalizeListTransactionDetailsResponse(
    wire: ListTransactionDetailsResponseWire,
): ListTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeUtxosByAddressesResponse(
    wire: UtxosByAddressesResponseWire,
): ListUtxosResult {
    const items: PrimaryNetworkUtxo[] = wire.utxos;
    return { items, nextPageToken: next(wire.nextPageToken), chainInfo: wire.chainInfo };
}

export function normalizeListXChainTransactionsResponse(
    wire: ListXChainTransactionsResponseWire,
): ListAssetTransactionsResult {
    return {
        items: wire.transactions,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

export function normalizeOperationStatusResponse(wire: OperationStatusResponseWire): Operation {
    return wire;
}

export function normalizeListSubnetsResponse(wire: ListSubnetsResponseWire): ListSubnetsResult {
    return { items: wire.subnets, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListErc1155TransactionsResponse(
    wire: ListErc1155TransactionsResponseWire,
): ListErc1155TransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListErc20BalancesResponse(
    wire: ListErc20BalancesResponseWire,
): ListErc20BalancesResult {
    return {
        items: wire.erc20TokenBalances,
        nextPageToken: next(wire.nextPageToken),
        nativeTokenBalance: wire.nativeTokenBalance,
    };
}

export function normalizeListTransfersResponse(
    wire: ListTransfersResponseWire,
): ListTransfersResult {
    return { items: wire.transfers, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListInternalTransactionsResponse(
    wire: ListInternalTransactionsResponseWire,
): ListInternalTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListErc1155BalancesResponse(
    wire: ListErc1155BalancesResponseWire,
): ListErc1155BalancesResult {
    return {
        items: wire.erc1155TokenBalances,
        nextPageToken: next(wire.nextPageToken),
        nativeTokenBalance: wire.nativeTokenBalance,
    };
}

export function normalizeListNativeTransactionsResponse(
    wire: ListNativeTransactionsResponseWire,
): ListBlockTransactionsResult {
    return { items: wire.transactions, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListCollectibleBalancesResponse(
    wire: ListCollectibleBalancesResponseWire,
): ListCollectibleBalancesResult {
    return { items: wire.collectibleBalances, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListXChainVerticesResponse(
    wire: ListXChainVerticesResponseWire,
): ListVerticesResult {
    return {
        items: wire.vertices,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

export function normalizeGetTransactionResponse(
    wire: GetTransactionResponseWire,
): EvmTransactionDetails {
    return wire;
}

export function normalizeListPrimaryNetworkBlocksResponse(
    wire: ListPrimaryNetworkBlocksResponseWire,
): ListPrimaryNetworkBlocksResult {
    return {
        items: wire.blocks,
        nextPageToken: next(wire.nextPageToken),
        chainInfo: wire.chainInfo,
    };
}

export function normalizeListL1ValidatorsResponse(
    wire: ListL1ValidatorsResponseWire,
): ListL1ValidatorsResult {
    return {
        items: wire.validators,
        nextPageToken: next(wire.nextPageToken),
        blockHeight: wire.blockHeight,
    };
}

export function normalizeLookingGlassResponse(
    wire: LookingGlassResponseWire,
): ListTokenHoldersResult {
    return { items: wire.addresses, nextPageToken: next(wire.nextPageToken) };
}

export function normalizeListChainsResponse(wire: ListChainsResponseWire): ListChainsResult {
    return { chains: wire.chains };
}
