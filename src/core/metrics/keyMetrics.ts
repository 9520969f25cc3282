/**
 * The node dashboard's charts: what Ava Labs' "Key Metrics & Alerts" page names
 * (https://build.avax.network/docs/nodes/maintain/recommended-metrics), read from AvalancheGo
 * v1.14.2's `/ext/metrics` (the names below are the ones a real node serves: the page's
 * `avalanche_<chain>_vm_eth_chain_block_bad_count` is `avalanche_evm_eth_chain_block_bad_count`
 * on the C-Chain and `avalanche_subnetevm_vm_eth_chain_block_bad_count` on a Subnet-EVM chain,
 * each with a `chain` label). Each chart turns one scrape, and the one before it for counters,
 * into points; the page's alert thresholds go with the charts that have one ("page" where the
 * page says to page, "warn" for its warning level). Thresholds the page does not give are left
 * out, except open files, whose limit the node reports itself (marked `source: 'extension'`).
 *
 * Pure and free of timers: `NodeMetrics` (nodeMetrics.ts) feeds it scrapes.
 */
import type { MetricUnit } from '../../shared/metricFormat';
import { shortenId } from '../format';
import type { MetricFamily, ParsedMetrics } from './prometheus';

export { formatMetric, type MetricUnit } from '../../shared/metricFormat';

/** A line a chart draws across: crossing it raises an alert. */
export interface Threshold {
    readonly level: 'warn' | 'page';
    readonly value: number;
    /** True when values below it are bad (disk free, connected stake). */
    readonly below: boolean;
    /** `page`: the Key Metrics page's; `extension`: ours, where the page gives none. */
    readonly source: 'page' | 'extension';
}

/** One line of a chart at one scrape. */
export interface ChartPoint {
    /** Stable within the chart (a chain id, `in`, `out`). */
    readonly key: string;
    /** What the legend and the table say (inert: label values were made inert when parsed). */
    readonly label: string;
    /** NaN when there is nothing to say this time (no polls, no blocks in the interval). */
    readonly value: number;
}

/** The raw values of one scrape, by family. */
export interface ScrapeView {
    readonly atMs: number;
    readonly families: ReadonlyMap<string, MetricFamily>;
}

/** One chart of the dashboard. */
export interface ChartSpec {
    readonly id: string;
    readonly title: string;
    readonly unit: MetricUnit;
    /** One line: what it shows and why it matters (from the Key Metrics page where it says). */
    readonly about: string;
    /** The families it reads: the scrape keeps these and counts the rest. */
    readonly families: readonly string[];
    readonly thresholds: readonly Threshold[];
    /** What one line of the chart is, when it draws one per chain or per API. */
    readonly per?: 'chain' | 'API';
    /** Points from a scrape and the scrape before it (for rates). */
    points(now: ScrapeView, before: ScrapeView | undefined): ChartPoint[];
}

/** Most lines one chart draws (chains, API bases); the rest are left out of the chart. */
export const maxLinesPerChart = 12;

const page = (level: 'warn' | 'page', value: number, below: boolean): Threshold => ({
    level,
    value,
    below,
    source: 'page',
});

function samplesOf(view: ScrapeView, family: string): MetricFamily['samples'] {
    return view.families.get(family)?.samples ?? [];
}

/**
 * `byLabel`'s answers per scrape: a scrape is read twice, as the latest and then as the one
 * before (for rates), and several charts read one family by one label (`accepted` by `chain`).
 */
const byLabelOf = new WeakMap<ScrapeView, Map<string, ReadonlyMap<string, number>>>();

/** The values of a family by one label (`chain`), summed over its other labels. */
function byLabel(
    view: ScrapeView,
    family: string,
    label: string,
    where?: Readonly<Record<string, string>>,
): ReadonlyMap<string, number> {
    if (where) return sumByLabel(view, family, label, where);
    let known = byLabelOf.get(view);
    if (!known) {
        known = new Map();
        byLabelOf.set(view, known);
    }
    const key = `${family}\u0000${label}`;
    let values = known.get(key);
    if (!values) {
        values = sumByLabel(view, family, label, undefined);
        known.set(key, values);
    }
    return values;
}

function sumByLabel(
    view: ScrapeView,
    family: string,
    label: string,
    where: Readonly<Record<string, string>> | undefined,
): Map<string, number> {
    const out = new Map<string, number>();
    for (const s of samplesOf(view, family)) {
        if (s.name !== family) continue;
        if (where && Object.entries(where).some(([k, v]) => s.labels[k] !== v)) continue;
        const key = s.labels[label] ?? '';
        out.set(key, (out.get(key) ?? 0) + s.value);
    }
    return out;
}

/** The sum of a family's samples named `sampleName`; undefined when it has none. */
function total(view: ScrapeView, family: string, sampleName = family): number | undefined {
    let sum: number | undefined;
    for (const s of samplesOf(view, family)) {
        if (s.name === sampleName) sum = (sum ?? 0) + s.value;
    }
    return sum;
}

function merge(...maps: ReadonlyMap<string, number>[]): Map<string, number> {
    const out = new Map<string, number>();
    for (const map of maps) for (const [k, v] of map) out.set(k, (out.get(k) ?? 0) + v);
    return out;
}

function seconds(now: ScrapeView, before: ScrapeView): number {
    return (now.atMs - before.atMs) / 1000;
}

/** Increase of a counter, NaN across a restart (the counter went down). */
function increase(now: number | undefined, before: number | undefined): number {
    if (now === undefined || before === undefined) return NaN;
    return now >= before ? now - before : NaN;
}

/** A chain label as the legend shows it: aliases as they are, ids shortened. */
export function chainLabel(chain: string): string {
    return chain.length > 20 ? shortenId(chain) : chain;
}

function perChain(values: ReadonlyMap<string, number>, scale = 1): ChartPoint[] {
    return [...values.entries()]
        .sort(([a], [b]) => chainOrder(a) - chainOrder(b) || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, maxLinesPerChart)
        .map(([key, value]) => ({ key, label: chainLabel(key), value: value * scale }));
}

/** P, X and C first, then the other chains by id. */
function chainOrder(chain: string): number {
    const primary = ['P', 'X', 'C'].indexOf(chain);
    return primary >= 0 ? primary : 3;
}

/** A per-chain rate of a counter, `scale` per second (60: per minute). */
function chainRate(
    now: ScrapeView,
    before: ScrapeView | undefined,
    read: (view: ScrapeView) => ReadonlyMap<string, number>,
    scale: number,
): ChartPoint[] {
    if (!before) return [];
    const dt = seconds(now, before);
    if (!(dt > 0)) return [];
    const a = read(now);
    const b = read(before);
    const out = new Map<string, number>();
    for (const [chain, value] of a) out.set(chain, (increase(value, b.get(chain)) / dt) * scale);
    return perChain(out);
}

/** Per-chain mean of a sum over a count between two scrapes (nanoseconds → milliseconds). */
function chainMean(
    now: ScrapeView,
    before: ScrapeView | undefined,
    sum: (view: ScrapeView) => ReadonlyMap<string, number>,
    count: (view: ScrapeView) => ReadonlyMap<string, number>,
): ChartPoint[] {
    if (!before) return [];
    const sums = [sum(now), sum(before)] as const;
    const counts = [count(now), count(before)] as const;
    const out = new Map<string, number>();
    for (const [key, n] of counts[0]) {
        const dn = increase(n, counts[1].get(key));
        const ds = increase(sums[0].get(key), sums[1].get(key));
        out.set(key, dn > 0 ? ds / dn / 1e6 : NaN);
    }
    return perChain(out);
}

const f = {
    pollsOk: 'avalanche_snowman_polls_successful',
    pollsFailed: 'avalanche_snowman_polls_failed',
    disk: 'avalanche_resource_tracker_disk_available_percentage',
    badC: 'avalanche_evm_eth_chain_block_bad_count',
    badL1: 'avalanche_subnetevm_vm_eth_chain_block_bad_count',
    stake: 'avalanche_stake_percent_connected',
    validators: 'avalanche_stake_num_validators',
    processing: 'avalanche_snowman_blks_processing',
    benched: 'avalanche_benchlist_benched_num',
    healthFailing: 'avalanche_health_checks_failing',
    peers: 'avalanche_network_peers',
    cpu: 'avalanche_process_process_cpu_seconds_total',
    cores: 'avalanche_process_go_sched_gomaxprocs_threads',
    memory: 'avalanche_process_process_resident_memory_bytes',
    fds: 'avalanche_process_process_open_fds',
    maxFds: 'avalanche_process_process_max_fds',
    dbSize: 'avalanche_db_size',
    accepted: 'avalanche_snowman_blks_accepted_count',
    acceptedSum: 'avalanche_snowman_blks_accepted_sum',
    buildAccept: 'avalanche_snowman_blks_build_accept_latency',
    txsC: 'avalanche_evm_eth_chain_txs_accepted',
    txsL1: 'avalanche_subnetevm_vm_eth_chain_txs_accepted',
    received: 'avalanche_process_process_network_receive_bytes_total',
    sent: 'avalanche_process_process_network_transmit_bytes_total',
    apiCalls: 'avalanche_api_calls',
    apiDuration: 'avalanche_api_calls_duration',
    uptimeWeighted: 'avalanche_network_node_uptime_weighted_average',
    uptimeRewarding: 'avalanche_network_node_uptime_rewarding_stake',
} as const;

/** The dashboard's charts, in the Key Metrics page's order of importance. */
export const keyCharts: readonly ChartSpec[] = [
    {
        id: 'querySuccess',
        per: 'chain',
        title: 'Query success',
        unit: 'percent',
        about: 'Polls that got enough answers in time, per chain: the most sensitive sign of consensus trouble.',
        families: [f.pollsOk, f.pollsFailed],
        thresholds: [page('warn', 95, true), page('page', 90, true)],
        points(now, before) {
            if (!before) return [];
            const ok = [byLabel(now, f.pollsOk, 'chain'), byLabel(before, f.pollsOk, 'chain')];
            const bad = [
                byLabel(now, f.pollsFailed, 'chain'),
                byLabel(before, f.pollsFailed, 'chain'),
            ];
            const out = new Map<string, number>();
            for (const [chain, value] of ok[0]!) {
                const good = increase(value, ok[1]!.get(chain));
                const failed = increase(bad[0]!.get(chain) ?? 0, bad[1]!.get(chain) ?? 0);
                const polls = good + failed;
                out.set(chain, polls > 0 ? (good / polls) * 100 : NaN);
            }
            return perChain(out);
        },
    },
    {
        id: 'diskFree',
        title: 'Disk space free',
        unit: 'percent',
        about: 'Free space on the database volume; the node reports itself unhealthy below 10% and stops below 3%.',
        families: [f.disk],
        thresholds: [page('warn', 10, true), page('page', 5, true)],
        points: (now) => single('free', 'free', total(now, f.disk)),
    },
    {
        id: 'badBlocks',
        per: 'chain',
        title: 'Bad blocks',
        unit: 'per5Minutes',
        about: 'Blocks that failed validation (EVM chains): a rising count means this node diverges from the network.',
        families: [f.badC, f.badL1],
        thresholds: [page('page', 10, false)],
        points: (now, before) =>
            chainRate(
                now,
                before,
                (v) => merge(byLabel(v, f.badC, 'chain'), byLabel(v, f.badL1, 'chain')),
                300,
            ),
    },
    {
        id: 'connectedStake',
        per: 'chain',
        title: 'Connected stake',
        unit: 'percent',
        about: 'Share of the validator stake the node is connected to, per chain; polls fail below about 80%.',
        families: [f.stake],
        thresholds: [page('page', 80, true)],
        points: (now) => perChain(byLabel(now, f.stake, 'chain'), 100),
    },
    {
        id: 'processingBlocks',
        per: 'chain',
        title: 'Processing blocks',
        unit: 'count',
        about: 'Blocks in consensus, not yet final: a sustained climb means finalization stalls.',
        families: [f.processing],
        thresholds: [page('warn', 6, false), page('page', 15, false)],
        points: (now) => perChain(byLabel(now, f.processing, 'chain')),
    },
    {
        id: 'benched',
        per: 'chain',
        title: 'Benched peers',
        unit: 'count',
        about: 'Peers the node stopped querying because they keep failing, per chain.',
        families: [f.benched],
        thresholds: [page('page', 1, false)],
        points: (now) => perChain(byLabel(now, f.benched, 'chain')),
    },
    {
        id: 'validators',
        per: 'chain',
        title: 'Validators',
        unit: 'count',
        about: 'The validator set the node sees, per chain; 0 means it lost its view of the set.',
        families: [f.validators],
        thresholds: [page('page', 1, true)],
        points: (now) => perChain(byLabel(now, f.validators, 'chain')),
    },
    {
        id: 'healthFailing',
        title: 'Failing health checks',
        unit: 'count',
        about: "Checks failing in the node's own health report (networking, database, disk, bootstrapping, …).",
        families: [f.healthFailing],
        thresholds: [page('page', 2, false)],
        points: (now) =>
            single(
                'all',
                'failing',
                byLabel(now, f.healthFailing, 'tag', { check: 'health', tag: 'all' }).get('all'),
            ),
    },
    {
        id: 'peers',
        title: 'Peers',
        unit: 'count',
        about: 'Connected peers.',
        families: [f.peers],
        thresholds: [],
        points: (now) => single('peers', 'peers', total(now, f.peers)),
    },
    {
        id: 'cpu',
        title: 'CPU',
        unit: 'percent',
        about: 'CPU time of the node process, as a share of the cores it may use (GOMAXPROCS).',
        families: [f.cpu, f.cores],
        thresholds: [page('page', 90, false)],
        points(now, before) {
            if (!before) return [];
            const cores = total(now, f.cores) ?? 1;
            const used = increase(total(now, f.cpu), total(before, f.cpu)) / seconds(now, before);
            return single('cpu', 'cpu', (used / Math.max(1, cores)) * 100);
        },
    },
    {
        id: 'memory',
        title: 'Memory',
        unit: 'bytes',
        about: 'Resident memory of the node process.',
        families: [f.memory],
        thresholds: [],
        points: (now) => single('rss', 'resident', total(now, f.memory)),
    },
    {
        id: 'openFiles',
        title: 'Open files',
        unit: 'percent',
        about: "Open file descriptors as a share of the process's limit (the node stops accepting connections at it).",
        families: [f.fds, f.maxFds],
        thresholds: [{ level: 'warn', value: 80, below: false, source: 'extension' }],
        points(now) {
            const open = total(now, f.fds);
            const max = total(now, f.maxFds);
            return single(
                'fds',
                'of the limit',
                open === undefined || !max ? undefined : (open / max) * 100,
            );
        },
    },
    {
        id: 'databaseSize',
        title: 'Database size',
        unit: 'bytes',
        about: "The node's database on disk (all levels).",
        families: [f.dbSize],
        thresholds: [],
        points: (now) => single('db', 'database', total(now, f.dbSize)),
    },
    {
        id: 'acceptedBlocks',
        per: 'chain',
        title: 'Accepted blocks',
        unit: 'perMinute',
        about: 'Blocks accepted per minute, per chain.',
        families: [f.accepted],
        thresholds: [],
        points: (now, before) => chainRate(now, before, (v) => byLabel(v, f.accepted, 'chain'), 60),
    },
    {
        id: 'acceptedTxs',
        per: 'chain',
        title: 'Accepted transactions',
        unit: 'perMinute',
        about: 'Transactions accepted per minute on the EVM chains.',
        families: [f.txsC, f.txsL1],
        thresholds: [],
        points: (now, before) =>
            chainRate(
                now,
                before,
                (v) => merge(byLabel(v, f.txsC, 'chain'), byLabel(v, f.txsL1, 'chain')),
                60,
            ),
    },
    {
        id: 'consensusLatency',
        per: 'chain',
        title: 'Consensus latency',
        unit: 'milliseconds',
        about: 'Mean time from issuing a block to accepting it, per chain, between two scrapes.',
        families: [f.acceptedSum, f.accepted],
        thresholds: [],
        points: (now, before) =>
            chainMean(
                now,
                before,
                (v) => byLabel(v, f.acceptedSum, 'chain'),
                (v) => byLabel(v, f.accepted, 'chain'),
            ),
    },
    {
        id: 'acceptanceLatency',
        per: 'chain',
        title: 'Block acceptance latency',
        unit: 'milliseconds',
        about: "Mean time from a block's timestamp to its acceptance, per chain, between two scrapes.",
        families: [f.buildAccept, f.accepted],
        thresholds: [],
        points: (now, before) =>
            chainMean(
                now,
                before,
                (v) => byLabel(v, f.buildAccept, 'chain'),
                (v) => byLabel(v, f.accepted, 'chain'),
            ),
    },
    {
        id: 'bandwidth',
        title: 'Bandwidth',
        unit: 'bytesPerSecond',
        about: "Bytes received and sent per second (the process's network namespace, as /proc reports it).",
        families: [f.received, f.sent],
        thresholds: [],
        points(now, before) {
            if (!before) return [];
            const dt = seconds(now, before);
            return [
                {
                    key: 'in',
                    label: 'in',
                    value: increase(total(now, f.received), total(before, f.received)) / dt,
                },
                {
                    key: 'out',
                    label: 'out',
                    value: increase(total(now, f.sent), total(before, f.sent)) / dt,
                },
            ].filter((p) => samplesOf(now, p.key === 'in' ? f.received : f.sent).length > 0);
        },
    },
    {
        id: 'apiLatency',
        per: 'API',
        title: 'API request latency',
        unit: 'milliseconds',
        about: 'Mean time to answer an API call, per API, between two scrapes.',
        families: [f.apiCalls, f.apiDuration],
        thresholds: [],
        points: (now, before) =>
            chainMean(
                now,
                before,
                (v) => byLabel(v, f.apiDuration, 'base'),
                (v) => byLabel(v, f.apiCalls, 'base'),
            ).filter((p) => !Number.isNaN(p.value)),
    },
    {
        id: 'uptime',
        title: 'Validator uptime',
        unit: 'percent',
        about: 'How much of the stake sees this node up: the weighted average, and the share that would reward it.',
        families: [f.uptimeWeighted, f.uptimeRewarding],
        thresholds: [],
        points: (now) => [
            ...single('weighted', 'weighted average', total(now, f.uptimeWeighted)),
            ...single('rewarding', 'rewarding stake', total(now, f.uptimeRewarding)),
        ],
    },
];

function single(key: string, label: string, value: number | undefined): ChartPoint[] {
    return value === undefined ? [] : [{ key, label, value }];
}

/** Every family the charts read, for the scrape's filter. */
export const keyFamilies: ReadonlySet<string> = new Set(keyCharts.flatMap((c) => c.families));

/** A scrape as the charts read it. */
export function scrapeView(parsed: ParsedMetrics, atMs: number): ScrapeView {
    return { atMs, families: parsed.families };
}
