/**
 * Keeps the selected node on the local network the user chose. A local network's tool (tmpnet,
 * avalanche-cli, Interchain Kit) restarts nodes on new ports, so the URL in
 * `avalanche.node.selectedUrl` goes stale; the discovery files say where the nodes are now. While
 * `avalanche.network` is `local`, the files name the chains (avalanche-cli's sidecars, Interchain
 * Kit's network.json), and when a discovered network is followed a change of its files moves the
 * selection to one of its live nodes. Nothing is read while another network is selected.
 */
import type * as vscode from 'vscode';

import type { LocalNetwork } from '../core/local/localNetwork';
import type { ClientProvider } from '../platform/clients';
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import type { LocalNetworks } from '../platform/localNetworks';
import { log } from '../platform/log';
import { SettingKey } from '../platform/settingKeys';
import { nextNodeUrl } from './localNetworkModel';

const logger = log.for('LocalNetworks');

/** `globalState` key of the followed network's key (per machine: local paths are not synced). */
const followedKey = 'avalanche.localNetwork.followed';

export class LocalNetworkFollower extends Disposable {
    private watching: { dispose(): void } | undefined;
    /** Set once a view showed or a picker listed the networks: before that nothing is read. */
    private wanted = false;

    constructor(
        private readonly config: Config,
        private readonly clients: ClientProvider,
        private readonly local: LocalNetworks,
        private readonly state: vscode.Memento,
    ) {
        super();
        this._register(config.onDidChange([SettingKey.Network], () => this.update()));
        this._register({ dispose: () => this.watching?.dispose() });
        this.update();
    }

    /** The key of the followed network, if any. */
    get followed(): string | undefined {
        const value = this.state.get<unknown>(followedKey);
        return typeof value === 'string' && value.length <= 4096 ? value : undefined;
    }

    /** Follows `network` from now on (the user picked it). */
    async follow(network: LocalNetwork | undefined): Promise<void> {
        await this.state.update(followedKey, network?.key);
        this.wanted = true;
        const watching = this.watching !== undefined;
        this.update();
        // Already watching, the files have not changed: the chains must still take the newly
        // followed network's names (update() reconciles only when it starts watching).
        if (watching && this.watching) await this.reconcile();
    }

    /**
     * A view became visible: from now on the files are read and watched while the network is
     * `local` (reading them costs nothing while the views are closed).
     */
    viewShown(): void {
        if (this.wanted) return;
        this.wanted = true;
        this.update();
    }

    /** Starts or stops watching as the selected network changes. */
    private update(): void {
        const wanted = this.wanted && this.config.get(SettingKey.Network) === 'local';
        if (wanted && !this.watching) {
            this.watching = this.local.onDidChange(() => void this.reconcile());
            void this.reconcile();
        } else if (!wanted && this.watching) {
            this.watching.dispose();
            this.watching = undefined;
        }
    }

    /**
     * Names the chains from the files (sidecars) and moves the selection to a live node of the
     * followed network when its node moved.
     */
    private async reconcile(): Promise<void> {
        try {
            const networks = await this.local.list();
            const key = this.followed;
            const network = networks.find((n) => n.key === key);
            const l1s = (network ? [network] : networks).flatMap((n) => n.l1s);
            this.clients.setChainHints(
                l1s.map((l1) => ({
                    blockchainId: l1.blockchainId,
                    name: l1.name,
                    tokenSymbol: l1.tokenSymbol,
                })),
            );
            // Loopback only: the files may name other hosts, which the picker asks about first.
            this.clients.setLocalOrigins(
                networks
                    .flatMap((n) => [
                        ...n.nodes.map((node) => node.uri),
                        ...n.l1s.flatMap((l1) => l1.rpcUrls),
                    ])
                    .filter(isLoopbackUrl),
            );
            if (!key) return;
            const selected = this.config.get(SettingKey.SelectedNodeUrl);
            const next = nextNodeUrl(network, selected);
            if (next === undefined || next === selected) return;
            logger.info(`${network?.name ?? key}: its node moved from ${selected} to ${next}`);
            await this.config.update(SettingKey.SelectedNodeUrl, next);
        } catch (error) {
            logger.warn('Following the local network failed', error);
        }
    }
}

/** True for a URL on this machine's loopback interface. */
function isLoopbackUrl(url: string): boolean {
    try {
        const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
        return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
    } catch {
        return false;
    }
}
