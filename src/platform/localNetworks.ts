/**
 * Finds the local Avalanche networks a developer is running, without any setting: the network
 * avalanche-cli started (`~/.avalanche-cli/localNetworks.json` names its tmpnet directory), the
 * tmpnet network of `TMPNET_NETWORK_DIR` or `~/.tmpnet/networks/latest`, and, on request only,
 * nodes answering `info.getNodeID` on loopback ports. Parsing is in `core/local`; this file reads
 * the files, checks that each node's process is alive and watches the few directories involved.
 *
 * Where the tools keep their files:
 * https://github.com/ava-labs/avalanche-cli/blob/main/pkg/constants/constants.go (`BaseDirName`,
 * `LocalNetworkMetaFile`, `SubnetDir`, `SidecarFileName`, `GenesisFileName`);
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/tests/fixture/tmpnet/network.go
 * (`TMPNET_NETWORK_DIR`, `~/.tmpnet/networks`) and `tmpnetctl/main.go` (the `latest` link).
 *
 * Nothing is read until the first `list()`: most users never run a local network, and a
 * home-directory scan at activation would cost them for nothing. The files belong to other
 * programs and any local process may write them, so every read is bounded (size, number of
 * directories, symlink resolution through `realpath`, which fails on a loop instead of following
 * it) and never throws.
 */
import { constants as fsConstants, watch, type Dirent, type FSWatcher } from 'node:fs';
import { open, opendir, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { Disposable } from './disposable';
import { loadCore } from './lazyCore';
import type { Transport } from '../core/http/transport';
import type { LocalL1, LocalNetwork, LocalNode } from '../core/local/localNetwork';
import type { TmpnetDirContents } from '../core/local/parseLocalFiles';

/** The ports a plain `avalanchego` and the tools' first nodes listen on (9650 and up). */
export const defaultProbePorts: readonly number[] = Array.from({ length: 21 }, (_, i) => 9650 + i);

/** A logger, so that this module does not load VS Code's (plain-Node tests construct it). */
export interface LocalNetworksLog {
    debug(message: string, ...details: unknown[]): void;
    warn(message: string, ...details: unknown[]): void;
}

export interface LocalNetworksOptions {
    /** Default `os.homedir()`. */
    readonly homeDir?: string;
    /** Where `TMPNET_NETWORK_DIR` is read; default `process.env`. */
    readonly env?: Readonly<Record<string, string | undefined>>;
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

/** What one scan of the files found, before the liveness check. */
interface Scan {
    readonly tmpnetDirs: readonly { source: 'avalanche-cli' | 'tmpnet'; dir: ScannedDir }[];
    readonly sidecars: readonly LocalL1[];
    readonly watch: ReadonlySet<string>;
}

interface ScannedDir {
    readonly dir: string;
    readonly config: TmpnetDirContents['config'];
    readonly nodes: readonly LocalNode[];
    readonly subnets: readonly LocalL1[];
}

export class LocalNetworks extends Disposable {
    private readonly home: string;
    private readonly env: Readonly<Record<string, string | undefined>>;
    private readonly maxFileBytes: number;
    private readonly maxNodeDirs: number;
    private readonly maxL1Files: number;
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
        this.home = options.homeDir ?? os.homedir();
        this.env = options.env ?? process.env;
        // core/local's limit (1 MB); a literal here keeps the core bundle unloaded until list().
        this.maxFileBytes = options.maxFileBytes ?? 1_000_000;
        this.maxNodeDirs = options.maxNodeDirs ?? 64;
        this.maxL1Files = options.maxL1Files ?? 64;
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
     * The running local networks. The first call reads the files and starts watching them; later
     * calls answer from the last read, checking again that each node's process is alive.
     */
    async list(): Promise<readonly LocalNetwork[]> {
        if (this.isDisposed) return [];
        this.scan ??= this.rescan();
        const scan = await this.scan;
        // The networks are built again only when the scan or a process's liveness changed: a
        // picker or a view asks often, and merging sidecars into hundreds of nodes is not free.
        const alive = this.aliveKey(scan);
        const last = this.assembled;
        if (last?.scan === scan && last.alive === alive) return last.networks;
        const networks = this.assemble(scan);
        this.assembled = { scan, alive, networks };
        this.announced = JSON.stringify(networks);
        return networks;
    }

    /** Which of the scan's processes are alive, as a string of 0s and 1s. */
    private aliveKey(scan: Scan): string {
        let key = '';
        for (const { dir } of scan.tmpnetDirs) {
            for (const n of dir.nodes)
                key += n.pid === undefined || this.isAlive(n.pid) ? '1' : '0';
        }
        return key;
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

    private assemble(scan: Scan): LocalNetwork[] {
        const networks: LocalNetwork[] = [];
        for (const { source, dir } of scan.tmpnetDirs) {
            const nodes = dir.nodes.filter((n) => n.pid === undefined || this.isAlive(n.pid));
            if (nodes.length === 0) continue;
            networks.push(
                loadCore().buildLocalNetwork(
                    source,
                    { dir: dir.dir, config: dir.config, nodes, subnets: dir.subnets },
                    source === 'avalanche-cli' ? scan.sidecars : [],
                ),
            );
        }
        return loadCore().dedupeLocalNetworks(networks);
    }

    private async rescan(): Promise<Scan> {
        const watchSet = new Set<string>();
        const cliBase = path.join(this.home, '.avalanche-cli');
        const tmpnetRoot = path.join(this.home, '.tmpnet', 'networks');
        const tmpnetDirs: Scan['tmpnetDirs'][number][] = [];
        const seen = new Set<string>();
        const addDir = async (
            source: 'avalanche-cli' | 'tmpnet',
            candidate: string,
        ): Promise<void> => {
            // The parent too: re-pointing `latest` or creating the directory shows there.
            await this.watchExisting(path.dirname(candidate), watchSet);
            const dir = await this.realDir(candidate);
            if (!dir || seen.has(dir)) return;
            seen.add(dir);
            tmpnetDirs.push({ source, dir: await this.readTmpnetDir(dir, watchSet) });
        };
        try {
            await this.watchExisting(cliBase, watchSet);
            const meta = loadCore().parseAvalancheCliMeta(
                (await this.readText(path.join(cliBase, 'localNetworks.json'))) ?? '',
            );
            if (meta) await addDir('avalanche-cli', meta.networkDir);
            const sidecars = meta ? await this.readSidecars(cliBase, watchSet) : [];
            const envDir = this.env['TMPNET_NETWORK_DIR'];
            if (envDir && path.isAbsolute(envDir)) await addDir('tmpnet', envDir);
            await addDir('tmpnet', path.join(tmpnetRoot, 'latest'));
            this.rewatch(watchSet);
            return { tmpnetDirs, sidecars, watch: watchSet };
        } catch (error) {
            this.log?.warn('Reading local networks failed', error);
            this.rewatch(watchSet);
            return { tmpnetDirs: [], sidecars: [], watch: watchSet };
        }
    }

    private async readTmpnetDir(dir: string, watchSet: Set<string>): Promise<ScannedDir> {
        watchSet.add(dir);
        const config = loadCore().parseTmpnetNetworkConfig(
            (await this.readText(path.join(dir, 'config.json'))) ?? '',
        );
        const nodes: LocalNode[] = [];
        // Node directories only: tmpnet keeps its subnet files beside them in `subnets`.
        const nodeDirs = await this.subdirs(dir, this.maxNodeDirs, (name) => name !== 'subnets');
        for (const name of nodeDirs) {
            const nodeDir = await this.realDir(path.join(dir, name));
            if (!nodeDir) continue;
            watchSet.add(nodeDir);
            const file = path.join(nodeDir, 'process.json');
            const context = loadCore().parseProcessContext((await this.readText(file)) ?? '');
            if (!context) continue;
            const nodeId = loadCore().nodeIdFromDirName(name);
            nodes.push({
                uri: context.uri,
                source: 'tmpnet',
                sourceFile: file,
                ...(nodeId !== undefined ? { nodeId } : {}),
                ...(context.pid !== undefined ? { pid: context.pid } : {}),
                ...(context.stakingAddress !== undefined
                    ? { stakingAddress: context.stakingAddress }
                    : {}),
                ...(context.offLoopback ? { offLoopback: true as const } : {}),
            });
        }
        const subnetsDir = path.join(dir, 'subnets');
        await this.watchExisting(subnetsDir, watchSet);
        const subnets: LocalL1[] = [];
        const jsonFiles = (e: Dirent): boolean => e.name.endsWith('.json');
        for (const file of await this.entries(subnetsDir, this.maxL1Files, jsonFiles)) {
            const full = path.join(subnetsDir, file);
            subnets.push(...loadCore().parseTmpnetSubnet((await this.readText(full)) ?? '', full));
        }
        return { dir, config, nodes, subnets };
    }

    private async readSidecars(cliBase: string, watchSet: Set<string>): Promise<LocalL1[]> {
        const subnetsDir = path.join(cliBase, 'subnets');
        await this.watchExisting(subnetsDir, watchSet);
        const l1s: LocalL1[] = [];
        for (const name of await this.subdirs(subnetsDir, this.maxL1Files)) {
            const dir = await this.realDir(path.join(subnetsDir, name));
            if (!dir) continue;
            watchSet.add(dir);
            const file = path.join(dir, 'sidecar.json');
            const sidecar = await this.readText(file);
            if (sidecar === undefined) continue;
            const genesis = await this.readText(path.join(dir, 'genesis.json'));
            const l1 = loadCore().parseSidecar(sidecar, file, genesis);
            if (l1) l1s.push(l1);
        }
        return l1s;
    }

    /** The directory with symlinks resolved, or undefined (missing, not a directory, a loop). */
    private async realDir(candidate: string): Promise<string | undefined> {
        try {
            const real = await realpath(candidate);
            return (await stat(real)).isDirectory() ? real : undefined;
        } catch {
            return undefined;
        }
    }

    /**
     * Up to `max` names of a directory's entries (those `keep` accepts), sorted; none when
     * unreadable. Read through `opendir` with a cap, so that a directory of a million entries
     * costs no more than a small one.
     */
    private async entries(
        dir: string,
        max: number,
        keep: (entry: Dirent) => boolean = () => true,
    ): Promise<string[]> {
        const names: string[] = [];
        try {
            const handle = await opendir(dir);
            let read = 0;
            for await (const entry of handle) {
                if (keep(entry)) names.push(entry.name);
                // Breaking out of the loop closes the handle.
                if (names.length >= max || ++read >= max * 16) break;
            }
        } catch {
            // Unreadable or gone: no entries.
        }
        return names.sort();
    }

    private subdirs(
        dir: string,
        max: number,
        keep: (name: string) => boolean = () => true,
    ): Promise<string[]> {
        return this.entries(
            dir,
            max,
            (e) => (e.isDirectory() || e.isSymbolicLink()) && keep(e.name),
        );
    }

    /**
     * A regular file's text, or undefined when missing, larger than the limit or not a regular
     * file (a FIFO would block the read forever).
     */
    private async readText(file: string): Promise<string | undefined> {
        let handle;
        try {
            handle = await open(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
            const info = await handle.stat();
            if (!info.isFile() || info.size > this.maxFileBytes) return undefined;
            const buffer = Buffer.alloc(Math.min(info.size, this.maxFileBytes) + 1);
            const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
            if (bytesRead > this.maxFileBytes) return undefined;
            return buffer.subarray(0, bytesRead).toString('utf8');
        } catch {
            return undefined;
        } finally {
            await handle?.close().catch(() => undefined);
        }
    }

    /**
     * Watches `dir` or, while it does not exist, its nearest existing parent inside the home
     * directory, so that its creation is seen.
     */
    private async watchExisting(dir: string, watchSet: Set<string>): Promise<void> {
        let current = dir;
        for (let depth = 0; depth < 8; depth++) {
            const real = await this.realDir(current);
            if (real) {
                watchSet.add(real);
                return;
            }
            const parent = path.dirname(current);
            if (parent === current || !isInside(parent, this.home)) return;
            current = parent;
        }
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
                this.fireIfChanged(this.assemble(scan));
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

function isInside(dir: string, root: string): boolean {
    const relative = path.relative(root, dir);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
