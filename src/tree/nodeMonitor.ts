/**
 * Keeps the Node view's snapshot of the selected node: reads it on demand and on a timer while the
 * view is visible (never while hidden), aborts a read that a newer one replaces, reports health to
 * the status bar, and shows what this window did to the CPU profiler (kept by `ProfilerStates`,
 * which the palette's node method commands tell too: the admin API cannot report it).
 */
import * as vscode from 'vscode';

import { soonAfter } from '../core/abort';
import type { NodeChainCandidate, NodeSnapshot } from '../core/summaries/nodeSnapshot';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import type { NodeHealth } from '../platform/nodeHealth';
import type { Network } from '../platform/settingKeys';
import { answersSent, beforeCore } from './coreFirstLoad';
import type { ProfilerState } from '../platform/profilerStates';
import type { TreeServices } from './services';
import type { TreesProbe } from './treesTesting';

const logger = log.for('Node view');

/** How long the first read waits for the Data API's chain list before going without it. */
const candidatesWaitMs = 2_000;

export class NodeMonitor extends Disposable {
    private current: NodeSnapshot | undefined;
    private inFlight:
        { controller: AbortController; promise: Promise<NodeSnapshot | undefined> } | undefined;
    private candidates: NodeChainCandidate[] | undefined;
    private candidatesPending: Promise<void> | undefined;
    /** The network the candidates were read for. */
    private candidatesNetwork: Network | undefined;
    private readonly updated = this._register(new vscode.EventEmitter<NodeSnapshot | undefined>());
    /** Fires with each new snapshot (undefined when the node changed and none is read yet). */
    readonly onDidUpdate = this.updated.event;
    /** Text filter of the peers list. */
    peersFilter = '';

    constructor(
        private readonly services: TreeServices,
        private readonly reportHealth: (health: NodeHealth) => void,
        private readonly probe: Pick<TreesProbe, 'nodeRead'>,
    ) {
        super();
        this._register(
            services.clients.onDidChange((e) => {
                if (e.nodeRpc) {
                    this.inFlight?.controller.abort();
                    this.inFlight = undefined;
                    this.current = undefined;
                    this.updated.fire(undefined);
                }
                if (e.dataApi || e.network) {
                    this.candidates = undefined;
                    this.candidatesPending = undefined;
                    this.candidatesNetwork = undefined;
                }
            }),
        );
        // Started or stopped from here or from the palette: the rows show it either way.
        this._register(services.profilers.onDidChange(() => this.updated.fire(this.current)));
    }

    get snapshot(): NodeSnapshot | undefined {
        return this.current;
    }

    get url(): string {
        return this.services.clients.nodeUrl;
    }

    profiler(url = this.url): ProfilerState | undefined {
        return this.services.profilers.get(url);
    }

    /** The snapshot, reading one first when there is none. */
    async ensure(): Promise<NodeSnapshot | undefined> {
        return this.current ?? (await this.refresh());
    }

    /**
     * Reads a new snapshot. A read already under way is reused, unless `restart` (a user's
     * Refresh) aborts it and starts over.
     */
    refresh(restart = false): Promise<NodeSnapshot | undefined> {
        if (this.inFlight && !restart) return this.inFlight.promise;
        this.inFlight?.controller.abort();
        const controller = new AbortController();
        const promise = this.read(controller.signal).finally(() => {
            if (this.inFlight?.controller === controller) this.inFlight = undefined;
        });
        this.inFlight = { controller, promise };
        return promise;
    }

    override dispose(): void {
        this.inFlight?.controller.abort();
        super.dispose();
    }

    private async read(signal: AbortSignal): Promise<NodeSnapshot | undefined> {
        const url = this.url;
        if (!this.current) this.reportHealth({ kind: 'checking' });
        // The first read compiles the core bundle: rows of other views answered already go first.
        if (beforeCore()) await answersSent();
        await this.loadCandidates();
        if (signal.aborted) return undefined;
        let snapshot: NodeSnapshot;
        try {
            const core = loadCore();
            snapshot = await core.collectNodeSnapshot(this.services.clients.nodeRpc(), {
                chains: this.candidates ?? [],
                signal,
                previous: this.current,
            });
        } catch (error) {
            if (signal.aborted) return undefined;
            logger.warn(`Reading ${url} failed`, error);
            throw error;
        }
        // The node may have changed while the read was under way: drop the stale answer.
        if (signal.aborted || url !== this.url) return undefined;
        this.current = snapshot;
        this.probe.nodeRead();
        this.followNodeNetwork(snapshot);
        const core = loadCore();
        this.reportHealth(core.nodeHealth(snapshot));
        this.updated.fire(snapshot);
        return snapshot;
    }

    /**
     * The candidates come from the selected network until the node says which network it runs
     * on; a node of the other network gets its own network's chains from the next refresh on.
     */
    private followNodeNetwork(snapshot: NodeSnapshot): void {
        const name = snapshot.networkName.ok ? snapshot.networkName.value : undefined;
        const network =
            name === 'mainnet'
                ? 'mainnet'
                : name === 'fuji' || name === 'testnet'
                  ? 'fuji'
                  : name === undefined
                    ? undefined
                    : // Any other network (local, a devnet): its chains come from the node.
                      'local';
        if (network !== undefined && network !== this.candidatesNetwork) {
            this.candidates = undefined;
            this.candidatesPending = undefined;
            this.candidatesNetwork = network;
        }
    }

    /**
     * Chains to ask `info.isBootstrapped` about besides P, X and C: the Data API's EVM chains of
     * the node's network (the selected one until the node has answered). Read once per network;
     * the first snapshot waits for it at most {@link candidatesWaitMs}.
     */
    private async loadCandidates(): Promise<void> {
        if (this.candidates) return;
        const network = (this.candidatesNetwork ??= this.services.network);
        this.candidatesPending ??= this.services
            .supportedChains(network)
            .then((chains) => {
                this.candidates = chains
                    .filter((c) => c.platformChainId)
                    .map((c) => ({ id: c.platformChainId as string, name: c.chainName }));
            })
            .catch((error: unknown) => {
                logger.info('The chain list is not available; checking P, X and C only', error);
                this.candidates = [];
            });
        await soonAfter(this.candidatesPending, candidatesWaitMs);
    }
}

/**
 * Calls `tick` every `intervalMs` while the view is visible, one tick at a time (the next waits
 * for the previous to finish). Interval 0 turns it off.
 */
export class RefreshScheduler extends Disposable {
    private timer: NodeJS.Timeout | undefined;
    private visible = false;
    private running = false;

    constructor(
        private intervalMs: number,
        private readonly tick: () => Promise<unknown>,
    ) {
        super();
        this._register({ dispose: () => this.stop() });
    }

    setVisible(visible: boolean): void {
        this.visible = visible;
        if (visible) this.schedule();
        else this.stop();
    }

    setInterval(intervalMs: number): void {
        this.intervalMs = intervalMs;
        this.stop();
        this.schedule();
    }

    private schedule(): void {
        if (this.timer || this.running || !this.visible || this.intervalMs <= 0 || this.isDisposed)
            return;
        this.timer = setTimeout(() => {
            this.timer = undefined;
            this.running = true;
            this.tick()
                .catch((error: unknown) => logger.debug('Scheduled refresh failed', error))
                .finally(() => {
                    this.running = false;
                    this.schedule();
                });
        }, this.intervalMs);
    }

    private stop(): void {
        if (this.timer) clearTimeout(this.timer);
        this.timer = undefined;
    }
}
