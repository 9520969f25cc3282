/**
 * The two directories every lookup of a network shares: the EVM chains the Data API indexes (as
 * hovers show them) and a bounded index of subnets and their blockchains (`listSubnets`, read page
 * by page only as far as a lookup needs).
 */
import { untilAborted } from '../../abort';
import type { DataApiClient } from '../../dataApi/dataApiClient';
import type { ChainInfo } from '../../dataApi/model';
import { abortError } from '../../http/errors';
import type { HoverChain, HoverNetwork } from '../types';

/** The chain list as hovers show it. */
export function hoverChains(chains: readonly ChainInfo[], network: HoverNetwork): HoverChain[] {
    return chains.map((c) => ({
        evmChainId: c.chainId,
        blockchainId: c.platformChainId,
        name: c.chainName,
        symbol: c.networkToken.symbol,
        decimals: c.networkToken.decimals,
        rpcUrl: c.rpcUrl,
        explorerUrl: c.explorerUrl,
        subnetId: c.subnetId,
        vmId: c.vmId,
        isCChain: c.chainId === '43114' || c.chainId === '43113',
        network,
    }));
}

/** A page of the subnet list being read, and how many lookups wait for it. */
interface PageLoad {
    readonly promise: Promise<void>;
    readonly controller: AbortController;
    waiting: number;
}

/** A compact subnet as the directory keeps it (no genesis data). */
export interface SubnetSummary {
    readonly subnetId: string;
    readonly isL1: boolean;
    readonly owners: readonly string[];
    readonly threshold: number;
    readonly createdAt: number;
    readonly conversionTx?: string | undefined;
    readonly validatorManager?: { readonly blockchainId: string; readonly address: string };
    readonly blockchains: readonly {
        readonly blockchainId: string;
        readonly name: string;
        readonly evmChainId?: number | undefined;
        readonly vmId: string;
    }[];
}

/**
 * Subnets and blockchains of one network, read page by page as lookups need them. The list is
 * newest first and a page of 1,000 subnets is megabytes of JSON, so the first read is a short
 * page of the newest (the likeliest to be looked up); only an id not among them reads on, in
 * full pages from the start (the short page's token is not reused for pages of another size).
 */
export class SubnetDirectory {
    readonly subnets = new Map<string, SubnetSummary>();
    readonly blockchains = new Map<string, SubnetSummary>();
    private nextPageToken: string | undefined;
    private newestRead = false;
    private complete = false;
    private loading: PageLoad | undefined;

    constructor(
        private readonly network: HoverNetwork,
        private readonly dataApi: () => Promise<DataApiClient>,
        private readonly limits: {
            readonly maxSubnets: number;
            readonly subnetPageSize: number;
            readonly newestSubnetsPageSize: number;
        },
        readonly createdAt: number,
    ) {}

    /** The subnet that is, or holds the blockchain, `id`; reads more pages while needed. */
    async find(
        id: string,
        signal: AbortSignal | undefined,
    ): Promise<{ subnet: SubnetSummary; isBlockchain: boolean } | undefined> {
        for (;;) {
            const subnet = this.subnets.get(id);
            if (subnet) return { subnet, isBlockchain: false };
            const holder = this.blockchains.get(id);
            if (holder) return { subnet: holder, isBlockchain: true };
            if (this.complete || this.subnets.size >= this.limits.maxSubnets) return undefined;
            await this.nextPage(signal);
        }
    }

    /**
     * Waits for the page being read, starting it if none is. The read is shared by every lookup
     * that waits for it, and aborted once none does (a lookup answered by another source).
     */
    private async nextPage(signal: AbortSignal | undefined): Promise<void> {
        let load = this.loading;
        if (!load) {
            const controller = new AbortController();
            const promise = this.loadPage(controller.signal).finally(() => {
                if (this.loading === load) this.loading = undefined;
            });
            load = this.loading = { promise, controller, waiting: 0 };
        }
        load.waiting++;
        try {
            await untilAborted(load.promise, signal, abortError);
        } finally {
            load.waiting--;
            if (load.waiting === 0 && signal?.aborted) {
                if (this.loading === load) this.loading = undefined;
                load.controller.abort(abortError());
            }
        }
    }

    /** The subnet `id` if it was read already (no request). */
    peek(id: string): SubnetSummary | undefined {
        return this.subnets.get(id);
    }

    /** The name of the subnet `id` (its first blockchain's) if it was read already. */
    nameOf(id: string): string | undefined {
        return this.peek(id)?.blockchains[0]?.name;
    }

    private async loadPage(signal: AbortSignal): Promise<void> {
        const api = await this.dataApi();
        const newest = !this.newestRead;
        const page = await api.listSubnets(
            {
                network: this.network,
                pageSize: newest ? this.limits.newestSubnetsPageSize : this.limits.subnetPageSize,
                pageToken: this.nextPageToken,
            },
            { signal },
        );
        for (const s of page.items) {
            const summary: SubnetSummary = {
                subnetId: s.subnetId,
                isL1: s.isL1,
                owners: s.subnetOwnershipInfo.addresses,
                threshold: s.subnetOwnershipInfo.threshold,
                createdAt: s.createBlockTimestamp,
                conversionTx: s.l1ConversionTransactionHash,
                ...(s.l1ValidatorManagerDetails
                    ? {
                          validatorManager: {
                              blockchainId: s.l1ValidatorManagerDetails.blockchainId,
                              address: s.l1ValidatorManagerDetails.contractAddress,
                          },
                      }
                    : {}),
                blockchains: s.blockchains.map((b) => ({
                    blockchainId: b.blockchainId,
                    name: b.blockchainName,
                    evmChainId: b.evmChainId,
                    vmId: b.vmId,
                })),
            };
            this.subnets.set(summary.subnetId, summary);
            for (const b of summary.blockchains) this.blockchains.set(b.blockchainId, summary);
        }
        if (!page.nextPageToken) this.complete = true;
        else if (!newest) this.nextPageToken = page.nextPageToken;
        this.newestRead = true;
    }
}
