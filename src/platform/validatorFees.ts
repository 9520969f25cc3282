/**
 * The L1 validator fee of a network, as its P-Chain reports it (`platform.getValidatorFeeState`
 * and `platform.getValidatorFeeConfig`, ACP-77), for the watch list's runways and the Validators
 * view's marks. The P-Chain of a network is the selected node when it is on that network (asked
 * once per node URL with `info.getNetworkID`), else the network's built-in public node, so no read
 * goes to a host the user did not choose; on `local` it is the selected node. One reading serves
 * every caller of its network for a minute: the price moves slowly (ACP-77 bounds its rate), and
 * the watch list and the view would otherwise each ask for it on every read.
 */
import type { NodeRpcClient, ValidatorFees } from '../core/index';
import { untilAborted } from '../core/abort';
import { abortError } from '../core/http/errors';
import type { ClientProvider } from './clients';
import { loadCore } from './lazyCore';
import { builtInNodes } from './nodeCatalog';
import type { Network } from './settingKeys';

/** AvalancheGo's network ids (`info.getNetworkID`): mainnet 1, Fuji 5. */
const networkIds = { mainnet: '1', fuji: '5' } as const;
/** How long one fee reading serves every caller of its network. */
const feeTtlMs = 60_000;

/** Told how many requests a call sent on the caller's behalf (the watch list's budget). */
export type SpendRequests = (requests: number) => void;

export class ValidatorFeeReader {
    /**
     * Reads by network and by whether the public node may answer: a read limited to the selected
     * node fails where the other would not, and its failure must not be handed to a caller that
     * allowed the public node.
     */
    private readonly fees = new Map<string, { atMs: number; fees: Promise<ValidatorFees> }>();
    /** The selected node's network id, by node URL. */
    private readonly nodeNetworks = new Map<string, Promise<string | undefined>>();

    constructor(private readonly clients: ClientProvider) {}

    /** Forgets what depends on the settings (the node, the network or a key changed). */
    reset(): void {
        this.fees.clear();
        this.nodeNetworks.clear();
    }

    /**
     * The client of the node that answers `network`'s P-Chain. With `publicNode` false, only the
     * selected node: a caller the user did not ask (the Validators view's marks) sends nothing to
     * the public node, and fails instead.
     */
    async pChain(
        network: Network,
        signal?: AbortSignal,
        spend?: SpendRequests,
        publicNode = true,
    ): Promise<NodeRpcClient> {
        if (network === 'local') return this.clients.nodeRpc();
        const selectedUrl = this.clients.nodeUrl;
        let id = this.nodeNetworks.get(selectedUrl);
        if (!id) {
            spend?.(1);
            const { nodeRpcMethods } = loadCore();
            // Not the caller's signal: the answer is kept for every later caller. A failure is
            // not: taken as "another network", it would send every later read to the public node
            // for good while the selected node was only briefly unreachable. The read fails
            // instead, and the next one asks again.
            const asked = this.clients
                .nodeRpc()
                .call(nodeRpcMethods['info.getNetworkID'], {})
                .then((r) => String(r.networkId));
            asked.catch(() => {
                if (this.nodeNetworks.get(selectedUrl) === asked) {
                    this.nodeNetworks.delete(selectedUrl);
                }
            });
            id = asked;
            this.nodeNetworks.set(selectedUrl, id);
        }
        if ((await untilAborted(id, signal, abortError)) === networkIds[network]) {
            return this.clients.nodeRpc();
        }
        if (!publicNode) throw new Error(`The selected node is not on ${network}.`);
        const publicUrl = builtInNodes.find((n) => n.network === network)?.url;
        const target = publicUrl ? this.clients.rpcFor(`${publicUrl}/ext/P`) : undefined;
        if (!target) throw new Error(`No node is known for ${network}'s P-Chain.`);
        return target.client;
    }

    /**
     * The fee now and its constants (the constants are optional: an older node lacks the method).
     * `signal` stops only this caller's wait; a failure is not kept, so the next caller asks again.
     */
    read(
        network: Network,
        signal?: AbortSignal,
        spend?: SpendRequests,
        publicNode = true,
    ): Promise<ValidatorFees> {
        const key = publicNode ? network : `${network} (selected node)`;
        const cached = this.fees.get(key);
        if (cached && Date.now() - cached.atMs < feeTtlMs) {
            return untilAborted(cached.fees, signal, abortError);
        }
        const { nodeRpcMethods: m } = loadCore();
        const fees = this.pChain(network, undefined, spend, publicNode).then(async (client) => {
            spend?.(2);
            const [state, config] = await Promise.all([
                client.call(m['platform.getValidatorFeeState'], {}),
                client.call(m['platform.getValidatorFeeConfig'], {}).catch(() => undefined),
            ]);
            return { state, config };
        });
        const entry = { atMs: Date.now(), fees };
        fees.catch(() => {
            if (this.fees.get(key) === entry) this.fees.delete(key);
        });
        this.fees.set(key, entry);
        return untilAborted(fees, signal, abortError);
    }
}
