/**
 * The data behind every row of the four Avalanche views: a discriminated union on `kind`, rendered
 * by the single switch in `renderRow.ts`. "Row" is the tree's word; "node" is kept for AvalancheGo
 * nodes (the Node view, `nodeMonitor.ts`). Rows carry the domain objects they show (for tooltips,
 * "Copy ID", "Open as JSON" and "Open in Explorer") and a stable `id` derived from domain keys and
 * their parent's id, so that refreshes keep expansion and `reveal()` works.
 */
import type {
    ChainInfo,
    L1Validator,
    NativeTransaction,
    PrimaryNetworkBlock,
    ChainHeights,
    RpcBlock,
    XChainVertex,
    Peer,
    AcpPreference,
    LoggerLevel,
    ValidatorFees,
    PlatformValidator,
} from '../core/index';
import type { CompactBlockchain, CompactSubnet } from '../core/summaries/genesisSummary';
import type { ComparedValidator } from '../core/summaries/validatorDiff';
import type { NodeProblemKind } from '../core/summaries/nodeProblems';
import type { TimelineEntry } from '../core/summaries/upgradeTimeline';
import type { ValidatorRunway } from './runwayMarks';
import type { CommandId } from '../commands/commandIds';

/** Which view a row belongs to; also the first segment of every id. */
export type ViewKey = 'chains' | 'subnets' | 'validators' | 'node';

/** The three primary-network chains, as the Data API names them in paths. */
export type PrimaryChain = 'p-chain' | 'x-chain' | 'c-chain';

interface Base {
    /** Unique in the whole tree: the parent's id plus this row's domain key. */
    readonly id: string;
    readonly view: ViewKey;
    /** Undefined for top-level rows. */
    readonly parent: Row | undefined;
}

// ---------------------------------------------------------------------------------------------
// Rows every view uses

/** Appends the next page of its owner's children. */
export interface LoadMoreRow extends Base {
    readonly kind: 'loadMore';
    /** The paged parent (undefined: the view's root list). */
    readonly owner: Row | undefined;
    readonly loaded: number;
}

/** A failed load, with a Retry action. */
export interface ErrorRow extends Base {
    readonly kind: 'error';
    readonly owner: Row | undefined;
    readonly message: string;
    /** True when the failure was loading a further page (Retry loads that page again). */
    readonly duringLoadMore: boolean;
}

/** The Data API refused the key (401/403) or rate-limits an anonymous caller. */
export interface SignInRow extends Base {
    readonly kind: 'signIn';
    readonly owner: Row | undefined;
    readonly message: string;
}

export interface EmptyRow extends Base {
    readonly kind: 'empty';
    readonly message: string;
}

/** Something is off rather than broken (admin API disabled, public server, no RPC URL). */
export interface NoticeRow extends Base {
    readonly kind: 'notice';
    readonly reason: NodeProblemKind | 'info';
    readonly message: string;
    readonly remedy?: string;
    /** A command the row runs when clicked (for example Choose Node). */
    readonly action?: { readonly command: CommandId; readonly title: string };
}

/** A label and a value; `children` makes it a static section (owner, fee config...). */
export interface FieldRow extends Base {
    readonly kind: 'field';
    readonly label: string;
    readonly value: string;
    /** The exact value "Copy" puts on the clipboard, when the row has one. */
    readonly copy?: string;
    readonly icon?: string;
    /** A state for the context value and the icon colour: `ok`, `warn`, `bad`, `deprecated`. */
    readonly state?: 'ok' | 'warn' | 'bad' | 'deprecated';
    /** Extra lines for the tooltip (plain text, escaped when rendered). */
    readonly detail?: readonly string[];
    readonly children?: readonly Row[];
    /** Starts expanded (small sections that matter most). */
    readonly expanded?: boolean;
    /** What "Open as JSON" shows for this row. */
    readonly json?: unknown;
    /** A role that menus target (`field.peers`, `field.admin`), when the row has actions. */
    readonly role?: string;
}

/** A folder whose children are loaded when it is expanded; `group` says which. */
export interface GroupRow extends Base {
    readonly kind: 'group';
    readonly group: GroupSpec;
    readonly label: string;
    readonly description?: string;
    readonly icon: string;
    readonly expanded?: boolean;
}

export type GroupSpec =
    | { readonly type: 'primaryNetwork' }
    | { readonly type: 'evmChains' }
    | { readonly type: 'primaryBlocks'; readonly chain: PrimaryChain }
    | { readonly type: 'vertexHeights' }
    | { readonly type: 'evmBlocks'; readonly chain: ChainInfo }
    | { readonly type: 'evmConfig'; readonly chain: ChainInfo }
    | { readonly type: 'blockchains'; readonly subnet: CompactSubnet }
    | { readonly type: 'subnetValidators'; readonly subnet: CompactSubnet }
    | { readonly type: 'genesis'; readonly blockchain: CompactBlockchain }
    | { readonly type: 'dataApiValidators' }
    | { readonly type: 'nodeChains' }
    /** The primary network's validators, from the node's P-Chain (ACP-236's settings shown). */
    | { readonly type: 'primaryValidators' }
    /** The Node view's deprecated static fees, read from the node on first expansion. */
    | { readonly type: 'txFees' };

// ---------------------------------------------------------------------------------------------
// Chains

/** P-, X- or C-Chain of the primary network. */
export interface PrimaryChainRow extends Base {
    readonly kind: 'primaryChain';
    readonly chain: PrimaryChain;
}

/** A block of a primary-network chain (`listLatestPrimaryNetworkBlocks`). */
export interface PrimaryBlockRow extends Base {
    readonly kind: 'primaryBlock';
    readonly chain: PrimaryChain;
    readonly block: PrimaryNetworkBlock;
}

/** A transaction id inside a primary-network block or vertex. */
export interface PrimaryTxRow extends Base {
    readonly kind: 'primaryTx';
    readonly chain: PrimaryChain;
    readonly txId: string;
}

/** One X-Chain vertex height (`getVertexByHeight`), paged over its vertices. */
export interface VertexHeightRow extends Base {
    readonly kind: 'vertexHeight';
    readonly height: number;
}

export interface VertexRow extends Base {
    readonly kind: 'vertex';
    readonly vertex: XChainVertex;
}

/** An EVM chain from the Data API's supported-chains list. */
export interface EvmChainRow extends Base {
    readonly kind: 'evmChain';
    readonly chain: ChainInfo;
}

/** A block read from the chain's RPC (eth_getBlockByNumber). */
export interface EvmBlockRow extends Base {
    readonly kind: 'evmBlock';
    readonly chain: ChainInfo;
    readonly block: RpcBlock;
    /** The chain's heights when the list was read: on Helicon's C-Chain, executed and settled. */
    readonly heights?: ChainHeights | undefined;
}

/** A transaction of an EVM block (`getTransactionsForBlock`). */
export interface EvmTxRow extends Base {
    readonly kind: 'evmTx';
    readonly chain: ChainInfo;
    readonly tx: NativeTransaction;
}

// ---------------------------------------------------------------------------------------------
// Subnets and validators

/** A subnet; its blockchains' genesis kept as a digest (thousands of rows stay light). */
export interface SubnetRow extends Base {
    readonly kind: 'subnet';
    readonly subnet: CompactSubnet;
    /** Found by a lookup rather than loaded by paging. */
    readonly pinned?: boolean;
    /**
     * Set when the Data API's item did not match its shape and is shown without some fields
     * (`ItemRepair`): which, and why.
     */
    readonly partial?: {
        readonly removed: readonly string[];
        readonly problems: readonly string[];
    };
}

export interface BlockchainRow extends Base {
    readonly kind: 'blockchain';
    readonly blockchain: CompactBlockchain;
    readonly subnet: CompactSubnet;
}

/** An L1 validator as the Data API indexes it (`listL1Validators`). */
export interface L1ValidatorRow extends Base {
    readonly kind: 'l1Validator';
    readonly validator: L1Validator;
    /** The network's L1 validator fee when the page was read; absent when it could not be read. */
    readonly fees?: ValidatorFees | undefined;
    /** How long its balance lasts at that fee; absent without a fee or for an inactive one. */
    readonly runway?: ValidatorRunway | undefined;
}

/**
 * A primary network validator as the node's P-Chain lists it (`platform.getCurrentValidators`),
 * with an auto-renewed one's settings (ACP-236).
 */
export interface PrimaryValidatorRow extends Base {
    readonly kind: 'primaryValidator';
    readonly validator: PlatformValidator;
}

/** The Validators view's filter line. */
export interface FilterRow extends Base {
    readonly kind: 'filter';
    readonly text: string;
    readonly active: boolean;
}

/** A chain whose validator set the connected node is asked for. */
export interface NodeChainRow extends Base {
    readonly kind: 'nodeChain';
    readonly chain: ChainInfo;
}

/** A validator as the node reports it, compared with the Data API. */
export interface NodeValidatorRow extends Base {
    readonly kind: 'nodeValidator';
    readonly chain: ChainInfo;
    readonly compared: ComparedValidator;
    /** False for the primary network, which the L1 index does not cover. */
    readonly comparable: boolean;
}

// ---------------------------------------------------------------------------------------------
// Node

/** The first row of the Node view: reachable or not, and the round trip. */
export interface NodeStatusRow extends Base {
    readonly kind: 'nodeStatus';
    readonly url: string;
    readonly name: string;
    readonly reachable: boolean;
    readonly rttMs?: number;
    readonly message?: string;
    readonly fetchedAtMs: number;
}

export interface PeerRow extends Base {
    readonly kind: 'peer';
    readonly peer: Peer;
}

export interface UpgradeRow extends Base {
    readonly kind: 'upgrade';
    readonly entry: TimelineEntry;
}

export interface AcpRow extends Base {
    readonly kind: 'acp';
    readonly acp: AcpPreference;
}

export interface LoggerRow extends Base {
    readonly kind: 'logger';
    readonly logger: LoggerLevel;
}

/** The CPU profiler as far as this window knows (the admin API cannot report it). */
export interface ProfilerRow extends Base {
    readonly kind: 'profiler';
    readonly state: 'running' | 'stopped' | 'unknown';
    readonly sinceMs?: number;
    readonly nodeUrl: string;
}

export type Row =
    | LoadMoreRow
    | ErrorRow
    | SignInRow
    | EmptyRow
    | NoticeRow
    | FieldRow
    | GroupRow
    | PrimaryChainRow
    | PrimaryBlockRow
    | PrimaryTxRow
    | VertexHeightRow
    | VertexRow
    | EvmChainRow
    | EvmBlockRow
    | EvmTxRow
    | SubnetRow
    | BlockchainRow
    | L1ValidatorRow
    | FilterRow
    | NodeChainRow
    | NodeValidatorRow
    | PrimaryValidatorRow
    | NodeStatusRow
    | PeerRow
    | UpgradeRow
    | AcpRow
    | LoggerRow
    | ProfilerRow;

export type RowKind = Row['kind'];

/** What rendering a row depends on besides the row: settings read when the row is drawn. */
export interface RenderContext {
    /** Below this many seconds of balance an L1 validator is marked (`watch.runwayWarningDays`). */
    readonly runwayWarningSeconds: number;
}

/** Characters that would make an id segment ambiguous are percent-encoded. */
function segment(part: string | number): string {
    return String(part).replace(/[%/]/g, (c) => encodeURIComponent(c));
}

/** The id of a child of `parent` (or of a top-level row of `view`) with the given key parts. */
export function childId(
    view: ViewKey,
    parent: Row | undefined,
    ...parts: (string | number)[]
): string {
    return [parent?.id ?? view, ...parts.map(segment)].join('/');
}

/** Common fields of a child row; spread into the literal. */
export function under(
    view: ViewKey,
    parent: Row | undefined,
    ...parts: (string | number)[]
): { id: string; view: ViewKey; parent: Row | undefined } {
    return { id: childId(view, parent, ...parts), view, parent };
}

/** The one row of a list that has nothing, saying why (the id is the same in every list). */
export function emptyRow(view: ViewKey, parent: Row | undefined, message: string): EmptyRow {
    return { kind: 'empty', ...under(view, parent, '~empty'), message };
}

/** `rows`, or the empty row alone when there are none. */
export function rowsOrEmpty(
    view: ViewKey,
    parent: Row | undefined,
    rows: readonly Row[],
    message: string,
): readonly Row[] {
    return rows.length === 0 ? [emptyRow(view, parent, message)] : rows;
}
