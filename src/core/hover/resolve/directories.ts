/**
 * The two directories every lookup of a network shares: the EVM chains the Data API indexes (as
 * hovers show them) and the subnets lookups have read by id.
 */
import type { DataApiClient } from '../../dataApi/dataApiClient';
import type { ChainInfo, Subnet } from '../../dataApi/model';
import { isHttpError } from '../../http/errors';
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
        /** A number, or the exact decimal string of one past 2^53 (see `wideInt`). */
        readonly evmChainId?: number | string | undefined;
        readonly vmId: string;
    }[];
}

/** A subnet of the Data API as the directory keeps it. */
function subnetSummary(s: Subnet): SubnetSummary {
    return {
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
}

/**
 * The subnets of one network that lookups have read, each by its id (`getSubnetById`), kept for
 * minutes. The subnet list is never walked: mainnet has thousands of subnets, megabytes of JSON
 * in pages, and an id not among the newest used to cost the whole list before a hover could say
 * what it is. Identical requests under way at once are shared by the HTTP client.
 */
export class SubnetDirectory {
    private readonly subnets = new Map<string, SubnetSummary>();

    constructor(
        private readonly network: HoverNetwork,
        private readonly dataApi: () => Promise<DataApiClient>,
        readonly createdAt: number,
    ) {}

    /** The subnet `id`, read once; undefined when the Data API knows no such subnet (404). */
    async byId(id: string, signal: AbortSignal | undefined): Promise<SubnetSummary | undefined> {
        const kept = this.subnets.get(id);
        if (kept) return kept;
        const api = await this.dataApi();
        let subnet: Subnet;
        try {
            subnet = await api.getSubnetById({ network: this.network, subnetId: id }, { signal });
        } catch (error) {
            if (isHttpError(error) && error.status === 404) return undefined;
            throw error;
        }
        const summary = subnetSummary(subnet);
        this.subnets.set(summary.subnetId, summary);
        return summary;
    }

    /** The subnet `id` if it was read already (no request). */
    peek(id: string): SubnetSummary | undefined {
        return this.subnets.get(id);
    }

    /** The name of the subnet `id` (its first blockchain's) if it was read already. */
    nameOf(id: string): string | undefined {
        return this.peek(id)?.blockchains[0]?.name;
    }
}
