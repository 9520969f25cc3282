/**
 * Finds the local Avalanche networks a developer is running, without any setting: the network
 * avalanche-cli started (`~/.avalanche-cli/localNetworks.json` names its tmpnet directory), the
 * tmpnet network of `TMPNET_NETWORK_DIR` or `~/.tmpnet/networks/latest`, Interchain Kit's network
 * of a workspace folder (`<folder>/.interchain-kit`) or of `INTERCHAIN_KIT_WORK_DIR`, and, on
 * request only, nodes answering `info.getNodeID` on loopback ports. Parsing is in `core/local`;
 * this file reads the files, checks that each node's process is alive and watches the few
 * directories involved.
 *
 * Where the tools keep their files:
 * https://github.com/ava-labs/avalanche-cli/blob/main/pkg/constants/constants.go (`BaseDirName`,
 * `LocalNetworkMetaFile`, `SubnetDir`, `SidecarFileName`, `GenesisFileName`);
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/tests/fixture/tmpnet/network.go
 * (`TMPNET_NETWORK_DIR`, `~/.tmpnet/networks`) and `tmpnetctl/main.go` (the `latest` link);
 * https://github.com/ava-labs/interchain-kit, `packages/tmpnetjs/src/internal/config.ts` (`paths`:
 * `artifacts/network.json`, `pids.json`, `relayer.config.json`) and `src/sdk/load.ts`
 * (`INTERCHAIN_KIT_WORK_DIR`). A workspace folder's files are read only inside that folder (a link
 * out of it is refused, as for the workspace's contract files), and only the folders the
 * extension passes: none in an untrusted workspace.
 *
 * Nothing is read until the first `list()`: most users never run a local network, and a
 * home-directory scan at activation would cost them for nothing. The files belong to other
 * programs and any local process may write them, so every read is bounded (size, number of
 * directories, symlink resolution through `realpath`, which fails on a loop instead of following
 * it) and never throws.
 */
import { watch, type Dirent, type FSWatcher } from 'node:fs';
import { opendir, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { Disposable } from './disposable';
import { loadCore } from './lazyCore';
import { readBounded } from '../core/boundedRead';
import type { Transport } from '../core/http/transport';
import type { InterchainKitDirContents } from '../core/local/interchainKit';
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
/** Most workspace folders whose `.interchain-kit` is read. */
const maxKitFolders = 32;
/**
 * Most files open at once during a scan. Each read is four round trips through libuv's thread
 * pool (open, fstat, read, close) whose latency, not the syscalls, was the whole cost when they
 * ran one after the other (about 2,000 awaits for 64 nodes and 64 L1s); a few at a time keep the
 * pool's threads busy without taking it from the rest of the extension host.
 */
const maxParallelReads = 16;
/** Directory entries fetched per round trip of `opendir` (Node's default is 32). */
const dirBufferEntries = 128;

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
    /** Interchain Kit's work directories holding a network.json. */
    readonly kits: readonly InterchainKitDirContents[];
    readonly watch: ReadonlySet<string>;
}

/** A work directory of Interchain Kit to look in, and the folder its files must stay in. */
interface KitCandidate {
    readonly workDir: string;
    /** The folder whose creation of the work directory is watched for, and the reads are kept in. */
    readonly root: string;
    /** Whether a link out of `root` is refused (a workspace folder's files). */
    readonly confined: boolean;
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
    private readonly workspaceFolders: () => readonly string[];
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
    /** Every file read goes through here: at most `maxParallelReads` open at once. */
    private readonly reads = limiter(maxParallelReads);

    constructor(options: LocalNetworksOptions = {}) {
        super();
        this.home = options.homeDir ?? os.homedir();
        this.env = options.env ?? process.env;
        this.workspaceFolders = options.workspaceFolders ?? (() => []);
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

    private async rescan(): Promise<Scan> {
        const watchSet = new Set<string>();
        const cliBase = path.join(this.home, '.avalanche-cli');
        const tmpnetRoot = path.join(this.home, '.tmpnet', 'networks');
        // Reads that do not depend on each other run together: one after the other, the
        // thread pool's round trips were the whole cost of a scan.
        try {
            const [, metaText] = await Promise.all([
                this.watchExisting(cliBase, watchSet),
                this.readText(path.join(cliBase, 'localNetworks.json')),
            ]);
            const meta = loadCore().parseAvalancheCliMeta(metaText ?? '');
            const envDir = this.env['TMPNET_NETWORK_DIR'];
            const candidates: { source: 'avalanche-cli' | 'tmpnet'; dir: string }[] = [
                ...(meta ? [{ source: 'avalanche-cli' as const, dir: meta.networkDir }] : []),
                ...(envDir && path.isAbsolute(envDir)
                    ? [{ source: 'tmpnet' as const, dir: envDir }]
                    : []),
                { source: 'tmpnet', dir: path.join(tmpnetRoot, 'latest') },
            ];
            const resolved = await Promise.all(
                candidates.map(async ({ source, dir }) => {
                    // The parent too: re-pointing `latest` or creating the directory shows there.
                    await this.watchExisting(path.dirname(dir), watchSet);
                    return { source, dir: await this.realDir(dir) };
                }),
            );
            const seen = new Set<string>();
            const unique: { source: 'avalanche-cli' | 'tmpnet'; dir: string }[] = [];
            for (const { source, dir } of resolved) {
                if (dir === undefined || seen.has(dir)) continue;
                seen.add(dir);
                unique.push({ source, dir });
            }
            const [tmpnetDirs, sidecars, kits] = await Promise.all([
                Promise.all(
                    unique.map(async ({ source, dir }) => ({
                        source,
                        dir: await this.readTmpnetDir(dir, watchSet),
                    })),
                ),
                meta ? this.readSidecars(cliBase, watchSet) : [],
                this.readInterchainKits(watchSet),
            ]);
            this.rewatch(watchSet);
            return { tmpnetDirs, sidecars, kits, watch: watchSet };
        } catch (error) {
            this.log?.warn('Reading local networks failed', error);
            this.rewatch(watchSet);
            return { tmpnetDirs: [], sidecars: [], kits: [], watch: watchSet };
        }
    }

    /** Where Interchain Kit's work directories may be: each workspace folder's, the variable's. */
    private kitCandidates(): KitCandidate[] {
        const core = loadCore();
        let folders: readonly string[] = [];
        try {
            folders = this.workspaceFolders();
        } catch (error) {
            this.log?.warn('Listing the workspace folders failed', error);
        }
        const candidates: KitCandidate[] = folders
            .filter((folder) => path.isAbsolute(folder))
            .slice(0, maxKitFolders)
            .map((folder) => ({
                workDir: path.join(folder, core.interchainKitDirName),
                root: folder,
                confined: true,
            }));
        const envDir = this.env[core.interchainKitWorkDirVariable];
        if (envDir && path.isAbsolute(envDir)) {
            candidates.push({ workDir: envDir, root: path.dirname(envDir), confined: false });
        }
        return candidates;
    }

    /** Reads every work directory of Interchain Kit that holds a network.json, each once. */
    private async readInterchainKits(watchSet: Set<string>): Promise<InterchainKitDirContents[]> {
        const read = await Promise.all(
            this.kitCandidates().map((candidate) => this.readInterchainKit(candidate, watchSet)),
        );
        const seen = new Set<string>();
        return read.filter((kit): kit is InterchainKitDirContents => {
            if (kit === undefined || seen.has(kit.workDir)) return false;
            seen.add(kit.workDir);
            return true;
        });
    }

    /**
     * One work directory: `artifacts/network.json` (the key in it is dropped while parsing),
     * `pids.json` and the services' configs. The directories are watched, or while the work
     * directory does not exist, the nearest folder above it inside `root`.
     */
    private async readInterchainKit(
        candidate: KitCandidate,
        watchSet: Set<string>,
    ): Promise<InterchainKitDirContents | undefined> {
        const { workDir, root, confined } = candidate;
        const [realRoot, , , realWorkDir] = await Promise.all([
            confined ? this.realDir(root) : undefined,
            this.watchExisting(workDir, watchSet, root),
            this.watchExisting(path.join(workDir, 'artifacts'), watchSet, root),
            this.realDir(workDir),
        ]);
        if (realWorkDir === undefined || (confined && realRoot === undefined)) return undefined;
        if (realRoot !== undefined && !isInside(realWorkDir, realRoot)) return undefined;
        const within = realRoot !== undefined ? [realRoot] : undefined;
        const networkFile = path.join(realWorkDir, 'artifacts', 'network.json');
        const [networkText, pidsText, relayerText, aggregatorText] = await Promise.all([
            this.readText(networkFile, within),
            this.readText(path.join(realWorkDir, 'pids.json'), within),
            this.readText(path.join(realWorkDir, 'relayer.config.json'), within),
            this.readText(path.join(realWorkDir, 'signature-aggregator.config.json'), within),
        ]);
        if (networkText === undefined) return undefined;
        const core = loadCore();
        const network = core.parseInterchainKitNetwork(networkText, networkFile);
        if (network === undefined) {
            this.log?.debug(`Not an Interchain Kit network file: ${networkFile}`);
            return undefined;
        }
        return {
            workDir: realWorkDir,
            networkFile,
            network,
            processes: pidsText === undefined ? undefined : core.parseInterchainKitPids(pidsText),
            relayer:
                relayerText === undefined
                    ? undefined
                    : core.parseInterchainKitServiceConfig(relayerText),
            signatureAggregator:
                aggregatorText === undefined
                    ? undefined
                    : core.parseInterchainKitServiceConfig(aggregatorText),
        };
    }

    /** Reads a tmpnet network directory; `dir` has its symlinks resolved. */
    private async readTmpnetDir(dir: string, watchSet: Set<string>): Promise<ScannedDir> {
        watchSet.add(dir);
        const subnetsDir = path.join(dir, 'subnets');
        const jsonFiles = (e: Dirent): boolean => e.name.endsWith('.json');
        const [configText, nodeDirs, subnetFiles] = await Promise.all([
            this.readText(path.join(dir, 'config.json')),
            // Node directories only: tmpnet keeps its subnet files beside them in `subnets`.
            this.subdirs(dir, this.maxNodeDirs, (name) => name !== 'subnets'),
            this.watchExisting(subnetsDir, watchSet).then(() =>
                this.entries(subnetsDir, this.maxL1Files, jsonFiles),
            ),
        ]);
        const config = loadCore().parseTmpnetNetworkConfig(configText ?? '');
        const [nodes, subnets] = await Promise.all([
            Promise.all(nodeDirs.map((entry) => this.readNode(dir, entry, watchSet))),
            Promise.all(
                subnetFiles.map(async ({ name }) => {
                    const full = path.join(subnetsDir, name);
                    return loadCore().parseTmpnetSubnet((await this.readText(full)) ?? '', full);
                }),
            ),
        ]);
        return {
            dir,
            config,
            nodes: nodes.filter((node): node is LocalNode => node !== undefined),
            subnets: subnets.flat(),
        };
    }

    /** One node directory of a tmpnet network: its `process.json`, if it holds a usable one. */
    private async readNode(
        networkDir: string,
        entry: Dirent,
        watchSet: Set<string>,
    ): Promise<LocalNode | undefined> {
        const nodeDir = await this.childDir(networkDir, entry);
        if (!nodeDir) return undefined;
        watchSet.add(nodeDir);
        const file = path.join(nodeDir, 'process.json');
        const context = loadCore().parseProcessContext((await this.readText(file)) ?? '');
        if (!context) return undefined;
        const nodeId = loadCore().nodeIdFromDirName(entry.name);
        return {
            uri: context.uri,
            source: 'tmpnet',
            sourceFile: file,
            ...(nodeId !== undefined ? { nodeId } : {}),
            ...(context.pid !== undefined ? { pid: context.pid } : {}),
            ...(context.stakingAddress !== undefined
                ? { stakingAddress: context.stakingAddress }
                : {}),
            ...(context.offLoopback ? { offLoopback: true as const } : {}),
        };
    }

    private async readSidecars(cliBase: string, watchSet: Set<string>): Promise<LocalL1[]> {
        const subnetsDir = await this.watchExisting(path.join(cliBase, 'subnets'), watchSet);
        if (subnetsDir === undefined) return [];
        const entries = await this.subdirs(subnetsDir, this.maxL1Files);
        const l1s = await Promise.all(
            entries.map(async (entry) => {
                const dir = await this.childDir(subnetsDir, entry);
                if (!dir) return undefined;
                watchSet.add(dir);
                const file = path.join(dir, 'sidecar.json');
                const [sidecar, genesis] = await Promise.all([
                    this.readText(file),
                    this.readText(path.join(dir, 'genesis.json')),
                ]);
                return sidecar === undefined
                    ? undefined
                    : loadCore().parseSidecar(sidecar, file, genesis);
            }),
        );
        return l1s.filter((l1): l1 is LocalL1 => l1 !== undefined);
    }

    /**
     * A listed subdirectory with symlinks resolved. `parent` has its own resolved already, so a
     * plain directory (not a link) is its own real path and costs no `realpath` and `stat`.
     */
    private childDir(parent: string, entry: Dirent): Promise<string | undefined> {
        const full = path.join(parent, entry.name);
        return entry.isDirectory() ? Promise.resolve(full) : this.realDir(full);
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
     * Up to `max` of a directory's entries (those `keep` accepts), sorted by name; none when
     * unreadable. Read through `opendir` with a cap, so that a directory of a million entries
     * costs no more than a small one.
     */
    private async entries(
        dir: string,
        max: number,
        keep: (entry: Dirent) => boolean = () => true,
    ): Promise<Dirent[]> {
        const kept: Dirent[] = [];
        try {
            const handle = await opendir(dir, { bufferSize: dirBufferEntries });
            let read = 0;
            for await (const entry of handle) {
                if (keep(entry)) kept.push(entry);
                // Breaking out of the loop closes the handle.
                if (kept.length >= max || ++read >= max * 16) break;
            }
        } catch {
            // Unreadable or gone: no entries.
        }
        return kept.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    }

    private subdirs(
        dir: string,
        max: number,
        keep: (name: string) => boolean = () => true,
    ): Promise<Dirent[]> {
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
    private readText(file: string, within?: readonly string[]): Promise<string | undefined> {
        return this.reads(() => this.readTextNow(file, within));
    }

    private async readTextNow(
        file: string,
        within: readonly string[] | undefined,
    ): Promise<string | undefined> {
        // Links are followed: `latest` is one, and the tools' files are wherever they say. A
        // workspace folder's files only inside it (`within`, real paths).
        const read = await readBounded(file, { maxBytes: this.maxFileBytes, within });
        if (read.refused) return undefined;
        return Buffer.from(
            read.bytes.buffer,
            read.bytes.byteOffset,
            read.bytes.byteLength,
        ).toString('utf8');
    }

    /**
     * Watches `dir` or, while it does not exist, its nearest existing parent inside `root` (the
     * home directory by default), so that its creation is seen. Answers `dir` with its symlinks
     * resolved, or undefined when it does not exist.
     */
    private async watchExisting(
        dir: string,
        watchSet: Set<string>,
        root = this.home,
    ): Promise<string | undefined> {
        let current = dir;
        for (let depth = 0; depth < 8; depth++) {
            const real = await this.realDir(current);
            if (real) {
                watchSet.add(real);
                return current === dir ? real : undefined;
            }
            const parent = path.dirname(current);
            if (parent === current || !isInside(parent, root)) return undefined;
            current = parent;
        }
        return undefined;
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

function isInside(dir: string, root: string): boolean {
    const relative = path.relative(root, dir);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Runs the tasks given to it, at most `max` at a time, the others waiting in order. */
function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
    let running = 0;
    const waiting: (() => void)[] = [];
    return async (task) => {
        while (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
        running++;
        try {
            return await task();
        } finally {
            running--;
            waiting.shift()?.();
        }
    };
}
