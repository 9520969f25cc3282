/**
 * One real AvalancheGo process run as a whole local network on loopback: start, wait until its
 * chains are bootstrapped, stop (SIGTERM, then SIGKILL), kill, start again on the same data dir
 * and HTTP port. Every process started here is registered, so that an interrupted test run
 * (failure, timeout, Ctrl-C) stops it too (see `stopAllNodes`).
 *
 * Flags: https://build.avax.network/docs/nodes/configure/configs-flags and
 * config/flags.go in avalanchego v1.14.2.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
    createWriteStream,
    existsSync,
    mkdirSync,
    readFileSync,
    readdirSync,
    rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/** The three chains of the Primary Network, by alias. */
export const primaryChains = ['P', 'X', 'C'] as const;

export interface NodeOptions {
    binary: string;
    pluginDir: string;
    dataDir: string;
    /** Fixed across restarts so that a client keeps its URL. */
    httpPort: number;
    trackSubnets?: readonly string[];
    /**
     * `--chain-config-dir`: `<dir>/<chain alias or blockchain id>/config.json` per chain, read
     * when the node starts (config/config.go `getChainConfigs` in avalanchego v1.14.2).
     */
    chainConfigDir?: string;
    /** Flags added last, so they override the defaults above (for example admin API off). */
    extraFlags?: readonly string[];
    /**
     * Where the node writes its process.json (default `<data-dir>/process.json`): a tmpnet or
     * avalanche-cli node directory, so that the node itself keeps discovery's file current.
     */
    processContextFile?: string;
    /** Another network than `local`, with its own genesis and upgrade schedule. */
    network?: CustomNetwork;
}

/**
 * A network under its own id: AvalancheGo takes an upgrade schedule (`--upgrade-file-content`)
 * only for a network that is not mainnet, Fuji or local (config/config.go, getUpgradeConfig), and
 * such a network needs its genesis (`--genesis-file`).
 */
export interface CustomNetwork {
    id: number;
    genesisFile: string;
    /** The upgrade config as JSON (upgrade.Config in avalanchego's upgrade/upgrade.go). */
    upgradeConfig: string;
    /** Flags only such a network needs (for example a shorter minimum stake duration). */
    flags?: readonly string[];
}

const live = new Set<AvalancheNode>();

/** Picks a free loopback port (the node's own port 0 would change at every restart). */
export function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            const port = typeof address === 'object' && address ? address.port : 0;
            server.close(() => resolve(port));
        });
    });
}

export class AvalancheNode {
    private child: ChildProcess | undefined;
    private exited: Promise<void> = Promise.resolve();
    /** Text of the node's stdout and stderr for error messages (the full logs are in logDir). */
    private tail = '';
    private currentUri: string;
    readonly logDir: string;

    constructor(private options: NodeOptions) {
        this.currentUri = `http://127.0.0.1:${options.httpPort}`;
        this.logDir = path.join(options.dataDir, 'logs');
    }

    /** The HTTP base URL; it changes only through `moveTo`. */
    get uri(): string {
        return this.currentUri;
    }

    /**
     * Stops the node cleanly and starts it again on the same data dir but another HTTP port, as
     * a developer's tool does when it restarts a local network (tmpnet picks free ports).
     */
    async moveTo(httpPort: number): Promise<void> {
        await this.stop();
        this.options = { ...this.options, httpPort };
        this.currentUri = `http://127.0.0.1:${httpPort}`;
        await this.start();
    }

    get pid(): number | undefined {
        return this.child?.exitCode === null ? this.child.pid : undefined;
    }

    get running(): boolean {
        return this.child !== undefined && this.child.exitCode === null && !this.child.killed;
    }

    /** Changes the subnets tracked from the next start on. */
    setTrackSubnets(subnets: readonly string[]): void {
        this.options = { ...this.options, trackSubnets: subnets };
    }

    /** Changes where process.json is written from the next start on. */
    setProcessContextFile(file: string): void {
        this.options = { ...this.options, processContextFile: file };
    }

    private get processContextFile(): string {
        return this.options.processContextFile ?? path.join(this.options.dataDir, 'process.json');
    }

    /** Changes the extra flags from the next start on. */
    setExtraFlags(flags: readonly string[]): void {
        this.options = { ...this.options, extraFlags: flags };
    }

    flags(): string[] {
        const o = this.options;
        const network = o.network
            ? [
                  `--network-id=${o.network.id}`,
                  `--genesis-file=${o.network.genesisFile}`,
                  `--upgrade-file-content=${Buffer.from(o.network.upgradeConfig).toString('base64')}`,
                  ...(o.network.flags ?? []),
              ]
            : ['--network-id=local'];
        const flags = [
            ...network,
            // A single node is the whole validator set only with sybil protection off.
            '--sybil-protection-enabled=false',
            // Without it the node looks for a NAT router and then dials out for its public IP.
            '--public-ip=127.0.0.1',
            '--http-host=127.0.0.1',
            `--http-port=${o.httpPort}`,
            '--staking-host=127.0.0.1',
            '--staking-port=0',
            `--data-dir=${o.dataDir}`,
            `--log-dir=${this.logDir}`,
            `--plugin-dir=${o.pluginDir}`,
            `--process-context-file=${this.processContextFile}`,
            '--api-admin-enabled=true',
            '--index-enabled=true',
            // Inside the data dir, so that a test finds the profile admin.stopCPUProfiler writes.
            `--profile-dir=${path.join(o.dataDir, 'profiles')}`,
            '--log-display-level=warn',
            // Shared test machines can be nearly full; the default percentages stop the node.
            '--system-tracker-disk-required-available-space-percentage=0',
            '--system-tracker-disk-warning-available-space-percentage=0',
            // The default (32768) is fatal above the hard limit some containers have.
            '--fd-limit=1024',
            // Blocks as soon as there is a transaction: tests do not wait for the 1 s default.
            '--proposervm-min-block-delay=0s',
        ];
        if (o.chainConfigDir !== undefined) flags.push(`--chain-config-dir=${o.chainConfigDir}`);
        if (o.trackSubnets && o.trackSubnets.length > 0) {
            flags.push(`--track-subnets=${o.trackSubnets.join(',')}`);
        }
        return [...flags, ...(o.extraFlags ?? [])];
    }

    /** Starts the process and waits until its HTTP server answers. */
    async start(timeoutMs = 60_000): Promise<void> {
        if (this.running) return;
        mkdirSync(this.logDir, { recursive: true });
        rmSync(this.processContextFile, { force: true });
        const out = createWriteStream(path.join(this.logDir, 'stdout.log'), { flags: 'a' });
        const child = spawn(this.options.binary, this.flags(), {
            stdio: ['ignore', 'pipe', 'pipe'],
        });
        this.child = child;
        live.add(this);
        this.tail = '';
        const keep = (chunk: Buffer): void => {
            out.write(chunk);
            this.tail = (this.tail + chunk.toString('utf8')).slice(-4000);
        };
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
        this.exited = new Promise((resolve) =>
            child.once('exit', () => {
                live.delete(this);
                out.end();
                resolve();
            }),
        );
        const deadline = Date.now() + timeoutMs;
        while (Date.now() < deadline) {
            if (child.exitCode !== null) {
                throw new Error(
                    `avalanchego exited with code ${child.exitCode} while starting:\n${this.tail}`,
                );
            }
            if (existsSync(this.processContextFile)) {
                try {
                    await rpc(this.uri, '/ext/info', 'info.getNodeID', {});
                    return;
                } catch {
                    // not listening yet
                }
            }
            await sleep(200);
        }
        throw new Error(`avalanchego did not answer within ${timeoutMs} ms:\n${this.tail}`);
    }

    /** Waits until every given chain (alias or id) reports bootstrapped. */
    async waitBootstrapped(chains: readonly string[], timeoutMs = 120_000): Promise<number> {
        const started = Date.now();
        const pending = new Set(chains);
        while (pending.size > 0) {
            if (!this.running)
                throw new Error(`avalanchego stopped while bootstrapping:\n${this.tail}`);
            for (const chain of [...pending]) {
                try {
                    const result = (await rpc(this.uri, '/ext/info', 'info.isBootstrapped', {
                        chain,
                    })) as { isBootstrapped?: boolean };
                    if (result.isBootstrapped === true) pending.delete(chain);
                } catch {
                    // an unknown chain is an error until the P-Chain has created it
                }
            }
            if (pending.size === 0) break;
            if (Date.now() - started > timeoutMs) {
                throw new Error(
                    `chains ${[...pending].join(', ')} not bootstrapped after ${timeoutMs} ms:\n${this.tail}`,
                );
            }
            await sleep(250);
        }
        return Date.now() - started;
    }

    /** SIGTERM, then SIGKILL if the node has not exited within graceMs. */
    async stop(graceMs = 20_000): Promise<void> {
        const child = this.child;
        if (!child || child.exitCode !== null) return;
        const plugins = child.pid === undefined ? [] : descendants(child.pid);
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await this.exited;
        clearTimeout(timer);
        await reap(plugins);
    }

    /**
     * SIGKILL at once, as a crash would. The node's VM plugins (Subnet-EVM) are processes of their
     * own that outlive it for a while and keep their chain's database locked, so a start right
     * after would fail to open it ("couldn't create pebbledb … resource temporarily unavailable").
     * They are given a moment to notice, then killed too.
     */
    async kill(): Promise<void> {
        const child = this.child;
        if (!child || child.exitCode !== null) return;
        const plugins = child.pid === undefined ? [] : descendants(child.pid);
        child.kill('SIGKILL');
        await this.exited;
        await reap(plugins);
    }

    /** The last lines the process printed. */
    output(): string {
        return this.tail;
    }
}

/** Stops every node this process started (best effort, for exit paths). */
export async function stopAllNodes(): Promise<void> {
    await Promise.all([...live].map((node) => node.stop(10_000)));
}

/** Synchronous last resort for `process.on('exit')`: async work is no longer possible there. */
export function killAllNodesNow(): void {
    for (const node of live) {
        const pid = node.pid;
        if (pid !== undefined) {
            for (const each of [pid, ...descendants(pid)]) signal(each, 'SIGKILL');
        }
    }
}

function signal(pid: number, name: NodeJS.Signals | 0): boolean {
    try {
        process.kill(pid, name);
        return true;
    } catch {
        return false; // gone
    }
}

/**
 * Every live descendant of pid, from /proc (Linux; elsewhere none, and a restart after a kill may
 * then find the plugin's database still locked). Read before the parent dies: after that, its
 * children are re-parented and no longer found this way.
 */
function descendants(pid: number): number[] {
    let entries: string[];
    try {
        entries = readdirSync('/proc');
    } catch {
        return [];
    }
    const children = new Map<number, number[]>();
    for (const entry of entries) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = procStat(Number(entry));
        if (!stat) continue; // exited meanwhile
        const list = children.get(stat.ppid) ?? [];
        list.push(Number(entry));
        children.set(stat.ppid, list);
    }
    const found: number[] = [];
    const queue = [pid];
    while (queue.length > 0) {
        for (const child of children.get(queue.shift()!) ?? []) {
            found.push(child);
            queue.push(child);
        }
    }
    return found;
}

/** A process's state letter and parent from /proc/<pid>/stat, or undefined once it is gone. */
function procStat(pid: number): { state: string; ppid: number } | undefined {
    let stat: string;
    try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
        return undefined;
    }
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
    const [state = '', ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, ppid: Number(ppid) };
}

/**
 * Whether a process found by `descendants` still runs. A zombie counts as gone: its locks are
 * released, and pid 1 of a container may never reap it.
 */
function alive(pid: number): boolean {
    const stat = procStat(pid);
    return stat !== undefined && stat.state !== 'Z';
}

/** Waits up to graceMs for the given processes to exit, then SIGKILLs the rest and waits for them. */
async function reap(pids: readonly number[], graceMs = 3000): Promise<void> {
    const deadline = Date.now() + graceMs;
    let left = pids.filter(alive);
    while (left.length > 0 && Date.now() < deadline) {
        await sleep(100);
        left = left.filter(alive);
    }
    for (const pid of left) {
        console.log(`[realnode] plugin process ${pid} outlived the node by ${graceMs} ms: killed`);
        signal(pid, 'SIGKILL');
    }
    while (left.length > 0) {
        await sleep(50);
        left = left.filter(alive);
    }
}

/** One JSON-RPC call with fetch, for the harness itself (the tests use the project's client). */
export async function rpc(
    base: string,
    endpoint: string,
    method: string,
    params: unknown,
    timeoutMs = 5000,
): Promise<unknown> {
    const response = await fetch(`${base}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status}: ${text.trim()}`);
    const body = JSON.parse(text) as { result?: unknown; error?: { message?: string } };
    if (body.error)
        throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
    return body.result;
}

export function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reads `<data-dir>/process.json` (pid, uri, stakingAddress), as AvalancheGo writes it. */
export function readProcessContext(dataDir: string): { pid: number; uri: string } | undefined {
    try {
        return JSON.parse(readFileSync(path.join(dataDir, 'process.json'), 'utf8')) as {
            pid: number;
            uri: string;
        };
    } catch {
        return undefined;
    }
}
