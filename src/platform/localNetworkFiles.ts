/**
 * Reads the local-network files of each tool for `localNetworks.ts`, which checks liveness,
 * builds the networks and watches the directories this names: avalanche-cli's
 * `~/.avalanche-cli/localNetworks.json` (its tmpnet directory) and its L1 sidecars, the tmpnet
 * network of `TMPNET_NETWORK_DIR` or `~/.tmpnet/networks/latest`, and Interchain Kit's work
 * directory of a workspace folder (`<folder>/.interchain-kit`) or of `INTERCHAIN_KIT_WORK_DIR`.
 * Parsing is in `core/local`.
 *
 * Where the tools keep their files:
 * https://github.com/ava-labs/avalanche-cli/blob/main/pkg/constants/constants.go (`BaseDirName`,
 * `LocalNetworkMetaFile`, `SubnetDir`, `SidecarFileName`, `GenesisFileName`);
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/tests/fixture/tmpnet/network.go
 * (`TMPNET_NETWORK_DIR`, `~/.tmpnet/networks`) and `tmpnetctl/main.go` (the `latest` link);
 * https://github.com/ava-labs/interchain-kit, `packages/tmpnetjs/src/internal/config.ts` (`paths`:
 * `artifacts/network.json`, `pids.json`, `relayer.config.json`) and `src/sdk/load.ts`
 * (`INTERCHAIN_KIT_WORK_DIR`). A workspace folder's files are read only inside that folder (a link
 * out of it is refused, as for the workspace's contract files).
 *
 * The files belong to other programs and any local process may write them, so every read is
 * bounded (size, number of directories, symlink resolution through `realpath`, which fails on a
 * loop instead of following it) and never throws.
 */
import type { Dirent } from 'node:fs';
import { opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

import { loadCore } from './lazyCore';
import { readBounded } from '../core/boundedRead';
import type { InterchainKitDirContents } from '../core/local/interchainKit';
import type { LocalL1, LocalNode } from '../core/local/localNetwork';
import type { TmpnetDirContents } from '../core/local/parseLocalFiles';
import type { LocalNetworksLog } from './localNetworks';

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

/** What one scan of the files found, before the liveness check. */
export interface Scan {
    readonly tmpnetDirs: readonly { source: 'avalanche-cli' | 'tmpnet'; dir: ScannedDir }[];
    readonly sidecars: readonly LocalL1[];
    /** Interchain Kit's work directories holding a network.json. */
    readonly kits: readonly InterchainKitDirContents[];
    /** The directories to watch: those read, or the nearest existing parents of missing ones. */
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

/** A tmpnet network directory as read: its config, its nodes and its subnet files. */
export interface ScannedDir {
    readonly dir: string;
    readonly config: TmpnetDirContents['config'];
    readonly nodes: readonly LocalNode[];
    readonly subnets: readonly LocalL1[];
}

/** What `LocalNetworkFiles` reads with; the defaults are `LocalNetworks`'. */
export interface LocalNetworkFilesOptions {
    readonly homeDir: string;
    readonly env: Readonly<Record<string, string | undefined>>;
    readonly workspaceFolders: () => readonly string[];
    readonly maxFileBytes: number;
    readonly maxNodeDirs: number;
    readonly maxL1Files: number;
    readonly log: LocalNetworksLog | undefined;
}

/** The tools' files, read once per `read()`; it holds no state between reads but the options. */
export class LocalNetworkFiles {
    private readonly home: string;
    private readonly env: Readonly<Record<string, string | undefined>>;
    private readonly workspaceFolders: () => readonly string[];
    private readonly maxFileBytes: number;
    private readonly maxNodeDirs: number;
    private readonly maxL1Files: number;
    private readonly log: LocalNetworksLog | undefined;
    /** Every file read goes through here: at most `maxParallelReads` open at once. */
    private readonly reads = limiter(maxParallelReads);

    constructor(options: LocalNetworkFilesOptions) {
        this.home = options.homeDir;
        this.env = options.env;
        this.workspaceFolders = options.workspaceFolders;
        this.maxFileBytes = options.maxFileBytes;
        this.maxNodeDirs = options.maxNodeDirs;
        this.maxL1Files = options.maxL1Files;
        this.log = options.log;
    }

    /**
     * Reads every tool's files, the independent reads together, and names the directories to
     * watch; on any failure, no networks and the directories named so far.
     */
    async read(): Promise<Scan> {
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
            return { tmpnetDirs, sidecars, kits, watch: watchSet };
        } catch (error) {
            this.log?.warn('Reading local networks failed', error);
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
