/**
 * Finds the local Avalanche networks a developer is running, without any setting: the network
 * avalanche-cli started (`~/.avalanche-cli/localNetworks.json` names its tmpnet directory), the
 * tmpnet network of `TMPNET_NETWORK_DIR` or `~/.tmpnet/networks/latest`, Interchain Kit's network
 * of a workspace folder (`<folder>/.interchain-kit`) or of `INTERCHAIN_KIT_WORK_DIR`, and, on
 * request only, nodes answering `info.getNodeID` on loopback ports. `localNetworkFiles.ts` reads
 * the tools' files (bounded, never throwing) and parsing is in `core/local`; this file checks
 * that each node's process is alive, builds the networks, watches the few directories involved,
 * tells listeners when the networks change, and probes the ports. Workspace folders' files are
 * read only for the folders the extension passes: none in an untrusted workspace.
 *
 * Nothing is read until the first `list()`: most users never run a local network, and a
 * home-directory scan at activation would cost them for nothing.
 */
import { watch, type FSWatcher } from 'node:fs';
import os from 'node:os';

import { Disposable } from './disposable';
import { loadCore } from './lazyCore';
import { LocalNetworkFiles, type Scan } from './localNetworkFiles';
import type { Transport } from '../core/http/transport';
import type { LocalNetwork, LocalNode } from '../core/local/localNetwork';

/** The ports a plain `avalanchego` and the tools' first nodes listen on (9650 and up). */
const defaultProbePorts: readonly number[] = Array.from({ length: 21 }, (_, i) => 9650 + i);

/** A logger, so that this module does not load VS Code's (plain-Node tests construct it). */
export interface LocalNetworksLog {
    debug(message: string, ...details: unknown[]): void;
    warn(message: string, ...details: unknown[]): void;
}

export interface LocalNetworksOptions {
    /** Default `os.homedir()`. */
    readonly homeDir?: string;
    /** Where `TMPNET_NETWORK_DIR` and `INTERCHAIN_KIT_WORK_DIR` are read; default `process.env`. */
    readonly env?: Readonly<Record<string, string | undefined>>;
    /**
     * The folders (absolute paths) whose `.interchain-kit` is read: the workspace's, asked at
     * each scan; call `foldersChanged()` when the answer changes. Default none.
     */
    readonly workspaceFolders?: () => readonly string[];
    /** Largest file read. Default 1 MB. */
    readonly maxFileBytes?: number;
    /** Most node directories read per network. Default 64. */
    readonly maxNodeDirs?: number;
    /** Most sidecars and tmpnet subnet files read. Default 64. */
    readonly maxL1Files?: number;
    /** Quiet time after the last file event before the files are read again. Default 300 ms. */
    readonly debounceMs?: number;
    /** Loopback ports `probe()` tries. Default 9650..9670. */
    readonly probePorts?: readonly number[];
    /** How long a probed port has to answer. Default 300 ms. */
    readonly probeTimeoutMs?: number;
    /** Default: `process.kill(pid, 0)` does not fail with ESRCH. */
    readonly isProcessAlive?: (pid: number) => boolean;
    readonly log?: LocalNetworksLog;
}

/** A listener subscription, shaped like `vscode.Event` so that features can use it as one. */
export type LocalNetworksEvent = (
    listener: () => unknown,
    thisArgs?: unknown,
    disposables?: { dispose(): unknown }[],
) => { dispose(): void };

/** Most directories watched at once. */
const maxWatchedDirs = 256;
/** Most probe ports per call. */
const maxProbePorts = 64;

/** True unless signalling the pid says it does not exist (EPERM: alive, someone else's). */
export function processIsAlive(pid: number): boolean {
    if (!Number.isInteger(pid) || pid <= 0) return false;
    try {
        process.kill(pid, 0);
        return true;
    } catch (error) {
        return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
}

export class LocalNetworks extends Disposable {
    private readonly files: LocalNetworkFiles;
    private readonly debounceMs: number;
    private readonly probePorts: readonly number[];
    private readonly probeTimeoutMs: number;
    private readonly isAlive: (pid: number) => boolean;
    private readonly log: LocalNetworksLog | undefined;
    private readonly listeners = new Set<() => unknown>();
    private readonly watchers = new Map<string, FSWatcher>();
    private scan: Promise<Scan> | undefined;
    private timer: ReturnType<typeof setTimeout> | undefined;
    /** What listeners last saw (through `list()` or an event), to fire only on a change. */
    private announced = '';
    /** The networks last built, with the scan and liveness they were built from. */
    private assembled: { scan: Scan; alive: string; networks: readonly LocalNetwork[] } | undefined;
    private transport: Transport | undefined;

    constructor(options: LocalNetworksOptions = {}) {
        super();
        this.files = new LocalNetworkFiles({
            homeDir: options.homeDir ?? os.homedir(),
            env: options.env ?? process.env,
            workspaceFolders: options.workspaceFolders ?? (() => []),
            // core/local's limit (1 MB); a literal here keeps the core bundle unloaded until list().
            maxFileBytes: options.maxFileBytes ?? 1_000_000,
            maxNodeDirs: options.maxNodeDirs ?? 64,
            maxL1Files: options.maxL1Files ?? 64,
            log: options.log,
        });
        this.debounceMs = options.debounceMs ?? 300;
        this.probePorts = options.probePorts ?? defaultProbePorts;
        this.probeTimeoutMs = options.probeTimeoutMs ?? 300;
        this.isAlive = options.isProcessAlive ?? processIsAlive;
        this.log = options.log;
        this._register({
            dispose: () => {
                if (this.timer) clearTimeout(this.timer);
                this.timer = undefined;
                for (const watcher of this.watchers.values()) watcher.close();
                this.watchers.clear();
                this.listeners.clear();
            },
        });
    }

    /** Fires after the files changed and `list()` would answer differently. */
    readonly onDidChange: LocalNetworksEvent = (listener, thisArgs, disposables) => {
        const bound = (): unknown => listener.call(thisArgs);
        this.listeners.add(bound);
        const subscription = { dispose: (): void => void this.listeners.delete(bound) };
        disposables?.push(subscription);
        return subscription;
    };

    /**
     * The workspace's folders (or its trust) changed: read the files again if they were read
     * already, and tell the listeners when the networks differ.
     */
    foldersChanged(): void {
        if (this.scan) this.changed();
    }

    /**
     * The running local networks. The first call reads the files and starts watching them; later
     * calls answer from the last read, checking again that each node's process is alive.
     */
    async list(): Promise<readonly LocalNetwork[]> {
        if (this.isDisposed) return [];
        this.scan ??= this.rescan();
        const scan = await this.scan;
        // The networks are built again only when the scan or a process's liveness changed: a
        // picker or a view asks often, and merging sidecars into hundreds of nodes is not free.
        const liveness = this.liveness(scan);
        const last = this.assembled;
        if (last?.scan === scan && last.alive === liveness.key) return last.networks;
        const networks = this.assemble(scan, liveness.alive);
        this.assembled = { scan, alive: liveness.key, networks };
        this.announced = JSON.stringify(networks);
        return networks;
    }

    /**
     * Forgets the last read, as on a first run: the next `list()` reads the files again (the
     * host bench's row of local network discovery, bench/hostLatencyBench.ts).
     */
    forget(): void {
        if (this.timer) clearTimeout(this.timer);
        this.timer = undefined;
        this.scan = undefined;
        this.assembled = undefined;
    }

    /**
     * Which of the scan's processes are alive, each pid checked once (avalanche-cli's network is
     * also a tmpnet directory, so the same pids often appear twice), and the answer as a string
     * of 0s and 1s for comparing with the last one.
     */
    private liveness(scan: Scan): { key: string; alive: (pid: number) => boolean } {
        const checked = new Map<number, boolean>();
        const alive = (pid: number): boolean => {
            let answer = checked.get(pid);
            if (answer === undefined) {
                answer = this.isAlive(pid);
                checked.set(pid, answer);
            }
            return answer;
        };
        let key = '';
        for (const { dir } of scan.tmpnetDirs) {
            for (const n of dir.nodes) key += n.pid === undefined || alive(n.pid) ? '1' : '0';
        }
        for (const kit of scan.kits) {
            key += '|';
            for (const p of kit.processes ?? []) key += alive(p.pid) ? '1' : '0';
        }
        return { key, alive };
    }

    /**
     * Asks each probe port of 127.0.0.1 for `info.getNodeID`, all at once, each with a short
     * timeout, and returns the nodes that answered. Only on request (a command, the node
     * picker): it is a port scan, however small, and nothing else here polls.
     */
    async probe(signal?: AbortSignal): Promise<readonly LocalNode[]> {
        const ports = [
            ...new Set(this.probePorts.filter((p) => Number.isInteger(p) && p > 0 && p < 65536)),
        ].slice(0, maxProbePorts);
        // No proxy, whatever the environment says: the requests are for this machine only.
        this.transport ??= loadCore().networkTransport({});
        const transport = this.transport;
        const found = await Promise.all(
            ports.map((port) => this.probePort(port, transport, signal)),
        );
        return found.filter((node): node is LocalNode => node !== undefined);
    }

    private async probePort(
        port: number,
        transport: Transport,
        signal: AbortSignal | undefined,
    ): Promise<LocalNode | undefined> {
        const uri = `http://127.0.0.1:${port}`;
        const { NodeRpcClient } = loadCore();
        const client = new NodeRpcClient({
            url: uri,
            transport,
            timeouts: {
                connectMs: this.probeTimeoutMs,
                headersMs: this.probeTimeoutMs,
                bodyMs: this.probeTimeoutMs,
            },
            retry: { maxRetries: 0 },
        });
        const timeout = AbortSignal.timeout(this.probeTimeoutMs);
        try {
            const result = await client.call(
                loadCore().nodeRpcMethods['info.getNodeID'],
                {},
                { signal: signal ? AbortSignal.any([signal, timeout]) : timeout },
            );
            const nodeId = loadCore().nodeIdFromDirName(result.nodeId);
            return { uri, source: 'probe', ...(nodeId !== undefined ? { nodeId } : {}) };
        } catch {
            return undefined;
        } finally {
            void client.close().catch(() => undefined);
        }
    }

    private assemble(scan: Scan, alive: (pid: number) => boolean): LocalNetwork[] {
        const networks: LocalNetwork[] = [];
        for (const { source, dir } of scan.tmpnetDirs) {
            const nodes = dir.nodes.filter((n) => n.pid === undefined || alive(n.pid));
            if (nodes.length === 0) continue;
            networks.push(
                loadCore().buildLocalNetwork(
                    source,
                    { dir: dir.dir, config: dir.config, nodes, subnets: dir.subnets },
                    source === 'avalanche-cli' ? scan.sidecars : [],
                ),
            );
        }
        for (const kit of scan.kits) {
            const network = loadCore().buildInterchainKitNetwork(kit, alive);
            if (network) networks.push(network);
        }
        return loadCore().dedupeLocalNetworks(networks);
    }

    /** Reads the files again and watches what they name. */
    private async rescan(): Promise<Scan> {
        const scan = await this.files.read();
        this.rewatch(scan.watch);
        return scan;
    }

    /** Closes the watchers no longer needed and opens the new ones. */
    private rewatch(wanted: ReadonlySet<string>): void {
        if (this.isDisposed) return;
        for (const [dir, watcher] of this.watchers) {
            if (!wanted.has(dir)) {
                watcher.close();
                this.watchers.delete(dir);
            }
        }
        for (const dir of wanted) {
            if (this.watchers.has(dir) || this.watchers.size >= maxWatchedDirs) continue;
            try {
                const watcher = watch(dir, { persistent: false }, () => this.changed());
                watcher.on('error', () => {
                    watcher.close();
                    this.watchers.delete(dir);
                    this.changed();
                });
                this.watchers.set(dir, watcher);
            } catch (error) {
                this.log?.debug(`Cannot watch ${dir}`, error);
            }
        }
    }

    /** A file event: read again once events stop for `debounceMs`, then tell the listeners. */
    private changed(): void {
        if (this.isDisposed) return;
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => {
            this.timer = undefined;
            const next = this.rescan();
            this.scan = next;
            void next.then((scan) => {
                if (this.isDisposed || this.scan !== next) return;
                this.fireIfChanged(this.assemble(scan, this.liveness(scan).alive));
            });
        }, this.debounceMs);
    }

    private fireIfChanged(networks: readonly LocalNetwork[]): void {
        const text = JSON.stringify(networks);
        if (text === this.announced) return;
        this.announced = text;
        for (const listener of [...this.listeners]) {
            try {
                listener();
            } catch (error) {
                this.log?.warn('A local network listener failed', error);
            }
        }
    }
}
