/**
 * The node's health API (`/ext/health`, `/ext/health/readiness`, `/ext/health/liveness`: GET with
 * `?tag=`, and `health.*` over JSON-RPC) and its metrics page (`/ext/metrics`), as AvalancheGo
 * v1.14.2 serves them (recorded in test/fixtures/realnode/health.json and metrics.prom;
 * test/unit/sandbox/sandbox.realnode.test.ts holds these answers to them).
 *
 * Checks: one per chain the node runs (tagged with its subnet id), and the node's own `bls`,
 * `bootstrapped`, `database`, `diskspace`, `futureupgrade`, `network` and `router` (tagged
 * `application`, always included). `settings.failingHealthChecks` names checks that fail; each
 * read of a failing check counts one more contiguous failure, as the node's checker does on its
 * own schedule. Readiness holds `bootstrapped` only, liveness nothing, as on the real node.
 *
 * Metrics: the families the dashboard reads plus a few hundred others, counters that grow with
 * the wall clock (so that two scrapes give rates), and `settings.diskFreePercent` as the disk
 * gauge, so that a test moves it past the Key Metrics page's thresholds.
 */
import type { Dataset } from './dataset';
import type { SandboxResponse } from './httpUtil';
import { wellKnown } from './ids';
import type { SandboxSettings } from './types';

const jsonType = 'application/json';
const promType = 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores';
const notFound: SandboxResponse = {
    status: 404,
    body: '404 page not found\n',
    contentType: 'text/plain; charset=utf-8',
};

/** The node's own checks, tagged `application` (`api/health/worker.go`). */
const applicationChecks = [
    'bls',
    'bootstrapped',
    'database',
    'diskspace',
    'futureupgrade',
    'network',
    'router',
] as const;

interface CheckState {
    failures: number;
    sinceMs: number;
}

export class NodeObservability {
    private readonly startedMs = Date.now();
    private readonly failing = new Map<string, CheckState>();

    constructor(
        private readonly data: Dataset,
        private readonly settings: SandboxSettings,
        /** json2's error for params that do not unmarshal (nodeApi.ts owns it). */
        private readonly unmarshal: () => Error,
    ) {}

    /** True for the paths this class answers. */
    static serves(pathname: string): boolean {
        return /^\/ext\/(health(\/(readiness|liveness))?|metrics)\/?$/.test(pathname);
    }

    /** GET answers: the health JSON with 200 or 503, the metrics text. */
    get(pathname: string, query: URLSearchParams): SandboxResponse {
        if (this.settings.publicNode) return notFound;
        const path = pathname.replace(/\/$/, '');
        if (path === '/ext/metrics') return this.metrics();
        const kind = path.endsWith('/readiness')
            ? 'readiness'
            : path.endsWith('/liveness')
              ? 'liveness'
              : 'health';
        const reply = this.reply(kind, query.getAll('tag'));
        return {
            status: reply.healthy ? 200 : 503,
            body: `${JSON.stringify(reply)}\n`,
            contentType: jsonType,
        };
    }

    /** The JSON-RPC methods of the `health` service. */
    readonly methods = {
        health: (p: Record<string, unknown>) => this.reply('health', this.tagsOf(p)),
        readiness: (p: Record<string, unknown>) => this.reply('readiness', this.tagsOf(p)),
        liveness: (p: Record<string, unknown>) => this.reply('liveness', this.tagsOf(p)),
    };

    /** `tags`: absent, null or a list of strings; anything else does not unmarshal. */
    private tagsOf(p: Record<string, unknown>): string[] {
        const tags = p['tags'];
        if (tags === undefined || tags === null) return [];
        if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) throw this.unmarshal();
        return tags as string[];
    }

    private checkNames(tags: readonly string[]): { name: string; chain?: string }[] {
        const chains = [
            { name: 'P', subnet: wellKnown.pChainId },
            { name: 'X', subnet: wellKnown.pChainId },
            { name: 'C', subnet: wellKnown.pChainId },
            ...this.data.chains
                .filter((c) => !c.isCChain)
                .map((c) => ({ name: c.blockchainId, subnet: c.subnetId })),
        ];
        const all = tags.length === 0 || tags.includes('all');
        return [
            ...chains
                .filter((c) => all || tags.includes(c.subnet))
                .map((c) => ({ name: c.name, chain: c.name })),
            ...applicationChecks.map((name) => ({ name })),
        ];
    }

    private reply(
        kind: 'health' | 'readiness' | 'liveness',
        tags: readonly string[],
    ): { checks: Record<string, unknown>; healthy: boolean } {
        const names =
            kind === 'liveness'
                ? []
                : kind === 'readiness'
                  ? [{ name: 'bootstrapped' }]
                  : this.checkNames(tags);
        const checks: Record<string, unknown> = {};
        let healthy = true;
        const now = Date.now();
        // Go's encoding/json writes a map's keys in byte order.
        names.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const check of names) {
            const result = this.result(check, now);
            if ('error' in result) healthy = false;
            checks[check.name] = result;
        }
        return { checks, healthy };
    }

    private result(check: { name: string; chain?: string }, now: number): Record<string, unknown> {
        const timestamp = new Date(now).toISOString().replace('Z', '123456Z');
        const base: Record<string, unknown> = {
            message: this.message(check),
            timestamp,
            duration: 12_345 + check.name.length * 1_000,
        };
        if (check.name === 'database') delete base['message'];
        if (this.settings.unrunHealthChecks.includes(check.name)) {
            // `api/health/worker.go` registers a check with this result until its first round.
            return {
                message: null,
                error: 'not yet run',
                timestamp: '0001-01-01T00:00:00Z',
                duration: 0,
            };
        }
        if (!this.settings.failingHealthChecks.includes(check.name)) {
            this.failing.delete(check.name);
            return base;
        }
        let state = this.failing.get(check.name);
        if (!state) {
            state = { failures: 0, sinceMs: now };
            this.failing.set(check.name, state);
        }
        state.failures++;
        return {
            ...base,
            error: check.chain
                ? `block processing is stalled on chain ${check.name}`
                : `${check.name} check failed`,
            contiguousFailures: state.failures,
            timeOfFirstFailure: new Date(state.sinceMs).toISOString(),
        };
    }

    private message(check: { name: string; chain?: string }): unknown {
        if (check.chain) {
            return {
                engine: {
                    consensus: {
                        avgAcceptanceTime: '0s',
                        lastAcceptedHeight: 15,
                        lastAcceptedID: wellKnown.pChainId,
                        longestProcessingBlock: '0s',
                        processingBlocks: 0,
                    },
                    // Subnet-EVM reports its database and health; coreth and the primary VMs null.
                    vm: { database: null, health: null },
                },
                networking: { disconnectedValidators: [], percentConnected: 1 },
            };
        }
        switch (check.name) {
            case 'bls':
                return 'node has the correct BLS key';
            case 'bootstrapped':
                return [];
            case 'diskspace':
                return {
                    availableDiskBytes: 78_728_839_168,
                    availableDiskPercentage: this.settings.diskFreePercent,
                };
            case 'futureupgrade':
                return {
                    localUpgradeTime: '2020-12-05T05:00:00Z',
                    modeUpgradeTime: '1970-01-01T00:00:00Z',
                    modeUpgradeWeightPercentage: 0,
                    numUpgradeTimes: 0,
                };
            case 'network':
                return { connectedPeers: 0, sendFailRate: 0 };
            default:
                return { longestRunningRequest: '0s', outstandingRequests: 0 };
        }
    }

    /** The metrics page: every family the dashboard reads, and filler families around them. */
    private metrics(): SandboxResponse {
        const seconds = (Date.now() - this.startedMs) / 1000;
        const chains = [
            'P',
            'X',
            'C',
            ...this.data.chains.filter((c) => !c.isCChain).map((c) => c.blockchainId),
        ];
        const evm = [
            'C',
            ...this.data.chains.filter((c) => !c.isCChain).map((c) => c.blockchainId),
        ];
        const lines: string[] = [];
        const family = (
            name: string,
            type: string,
            help: string,
            samples: [labels: string, value: number][],
        ): void => {
            lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
            for (const [labels, value] of samples) lines.push(`${name}${labels} ${format(value)}`);
        };
        const perChain = (value: (chain: string, k: number) => number): [string, number][] =>
            chains.map((c, k) => [`{chain="${c}"}`, value(c, k)]);
        family('avalanche_api_calls', 'counter', 'The number of API calls', [
            ['{base="C"}', Math.floor(seconds * 3)],
            ['{base="health"}', Math.floor(seconds / 10)],
            ['{base="info"}', Math.floor(seconds)],
        ]);
        family(
            'avalanche_api_calls_duration',
            'gauge',
            'The total amount of time, in nanoseconds, spent handling API calls',
            [
                ['{base="C"}', Math.floor(seconds * 3) * 2.5e6],
                ['{base="health"}', Math.floor(seconds / 10) * 4e5],
                ['{base="info"}', Math.floor(seconds) * 1.2e6],
            ],
        );
        family(
            'avalanche_benchlist_benched_num',
            'gauge',
            'Number of currently benched validators',
            perChain(() => 0),
        );
        family('avalanche_db_size', 'gauge', 'amount of bytes allocated by level', [
            ['{level="0"}', 16_695 + Math.floor(seconds * 40)],
            ['{level="1"}', 2_097_152],
        ]);
        family('avalanche_evm_eth_chain_block_bad_count', 'counter', '', [['{chain="C"}', 0]]);
        family('avalanche_evm_eth_chain_txs_accepted', 'counter', '', [
            ['{chain="C"}', Math.floor(seconds * 2)],
        ]);
        family(
            'avalanche_subnetevm_vm_eth_chain_block_bad_count',
            'counter',
            '',
            evm.slice(1).map((c) => [`{chain="${c}"}`, 0]),
        );
        family(
            'avalanche_subnetevm_vm_eth_chain_txs_accepted',
            'counter',
            '',
            evm.slice(1).map((c, k) => [`{chain="${c}"}`, Math.floor(seconds * (1 + k))]),
        );
        family(
            'avalanche_health_checks_failing',
            'gauge',
            'number of currently failing health checks',
            ['all', 'application', wellKnown.pChainId].map((tag) => [
                `{check="health",tag="${tag}"}`,
                new Set([...this.settings.failingHealthChecks, ...this.settings.unrunHealthChecks])
                    .size,
            ]),
        );
        family('avalanche_network_node_uptime_rewarding_stake', 'gauge', 'Rewarding stake', [
            ['', 100],
        ]);
        family('avalanche_network_node_uptime_weighted_average', 'gauge', 'Weighted average', [
            ['', 99.5],
        ]);
        family('avalanche_network_peers', 'gauge', 'Number of network peers', [['', 7]]);
        family('avalanche_process_go_sched_gomaxprocs_threads', 'gauge', 'GOMAXPROCS', [['', 2]]);
        family(
            'avalanche_process_process_cpu_seconds_total',
            'counter',
            'Total user and system CPU time spent in seconds.',
            [['', 2.49 + seconds * 0.05]],
        );
        family(
            'avalanche_process_process_max_fds',
            'gauge',
            'Maximum number of open file descriptors.',
            [['', 1024]],
        );
        family(
            'avalanche_process_process_network_receive_bytes_total',
            'counter',
            'Number of bytes received by the process over the network.',
            [['', 1e6 + seconds * 25_000]],
        );
        family(
            'avalanche_process_process_network_transmit_bytes_total',
            'counter',
            'Number of bytes sent by the process over the network.',
            [['', 9e5 + seconds * 21_000]],
        );
        family('avalanche_process_process_open_fds', 'gauge', 'Number of open file descriptors.', [
            ['', 37],
        ]);
        family(
            'avalanche_process_process_resident_memory_bytes',
            'gauge',
            'Resident memory size in bytes.',
            [['', 1.0229e8 + (Math.floor(seconds) % 60) * 1e5]],
        );
        family(
            'avalanche_resource_tracker_disk_available_percentage',
            'gauge',
            'Percentage of database volume available',
            [['', this.settings.diskFreePercent]],
        );
        family(
            'avalanche_snowman_blks_accepted_count',
            'counter',
            'Total # of observations of time (in ns) from the issuance of a block to its acceptance',
            perChain((_, k) => Math.floor((seconds * (k + 1)) / 2)),
        );
        family(
            'avalanche_snowman_blks_accepted_sum',
            'gauge',
            'Sum of time (in ns) from the issuance of a block to its acceptance',
            perChain((_, k) => Math.floor((seconds * (k + 1)) / 2) * (1.5e8 + k * 1e7)),
        );
        family(
            'avalanche_snowman_blks_build_accept_latency',
            'gauge',
            'time (in ns) from the timestamp of a block to the time it was accepted',
            perChain((_, k) => Math.floor((seconds * (k + 1)) / 2) * (9e8 + k * 1e8)),
        );
        family(
            'avalanche_snowman_blks_processing',
            'gauge',
            'number of currently processing blocks',
            perChain(() => 0),
        );
        family(
            'avalanche_snowman_polls_failed',
            'counter',
            'number of failed polls',
            perChain(() => 0),
        );
        family(
            'avalanche_snowman_polls_successful',
            'counter',
            'number of successful polls',
            perChain((_, k) => Math.floor(seconds * (k + 2))),
        );
        family(
            'avalanche_stake_num_validators',
            'gauge',
            'Total number of validators',
            perChain(() => 1),
        );
        family(
            'avalanche_stake_percent_connected',
            'gauge',
            'Percent of connected stake',
            perChain(() => 1),
        );
        // Families the dashboard does not read, as a real page has hundreds of them: a summary,
        // a histogram with +Inf, and gauges.
        family(
            'avalanche_process_go_gc_duration_seconds',
            'summary',
            'A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles.',
            [
                ['{quantile="0"}', 4.1939e-5],
                ['{quantile="0.5"}', 0.001032437],
                ['{quantile="1"}', 0.009355258],
            ],
        );
        lines.push('avalanche_process_go_gc_duration_seconds_sum 0.032456816');
        lines.push('avalanche_process_go_gc_duration_seconds_count 13');
        family(
            'avalanche_avm_tx_gossip_bloomfilter_hit_rate',
            'histogram',
            'Hit rate (%) of the bloom filter sent by the peer',
            [
                ['{chain="X",le="0"}', 0],
                ['{chain="X",le="50"}', 0],
                ['{chain="X",le="+Inf"}', 0],
            ],
        );
        lines.push('avalanche_avm_tx_gossip_bloomfilter_hit_rate_sum{chain="X"} 0');
        lines.push('avalanche_avm_tx_gossip_bloomfilter_hit_rate_count{chain="X"} 0');
        for (let k = 0; k < 200; k++) {
            family(
                `avalanche_sandbox_filler_${k}`,
                'gauge',
                'A gauge the dashboard does not read',
                [['{chain="C"}', k]],
            );
        }
        return {
            status: 200,
            body: `${lines.join('\n')}\n`,
            contentType: promType,
            cacheable: false,
        };
    }
}

/** client_golang's notation: `%g`, so large values with a two-digit exponent (`7.4e+08`). */
function format(value: number): string {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
    if (Math.abs(value) < 1e6) return String(value);
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
}
