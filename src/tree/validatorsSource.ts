/**
 * The Validators view: L1 validators as the Data API indexes them (`listL1Validators`), filtered by subnet,
 * node id and validation id, with inactive ones shown or hidden; and the connected node's view of
 * each chain's validators (`validators.getCurrentValidators` on `/ext/bc/<chain>/validators`),
 * compared with the Data API so that every disagreement is marked on its row; and the primary
 * network's validators as the node's P-Chain lists them (`platform.getCurrentValidators`), an
 * auto-renewed one's settings (ACP-236, since Helicon) by name.
 */
import type { ChainInfo, L1Validator, PlatformValidator, ValidatorFees } from '../core/index';
import { soonAfter } from '../core/abort';
import { isPositiveAmount } from '../core/format';
import { pChainId } from '../core/ids/primaryNetwork';
import { orderPrimaryValidators } from '../core/summaries/primaryValidators';
import { compareValidators } from '../core/summaries/validatorDiff';
import { loadCore } from '../platform/lazyCore';
import { nodeName } from '../platform/nodeCatalog';
import { SettingKey } from '../platform/settingKeys';
import {
    type FilterRow,
    type GroupRow,
    type L1ValidatorRow,
    type NodeChainRow,
    type PrimaryValidatorRow,
    type Row,
    emptyRow,
    rowsOrEmpty,
    under,
} from './rows';
import { validatorRunwayAt } from './runwayMarks';
import { group, problemNotice } from './rowBuilders';
import type { TreeServices } from './services';
import type { Children, RowPage, TreeSource } from './treeProvider';
import { errorText, l10n } from './treeL10n';

const view = 'validators';
const pageSize = 50;
/** Validators of one L1 read for a comparison; L1 sets are small, this is a safety bound. */
const maxCompared = 2000;
/**
 * How long a page that has arrived waits for the fee read beside it: the marks are worth a short
 * wait, not a slow public node's (the reading is kept for the next page).
 */
const feeGraceMs = 1_500;

export interface ValidatorFilter {
    readonly subnetId?: string | undefined;
    readonly nodeId?: string | undefined;
    readonly validationId?: string | undefined;
    readonly includeInactive: boolean;
}

/** The filter line's text. */
export function describeFilter(filter: ValidatorFilter): string {
    const parts: string[] = [];
    if (filter.subnetId) parts.push(l10n.t('subnet {0}', filter.subnetId));
    if (filter.nodeId) parts.push(filter.nodeId);
    if (filter.validationId) parts.push(l10n.t('validation {0}', filter.validationId));
    parts.push(filter.includeInactive ? l10n.t('inactive shown') : l10n.t('active only'));
    return parts.join(' · ');
}

export class ValidatorsSource implements TreeSource {
    readonly view = view;
    filter: ValidatorFilter = { includeInactive: false };

    constructor(private readonly services: TreeServices) {}

    get filterActive(): boolean {
        const f = this.filter;
        return !!(f.subnetId || f.nodeId || f.validationId || f.includeInactive);
    }

    /** The filter and the three groups, or nothing (the welcome) when there is nothing to read. */
    private async root(signal: AbortSignal): Promise<Children> {
        if (await this.services.nothingToRead(signal)) return { type: 'static', rows: [] };
        const filter: FilterRow = {
            kind: 'filter',
            ...under(view, undefined, 'filter'),
            text: describeFilter(this.filter),
            active: this.filterActive,
        };
        return {
            type: 'static',
            rows: [
                filter,
                group(
                    view,
                    undefined,
                    'dataApi',
                    { type: 'dataApiValidators' },
                    l10n.t('L1 validators'),
                    'server',
                    {
                        expanded: true,
                        description: this.services.isLocal
                            ? l10n.t('P-Chain, from the node')
                            : 'Data API',
                    },
                ),
                group(
                    view,
                    undefined,
                    'node',
                    { type: 'nodeChains' },
                    l10n.t('Validators per chain'),
                    'server-environment',
                    {
                        description: l10n.t(
                            'as {0} sees them',
                            nodeName(
                                this.services.clients.nodeUrl,
                                this.services.config.get(SettingKey.NodeUrls),
                            ),
                        ),
                    },
                ),
                group(
                    view,
                    undefined,
                    'primary',
                    { type: 'primaryValidators' },
                    l10n.t('Primary network validators'),
                    'shield',
                    { description: l10n.t('P-Chain, from the node; auto-renewed first') },
                ),
            ],
        };
    }

    children(parent: Row | undefined, signal: AbortSignal): Children | Promise<Children> {
        if (parent === undefined) return this.root(signal);
        if (parent.kind === 'group') return this.groupChildren(parent, signal);
        if (parent.kind === 'nodeChain') return this.nodeChainValidators(parent, signal);
        return { type: 'static', rows: [] };
    }

    private groupChildren(row: GroupRow, signal: AbortSignal): Children | Promise<Children> {
        if (row.group.type === 'dataApiValidators') return this.dataApiValidators(row);
        if (row.group.type === 'nodeChains') return this.nodeChains(row, signal);
        if (row.group.type === 'primaryValidators') return this.primaryValidators(row);
        return { type: 'static', rows: [] };
    }

    private dataApiValidators(row: GroupRow): Children {
        if (this.services.isLocal) return this.pChainValidators(row);
        const network = this.services.network;
        const f = this.filter;
        return this.l1ValidatorPages(
            row,
            l10n.t('The Data API lists no active L1 validators.'),
            async (pageToken, signal) => {
                const api = await this.services.clients.dataApi();
                const page = await api.listL1Validators(
                    {
                        network,
                        pageSize,
                        pageToken,
                        ...(f.subnetId ? { subnetId: f.subnetId } : {}),
                        ...(f.nodeId ? { nodeId: f.nodeId } : {}),
                        ...(f.validationId ? { l1ValidationId: f.validationId } : {}),
                        ...(f.includeInactive ? { includeInactiveL1Validators: true } : {}),
                    },
                    { signal },
                );
                return { validators: page.items, next: page.nextPageToken };
            },
        );
    }

    /**
     * The L1 validators of a network only the node knows, as its P-Chain lists them
     * (`platform.getCurrentValidators` per L1), with the view's filter applied here.
     */
    private pChainValidators(row: GroupRow): Children {
        const f = this.filter;
        return this.l1ValidatorPages(
            row,
            l10n.t('The P-Chain lists no L1 validators on this network.'),
            async (_token, signal) => {
                const network = this.services.clients.nodeNetwork();
                const subnets = (await network.subnets(signal)).filter(
                    (s) => s.isL1 && (!f.subnetId || s.subnetId === f.subnetId),
                );
                const lists = await Promise.all(
                    subnets.map((s) => network.l1Validators(s.subnetId, signal)),
                );
                const validators = lists
                    .flat()
                    .filter(
                        (v) =>
                            (!f.nodeId || v.nodeId === f.nodeId) &&
                            (!f.validationId || v.validationId === f.validationId) &&
                            (f.includeInactive ||
                                isPositiveAmount(v.remainingBalance) ||
                                isPositiveAmount(v.weight)),
                    );
                return { validators, next: undefined };
            },
        );
    }

    /**
     * A paged list of L1 validator rows: each page's fees are read alongside the page and waited
     * for only `feeGraceMs` after it, so a slow fee read costs the page its fee marks, not its rows.
     */
    private l1ValidatorPages(
        row: GroupRow,
        none: string,
        read: (
            token: string | undefined,
            signal: AbortSignal,
        ) => Promise<{ validators: readonly L1Validator[]; next: string | undefined }>,
    ): Children {
        return {
            type: 'paged',
            empty: this.filterActive ? l10n.t('No L1 validator matches the filter.') : none,
            fetch: async (token, signal): Promise<RowPage> => {
                const feesRead = this.pageFees(signal);
                const page = await read(token, signal);
                const fees = await soonAfter(feesRead, feeGraceMs);
                return {
                    rows: page.validators.map((validator) => validatorRow(row, validator, fees)),
                    next: page.next,
                };
            },
        };
    }

    /**
     * The primary network's validators from the node's P-Chain: one read (with the filter's node id
     * when there is one, so a public node sends one validator, not all of them), shown a page at a
     * time, auto-renewed ones first. A subnet or validation id in the filter names no primary
     * network validator.
     */
    private primaryValidators(row: GroupRow): Children {
        const f = this.filter;
        if ((f.subnetId && f.subnetId !== pChainId) || f.validationId) {
            return onlyEmpty(
                row,
                l10n.t(
                    'The filter names an L1 or a validation id: no primary network validator matches.',
                ),
            );
        }
        let ordered: Promise<PlatformValidator[]> | undefined;
        return {
            type: 'paged',
            empty: f.nodeId
                ? l10n.t('The node lists no primary network validator with this node id.')
                : l10n.t('The node lists no primary network validators.'),
            fetch: async (token, signal): Promise<RowPage> => {
                ordered ??= this.services.clients
                    .nodeRpc()
                    .call(
                        loadCore().nodeRpcMethods['platform.getCurrentValidators'],
                        f.nodeId ? { nodeIDs: [f.nodeId] } : {},
                        { signal },
                    )
                    .then((answer) => orderPrimaryValidators(answer.validators));
                const all = await ordered.catch((error: unknown) => {
                    // A failed read is not kept: Load more (or a refresh) asks again.
                    ordered = undefined;
                    throw error;
                });
                const from = token === undefined ? 0 : Number(token);
                const page = all.slice(from, from + pageSize);
                return {
                    rows: page.map((validator): PrimaryValidatorRow => ({
                        kind: 'primaryValidator',
                        ...under(view, row, validator.nodeId),
                        validator,
                    })),
                    next: from + pageSize < all.length ? String(from + pageSize) : undefined,
                };
            },
        };
    }

    /**
     * The L1 validator fee a page's rows are marked with, read beside the page (once a minute per
     * network, `ValidatorFeeReader`); a failure leaves the rows unmarked and the page as it is.
     */
    private pageFees(signal: AbortSignal): Promise<ValidatorFees | undefined> {
        // Marks come from the selected node only: merely showing the view sends nothing to a
        // public node the user did not choose.
        return this.services.fees
            .read(this.services.network, signal, undefined, false)
            .catch(() => undefined);
    }

    private async nodeChains(row: GroupRow, signal: AbortSignal): Promise<Children> {
        // Only the chains of L1s: AvalancheGo serves `/ext/bc/<id>/validators` on Subnet-EVM
        // chains alone, so the C-Chain would only ever answer 404 from a real node.
        const chains = (await this.services.supportedChains(this.services.network, signal)).filter(
            (c) =>
                c.platformChainId &&
                c.subnetId !== pChainId &&
                (!this.filter.subnetId || c.subnetId === this.filter.subnetId),
        );
        if (chains.length === 0) {
            return onlyEmpty(
                row,
                this.services.isLocal
                    ? l10n.t('The node serves no L1 chain.')
                    : this.filter.subnetId
                      ? l10n.t('The Data API lists no chain of this subnet.')
                      : l10n.t('The Data API lists no chains for this network.'),
            );
        }
        return {
            type: 'static',
            rows: chains.map((chain) => ({
                kind: 'nodeChain' as const,
                ...under(view, row, chain.platformChainId ?? chain.chainId),
                chain,
            })),
        };
    }

    /** The node's validators of one chain, each compared with the Data API's index. */
    private async nodeChainValidators(
        parent: NodeChainRow,
        signal: AbortSignal,
    ): Promise<Children> {
        const chain = parent.chain;
        const blockchainId = chain.platformChainId as string;
        const comparable = chain.subnetId !== undefined && chain.subnetId !== pChainId;
        const core = loadCore();
        const nodeAnswer = this.services.clients
            .nodeRpc()
            .call(
                core.nodeRpcMethods['validators.getCurrentValidators'],
                {},
                { chain: blockchainId, signal },
            );
        const indexAnswer: Promise<L1Validator[] | undefined> = comparable
            ? this.indexedValidators(chain, signal)
            : Promise.resolve(undefined);
        const [fromNode, fromIndex] = await Promise.allSettled([nodeAnswer, indexAnswer]);
        if (signal.aborted) return { type: 'static', rows: [] };
        if (fromNode.status === 'rejected') {
            return {
                type: 'static',
                rows: [problemNotice(view, parent, '~node', fromNode.reason, l10n.t('The node'))],
            };
        }
        const rows: Row[] = [];
        let indexed: L1Validator[] = [];
        if (fromIndex.status === 'rejected') {
            const message = errorText(fromIndex.reason);
            rows.push({
                kind: 'error',
                ...under(view, parent, '~error'),
                owner: parent,
                message: this.services.isLocal
                    ? l10n.t('Not compared with the P-Chain: {0}', message)
                    : l10n.t('Not compared with the Data API: {0}', message),
                duringLoadMore: false,
            });
        } else if (fromIndex.value) {
            indexed = fromIndex.value;
        }
        const compared = compareValidators(indexed, fromNode.value.validators);
        const f = this.filter;
        for (const c of compared) {
            if (f.nodeId && c.nodeId !== f.nodeId) continue;
            if (f.validationId && c.validationId !== f.validationId) continue;
            rows.push({
                kind: 'nodeValidator',
                ...under(view, parent, c.validationId ?? c.nodeId),
                chain,
                compared: c,
                comparable: comparable && fromIndex.status === 'fulfilled',
            });
        }
        return {
            type: 'static',
            rows: rowsOrEmpty(
                view,
                parent,
                rows,
                l10n.t('The node reports no validators for this chain.'),
            ),
        };
    }

    /** What the chain's validators are compared with: the Data API, or on `local` the P-Chain. */
    private async indexedValidators(chain: ChainInfo, signal: AbortSignal): Promise<L1Validator[]> {
        if (this.services.isLocal) {
            return this.services.clients.nodeNetwork().l1Validators(chain.subnetId ?? '', signal);
        }
        const api = await this.services.clients.dataApi();
        const { collectPages } = loadCore();
        const { items } = await collectPages(
            // Inactive ones too: the node lists a validator whose balance ran out, marked inactive.
            api.pages('listL1Validators', {
                network: this.services.network,
                subnetId: chain.subnetId,
                includeInactiveL1Validators: true,
                pageSize: 100,
            }),
            { maxItems: maxCompared, signal },
        );
        return items;
    }
}

/** A list that holds only its empty row. */
function onlyEmpty(parent: Row, message: string): Children {
    return { type: 'static', rows: [emptyRow(view, parent, message)] };
}

/** An L1 validator's row, with its runway at the fee read beside its page. */
function validatorRow(
    parent: Row,
    validator: L1Validator,
    fees: ValidatorFees | undefined,
): L1ValidatorRow {
    return {
        kind: 'l1Validator',
        ...under(view, parent, validator.validationId),
        validator,
        fees,
        // The core is loaded once a page has arrived: its clients answered it.
        runway: fees ? validatorRunwayAt(validator.remainingBalance, fees, loadCore()) : undefined,
    };
}
