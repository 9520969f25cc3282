/**
 * Domain types returned by `DataApiClient`. The wire format is already camelCase, so most domain
 * types are the wire types themselves; the normalisers of the endpoint table (`endpoints.ts`) shape
 * each list answer into a `Page` (plus the top-level extras: `nativeTokenBalance`, `chainInfo`,
 * `blockHeight`) without copying items. Unions of item shapes are told apart with the `is*` guards
 * below (or `'key' in item`).
 */
import type { DataApiResults } from './endpoints';
import type {
    AddressDetailsWire,
    AssetAmountWire,
    BlockchainWire,
    CChainExportTransactionWire,
    CChainImportTransactionWire,
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
    ListTransactionDetailsResponseWire,
    MoneyWire,
    NativeTokenBalanceWire,
    NativeTransactionWire,
    NetworkTokenWire,
    OperationStatusResponseWire,
    PChainTransactionWire,
    PChainUtxoWire,
    PrimaryNetworkBlockWire,
    PrimaryNetworkChainInfoWire,
    PrimaryNetworkTransactionWire,
    RichAddressWire,
    SignatureAggregationResponseWire,
    SubnetWire,
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
 * One transaction of an address (`listTransactions`). Its transfer and internal lists hold only
 * the entries in which that address is sender or receiver; `getTransaction` has the complete view.
 */
export type TransactionDetails = ListTransactionDetailsResponseWire['transactions'][number];
/** The complete view of one EVM transaction (`getTransaction`), with token and teleporter details. */
export type EvmTransactionDetails = GetTransactionResponseWire;
/** An ERC-20 transfer with its block (lists of transfers). */
export type Erc20Transfer = Erc20TransferWire;
/** An ERC-721 transfer with its block. */
export type Erc721Transfer = Erc721TransferWire;
/** An ERC-1155 transfer with its block (`listErc1155Transactions`, `listTransfers`). */
export type Erc1155Transfer = Erc1155TransferWire;
/** An item of a token contract's transfers (`listTransfers`); `transferKind` tells them apart. */
export type TokenTransfer = Erc20Transfer | Erc721Transfer | Erc1155Transfer;
/** An internal transaction with its block (`listInternalTransactions`). */
export type InternalTransaction = InternalTransactionWire;
/** An address's balance of the chain's native token, with its price when known. */
export type NativeTokenBalance = NativeTokenBalanceWire;
/** An ERC-20 balance; `tokenReputation` is null when unknown (C-Chain only). */
export type Erc20TokenBalance = Erc20TokenBalanceWire;
/** An ERC-1155 balance of one token id. */
export type Erc1155TokenBalance = Erc1155TokenBalanceWire;
/** An ERC-721 token owned by the address. */
export type Erc721TokenBalance = Erc721TokenBalanceWire;
/** An item of an address's collectibles (`listCollectibleBalances`); see `isErc1155Balance`. */
export type CollectibleBalance = Erc721TokenBalance | Erc1155TokenBalance;
/** A chain's native token: name, symbol, decimals. */
export type NetworkToken = NetworkTokenWire;
/** An EVM chain the Data API indexes (`GET /v1/chains`). */
export type ChainInfo = ChainInfoWire;

// Primary network

/** The signed Warp message of a cross-chain message (`getAggregatedSignatures`), hex, no `0x`. */
export type SignatureAggregation = SignatureAggregationResponseWire;
/** Which chain and network a primary-network list answer is about. */
export type PrimaryNetworkChainInfo = PrimaryNetworkChainInfoWire;
/** An amount of a primary-network asset, in its smallest unit (`denomination` decimals). */
export type AssetAmount = AssetAmountWire;
/** A P-Chain UTXO (staking and reward details; `outputIndex` is a number). */
export type PChainUtxo = PChainUtxoWire;
/** The X-Chain / C-Chain UTXO shape (OpenAPI `Utxo`): `outputIndex` is a string here. */
export type XChainUtxo = UtxoWire;
/** A UTXO of the UTXO list (`getUtxosByAddressesV2`); `isPChainUtxo` tells the shapes apart. */
export type PrimaryNetworkUtxo = PChainUtxo | XChainUtxo;
/** A pre-Cortina X-Chain transaction, placed in `vertices`. */
export type XChainNonLinearTransaction = XChainNonLinearTransactionWire;
/** A post-Cortina X-Chain transaction, placed in a block (`blockHeight`, `blockHash`). */
export type XChainLinearTransaction = XChainLinearTransactionWire;
/**
 * An X-Chain transaction (`listAssetTransactions`): in a vertex before Cortina (`vertices`), in a
 * block after.
 */
export type XChainTransaction = XChainNonLinearTransaction | XChainLinearTransaction;
/** The state of an asynchronous operation (export job). */
export type Operation = OperationStatusResponseWire;
/** A subnet or L1 with its owners and blockchains. */
export type Subnet = SubnetWire;
/** A blockchain of a subnet; `genesisData` is an object for EVM chains, else a string. */
export type Blockchain = BlockchainWire;
/** A P-Chain transaction as `getTxByHash` describes it. */
export type PChainTransaction = PChainTransactionWire;
/** A C-Chain export to the P- or X-Chain (`getTxByHash` on the C-Chain). */
export type CChainExportTransaction = CChainExportTransactionWire;
/** A C-Chain import from the P- or X-Chain (`getTxByHash` on the C-Chain). */
export type CChainImportTransaction = CChainImportTransactionWire;
/**
 * One primary-network transaction (`getTxByHash`): P-Chain, X-Chain (either placement) or a
 * C-Chain atomic one; the guards below tell them apart.
 */
export type PrimaryNetworkTransaction = PrimaryNetworkTransactionWire;
/** An X-Chain vertex (pre-Cortina DAG). */
export type XChainVertex = XChainVertexWire;
/** A block of the P-, X- or C-Chain as the primary-network endpoints describe it. */
export type PrimaryNetworkBlock = PrimaryNetworkBlockWire;
/** An L1 validator with its balance, weight and owners. */
export type L1Validator = L1ValidatorDetailsFullWire;

// Metrics

/** An address that held more than the threshold of a token, with its sort key (a string). */
export type TokenHolder = AddressDetailsWire;

// Results of the list endpoints that carry more than a page

/** One page of UTXOs, with the chain they were read from. */
export type ListUtxosResult = DataApiResults['getUtxosByAddressesV2'];
/** One page of ERC-20 balances, with the address's native balance on every page. */
export type ListErc20BalancesResult = DataApiResults['listErc20Balances'];
/** One page of ERC-1155 balances, with the address's native balance on every page. */
export type ListErc1155BalancesResult = DataApiResults['listErc1155Balances'];
/** One page of L1 validators, with the P-Chain height (a string of digits) they were read at. */
export type ListL1ValidatorsResult = DataApiResults['listL1Validators'];

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

/** True for a P-Chain transaction of `getTxByHash` (the only shape with `blockNumber`). */
export function isPChainTransaction(tx: PrimaryNetworkTransaction): tx is PChainTransaction {
    return 'blockNumber' in tx;
}

/** True for an X-Chain transaction of `getTxByHash` (the only shape with `chainFormat`). */
export function isXChainTransaction(tx: PrimaryNetworkTransaction): tx is XChainTransaction {
    return 'chainFormat' in tx;
}

/** True for a pre-Cortina X-Chain transaction, which sits in vertices rather than a block. */
export function isNonLinearXChainTransaction(
    tx: XChainTransaction,
): tx is XChainNonLinearTransaction {
    return 'vertices' in tx;
}
