/**
 * The Subnets & L1s view: `listSubnets` page by page with "Load more" rows, in the chosen
 * sort order; each subnet opens to its details, its blockchains (with a readable genesis summary)
 * and, for L1s, its validators (`listL1Validators` filtered by subnet). Subnets found by the Find command are
 * pinned above the list.
 */
import type { ItemRepair, Page, Subnet } from '../core/index';
import { isAbortError } from '../core/http/errors';
import { formatInteger, formatTimestamp } from '../core/format';
import {
    type CompactBlockchain,
    type CompactSubnet,
    compactSubnet,
    describeAllocations,
    summarizeDigest,
} from '../core/summaries/genesisSummary';
import { SettingKey } from '../platform/settingKeys';
import { emptyRow, type SubnetRow, type Row, under } from './rows';
import { field, group, section } from './rowBuilders';
import type { TreeServices } from './services';
import type { Children, RowPage, TreeSource } from './treeProvider';
import { l10n } from './treeL10n';

const view = 'subnets';
const validatorsPageSize = 100;

export type SubnetSortOrder = 'asc' | 'desc';

export class SubnetsSource implements TreeSource {
    readonly view = view;
    /** Newest first by default, as the Data API sorts. */
    sortOrder: SubnetSortOrder = 'desc';
    private pinned: CompactSubnet[] = [];

    constructor(private readonly services: TreeServices) {}

    /** Pins a subnet found by a lookup above the list; returns its row. */
    pin(found: Subnet): SubnetRow {
        const subnet = compactSubnet(found);
        this.pinned = [subnet, ...this.pinned.filter((s) => s.subnetId !== subnet.subnetId)].slice(
            0,
            10,
        );
        return pinnedRow(subnet);
    }

    /** Drops the pins (on a network change: they belong to the old network). */
    clearPins(): void {
        this.pinned = [];
    }

    /** The row of a subnet in the paged list (same id as the row VS Code holds). */
    listRow(subnet: CompactSubnet): SubnetRow {
        return { kind: 'subnet', ...under(view, undefined, subnet.subnetId), subnet };
    }

    children(parent: Row | undefined, signal: AbortSignal): Children | Promise<Children> {
        if (parent === undefined) return this.root(signal);
        switch (parent.kind) {
            case 'subnet':
                return staticRows(
                    subnetRows(
                        parent,
                        parent.subnet,
                        this.services.isLocal ? l10n.t('P-Chain, from the node') : 'Data API',
                    ),
                );
            case 'blockchain':
                return staticRows(blockchainRows(parent, parent.blockchain));
            case 'group':
                return this.groupChildren(parent);
            case 'field':
                return staticRows(parent.children ?? []);
            default:
                return staticRows([]);
        }
    }

    /** A subnet row with the same id the tree uses, for reveal(); the list row when loaded. */
    blockchainRow(subnetRow: SubnetRow, blockchain: CompactBlockchain): Row {
        const blockchains = group(
            view,
            subnetRow,
            'blockchains',
            { type: 'blockchains', subnet: subnetRow.subnet },
            l10n.t('Blockchains'),
            'link',
        );
        return {
            kind: 'blockchain',
            ...under(view, blockchains, blockchain.blockchainId),
            blockchain,
            subnet: subnetRow.subnet,
        };
    }

    /** The subnets, or nothing (the welcome) when there is nothing to read from. */
    private async root(signal: AbortSignal): Promise<Children> {
        if (await this.services.nothingToRead(signal)) return staticRows([]);
        return this.subnets();
    }

    private subnets(): Children {
        if (this.services.isLocal) return this.localSubnets();
        const network = this.services.network;
        // The setting sizes a fresh listing; its pages keep that size to the end (see
        // `readSubnetPages`), whatever the setting says meanwhile.
        const pageSize = this.services.config.get(SettingKey.SubnetsPageSize);
        const sortOrder = this.sortOrder;
        return {
            type: 'paged',
            head: this.pinned.map(pinnedRow),
            empty: l10n.t('No subnets on {0}.', network),
            fetch: async (pageToken, signal, loaded): Promise<RowPage> => {
                const api = await this.services.clients.dataApi();
                const read = await readSubnetPages(
                    (token) =>
                        api.listSubnets(
                            { network, pageSize, sortOrder, pageToken: token },
                            { signal },
                        ),
                    pageToken,
                    pageToken === undefined ? pageSize : wantedRows(pageSize, loaded),
                );
                return { rows: pageRows(read.pages, loaded), next: read.next };
            },
        };
    }

    /**
     * The subnets of a network only the node knows: the node lists them all at once
     * (`platform.getSubnets`), so the first page reads the list and "Load more" pages through it.
     */
    private localSubnets(): Children {
        const pageSize = this.services.config.get(SettingKey.SubnetsPageSize);
        let all: Promise<CompactSubnet[]> | undefined;
        return {
            type: 'paged',
            head: this.pinned.map(pinnedRow),
            empty: l10n.t('The node knows no subnet besides the primary network.'),
            fetch: async (token, signal): Promise<RowPage> => {
                all ??= this.services.clients.nodeNetwork().subnets(signal);
                const list = await all.catch((error: unknown) => {
                    all = undefined;
                    throw error;
                });
                const sorted = this.sortOrder === 'asc' ? list : [...list].reverse();
                const from = token === undefined ? 0 : Number(token);
                const page = sorted.slice(from, from + pageSize);
                return {
                    rows: page.map((subnet) => this.listRow(subnet)),
                    next: from + pageSize < sorted.length ? String(from + pageSize) : undefined,
                };
            },
        };
    }

    private groupChildren(row: Row & { kind: 'group' }): Children {
        const spec = row.group;
        switch (spec.type) {
            case 'blockchains':
                return staticRows(
                    spec.subnet.blockchains.map((blockchain) => ({
                        kind: 'blockchain' as const,
                        ...under(view, row, blockchain.blockchainId),
                        blockchain,
                        subnet: spec.subnet,
                    })),
                    l10n.t('This subnet has no blockchains.'),
                    row,
                );
            case 'subnetValidators': {
                const network = this.services.network;
                const subnetId = spec.subnet.subnetId;
                if (network === 'local') {
                    return {
                        type: 'paged',
                        empty: l10n.t('The node lists no validators for this L1.'),
                        fetch: async (_token, signal): Promise<RowPage> => ({
                            rows: (
                                await this.services.clients
                                    .nodeNetwork()
                                    .l1Validators(subnetId, signal)
                            ).map((validator) => ({
                                kind: 'l1Validator' as const,
                                ...under(view, row, validator.validationId),
                                validator,
                            })),
                        }),
                    };
                }
                return {
                    type: 'paged',
                    empty: l10n.t('The Data API lists no L1 validators for this L1.'),
                    fetch: async (pageToken, signal): Promise<RowPage> => {
                        const api = await this.services.clients.dataApi();
                        const page = await api.listL1Validators(
                            {
                                network,
                                subnetId,
                                includeInactiveL1Validators: true,
                                pageSize: validatorsPageSize,
                                pageToken,
                            },
                            { signal },
                        );
                        return {
                            rows: page.items.map((validator) => ({
                                kind: 'l1Validator' as const,
                                ...under(view, row, validator.validationId),
                                validator,
                            })),
                            next: page.nextPageToken,
                        };
                    },
                };
            }
            case 'genesis':
                return staticRows(genesisRows(row, spec.blockchain));
            default:
                return staticRows([]);
        }
    }
}

/** The most subnets one "Load more" reads, whatever is shown (the API's largest page). */
const maxRowsPerLoad = 10_000;
/** The most requests one "Load more" sends, so that a small page size cannot turn into hundreds. */
const maxPagesPerLoad = 20;

/**
 * How many subnets a "Load more" reads: as many as are shown, within `maxRowsPerLoad` and
 * `maxPagesPerLoad` pages. VS Code re-creates every row of a list it refreshes (and VS Code 1.100
 * keeps a small object per row it ever created), so appending one page per click to a list of N
 * rows costs O(N²) rows; doubling what is shown keeps it O(N): 10,000 subnets take 7 clicks.
 */
export function wantedRows(pageSize: number, loaded: number): number {
    return Math.min(maxRowsPerLoad, maxPagesPerLoad * pageSize, Math.max(pageSize, loaded));
}

/**
 * Reads `listSubnets` pages from `pageToken` until `wanted` subnets were read or the list ends.
 * Every page is asked with the page size of the listing that issued the token: a page token
 * is only known to continue the list it came from, and one followed with another page size
 * may skip or repeat subnets. A page that fails after the first ends the reading early with what
 * was read (the next "Load more" asks it again and shows its error); the first one's error is
 * the caller's.
 */
export async function readSubnetPages(
    readPage: (pageToken: string | undefined) => Promise<Page<Subnet>>,
    pageToken: string | undefined,
    wanted: number,
): Promise<{ pages: Page<Subnet>[]; next: string | undefined }> {
    const pages: Page<Subnet>[] = [];
    let next = pageToken;
    let read = 0;
    do {
        let page: Page<Subnet>;
        try {
            page = await readPage(next);
        } catch (error) {
            if (pages.length === 0 || isAbortError(error)) throw error;
            break;
        }
        pages.push(page);
        read += page.items.length + (page.repairs?.length ?? 0);
        next = page.nextPageToken || undefined;
        // An empty page with a token would loop: stop, and let the next click go on.
        if (page.items.length === 0) break;
    } while (next !== undefined && read < wanted);
    return { pages, next };
}

/**
 * The rows of the pages read: a subnet per item (its genesis reduced to what the rows show),
 * marked when the item is shown without some fields, and a notice for the items left out.
 */
function pageRows(pages: readonly Page<Subnet>[], loaded: number): Row[] {
    const rows: Row[] = [];
    pages.forEach((page, pageIndex) => {
        const partial = new Map<number, ItemRepair>();
        const dropped: ItemRepair[] = [];
        for (const repair of page.repairs ?? []) {
            if (repair.index !== undefined) partial.set(repair.index, repair);
            else dropped.push(repair);
        }
        page.items.forEach((subnet, index) => {
            const repair = partial.get(index);
            rows.push({
                kind: 'subnet' as const,
                ...under(view, undefined, subnet.subnetId),
                subnet: compactSubnet(subnet),
                ...(repair
                    ? { partial: { removed: repair.removed, problems: repair.problems } }
                    : {}),
            });
        });
        if (dropped.length > 0) {
            rows.push({
                kind: 'notice',
                ...under(view, undefined, `~leftOut-${loaded}-${pageIndex}`),
                reason: 'info',
                message:
                    dropped.length === 1
                        ? l10n.t(
                              "1 subnet of this page left out: the Data API's item could not be read",
                          )
                        : l10n.t(
                              "{0} subnets of this page left out: the Data API's item could not be read",
                              dropped.length,
                          ),
                remedy: dropped
                    .slice(0, 2)
                    .map((r) => r.problems[0] ?? 'unreadable')
                    .join('; '),
            });
        }
    });
    return rows;
}

function pinnedRow(subnet: CompactSubnet): SubnetRow {
    return {
        kind: 'subnet',
        ...under(view, undefined, '~pinned', subnet.subnetId),
        subnet,
        pinned: true,
    };
}

function staticRows(rows: readonly Row[], empty?: string, parent?: Row): Children {
    if (rows.length === 0 && empty !== undefined) {
        return {
            type: 'static',
            rows: [emptyRow(view, parent, empty)],
        };
    }
    return { type: 'static', rows };
}

/** One row per address; `key` names the rows' ids, which stay the same in every language. */
function addressRows(parent: Row, key: string, addresses: readonly string[], label = key): Row[] {
    return addresses.map((address, i) =>
        field(view, parent, `${key}${i}`, label, address, { copy: address, icon: 'account' }),
    );
}

/**
 * Details of a subnet, computed when it is expanded. `validatorsFrom` names where the L1's
 * validators are read (the Data API, or the node).
 */
function subnetRows(parent: SubnetRow, s: CompactSubnet, validatorsFrom: string): Row[] {
    const owner = s.subnetOwnershipInfo;
    const rows: Row[] = [
        field(view, parent, 'id', l10n.t('Subnet id'), s.subnetId, {
            copy: s.subnetId,
            icon: 'symbol-key',
        }),
        field(
            view,
            parent,
            'type',
            l10n.t('Type'),
            s.isL1
                ? l10n.t('L1 (converted, sovereign validator set)')
                : l10n.t('Subnet (P-Chain managed validators)'),
            {
                icon: s.isL1 ? 'globe' : 'type-hierarchy',
            },
        ),
        ...(s.createBlockTimestamp > 0
            ? [
                  field(
                      view,
                      parent,
                      'created',
                      l10n.t('Created'),
                      formatTimestamp(s.createBlockTimestamp),
                      {
                          icon: 'calendar',
                          detail: [l10n.t('P-Chain block {0}', s.createBlockIndex)],
                      },
                  ),
              ]
            : []),
        section(
            view,
            parent,
            'owner',
            l10n.t('Owner'),
            owner.locktime > 0
                ? l10n.t(
                      '{0} of {1} signatures · locked until {2}',
                      owner.threshold,
                      owner.addresses.length,
                      formatTimestamp(owner.locktime),
                  )
                : l10n.t('{0} of {1} signatures', owner.threshold, owner.addresses.length),
            (self) => addressRows(self, 'Owner', owner.addresses, l10n.t('Owner')),
            { icon: 'shield', json: owner },
        ),
    ];
    if (s.l1ConversionTransactionHash) {
        rows.push(
            field(
                view,
                parent,
                'conversion',
                l10n.t('L1 conversion'),
                s.l1ConversionTransactionHash,
                {
                    copy: s.l1ConversionTransactionHash,
                    icon: 'git-merge',
                    detail: [l10n.t('The ConvertSubnetToL1Tx on the P-Chain.')],
                },
            ),
        );
    }
    const manager = s.l1ValidatorManagerDetails;
    if (manager) {
        rows.push(
            section(
                view,
                parent,
                'manager',
                l10n.t('Validator manager'),
                manager.contractAddress,
                (self) => [
                    field(view, self, 'chain', l10n.t('Blockchain'), manager.blockchainId, {
                        copy: manager.blockchainId,
                        icon: 'link',
                    }),
                    field(view, self, 'contract', l10n.t('Contract'), manager.contractAddress, {
                        copy: manager.contractAddress,
                        icon: 'file-code',
                    }),
                ],
                { icon: 'organization', json: manager },
            ),
        );
    }
    rows.push(
        group(
            view,
            parent,
            'blockchains',
            { type: 'blockchains', subnet: s },
            l10n.t('Blockchains'),
            'link',
            {
                description: `${s.blockchains.length}`,
            },
        ),
    );
    if (s.isL1) {
        rows.push(
            group(
                view,
                parent,
                'validators',
                { type: 'subnetValidators', subnet: s },
                l10n.t('L1 validators'),
                'server',
                {
                    description: validatorsFrom,
                },
            ),
        );
    }
    return rows;
}

function blockchainRows(parent: Row, b: CompactBlockchain): Row[] {
    const rows: Row[] = [
        field(view, parent, 'id', l10n.t('Blockchain id'), b.blockchainId, {
            copy: b.blockchainId,
            icon: 'symbol-key',
        }),
        field(view, parent, 'vm', 'VM id', b.vmId, { copy: b.vmId, icon: 'symbol-class' }),
    ];
    if (b.evmChainId !== undefined) {
        rows.push(
            field(view, parent, 'evmChainId', l10n.t('EVM chain id'), String(b.evmChainId), {
                copy: String(b.evmChainId),
                icon: 'symbol-number',
            }),
        );
    }
    if (b.createBlockTimestamp > 0) {
        rows.push(
            field(
                view,
                parent,
                'created',
                l10n.t('Created'),
                formatTimestamp(b.createBlockTimestamp),
                {
                    icon: 'calendar',
                    detail: [l10n.t('P-Chain block {0}', b.createBlockNumber)],
                },
            ),
        );
    }
    if (b.genesis !== undefined) {
        rows.push(
            group(
                view,
                parent,
                'genesis',
                { type: 'genesis', blockchain: b },
                l10n.t('Genesis'),
                'symbol-namespace',
                {
                    description:
                        b.genesis.kind === 'opaque'
                            ? 'opaque'
                            : l10n.t('allocations, fees, permissions'),
                },
            ),
        );
    }
    return rows;
}

/** The genesis summary of a blockchain, computed when its Genesis row is expanded. */
function genesisRows(parent: Row, b: CompactBlockchain): Row[] {
    const summary = summarizeDigest(b.genesis);
    if (summary.kind === 'none') return [emptyRow(view, parent, l10n.t('No genesis data.'))];
    if (summary.kind === 'opaque') {
        return [
            field(
                view,
                parent,
                'opaque',
                l10n.t('Genesis'),
                `not an EVM genesis (${formatInteger(summary.length)} characters)`,
            ),
        ];
    }
    const rows: Row[] = [
        field(
            view,
            parent,
            'alloc',
            'Allocations',
            describeAllocations(summary.allocations, 'native'),
            {
                icon: 'credit-card',
                detail: [`Total ${summary.allocations.totalWei} wei (smallest units).`],
            },
        ),
    ];
    if (summary.chainId !== undefined)
        rows.push(field(view, parent, 'chainId', 'Chain id', String(summary.chainId)));
    if (summary.gasLimit !== undefined)
        rows.push(
            field(view, parent, 'gasLimit', 'Block gas limit', formatInteger(summary.gasLimit)),
        );
    if (summary.allowFeeRecipients !== undefined) {
        rows.push(
            field(
                view,
                parent,
                'feeRecipients',
                'Fee recipients allowed',
                summary.allowFeeRecipients ? 'yes' : 'no',
            ),
        );
    }
    if (summary.feeConfig.length > 0) {
        rows.push(
            section(
                view,
                parent,
                'fees',
                'Fee config',
                `${summary.feeConfig.length} settings`,
                (self) => summary.feeConfig.map((r) => field(view, self, r.key, r.label, r.value)),
                { icon: 'symbol-namespace' },
            ),
        );
    }
    const permissions = summary.precompiles.filter((p) => p.permission);
    rows.push(
        section(
            view,
            parent,
            'permissions',
            'Permission precompiles',
            permissions.length === 0
                ? 'none configured'
                : permissions.map((p) => p.label).join(', '),
            (self) =>
                summary.precompiles.map((p) =>
                    section(
                        view,
                        self,
                        p.key,
                        p.label,
                        `${p.adminAddresses.length} admin(s)${p.blockTimestamp ? ` · from ${formatTimestamp(p.blockTimestamp)}` : ''}`,
                        (row) => [
                            ...addressRows(row, 'Admin', p.adminAddresses),
                            ...addressRows(row, 'Manager', p.managerAddresses),
                            ...addressRows(row, 'Enabled', p.enabledAddresses),
                            ...p.settings.map((s) => field(view, row, s.key, s.label, s.value)),
                        ],
                        { icon: p.permission ? 'shield' : 'symbol-method', json: p },
                    ),
                ),
            { icon: 'shield', expanded: permissions.length > 0 },
        ),
    );
    return rows;
}
