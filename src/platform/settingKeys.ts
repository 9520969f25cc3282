/**
 * The `avalanche.*` settings: keys, defaults and one small validator per key. No `vscode` import,
 * so the manifest check and the unit tests can load it in plain Node, and no zod, so that reading
 * settings at activation costs nothing (zod lives in the lazily loaded core bundle).
 */
import { parseServiceUrl } from './urlRules';
import { evmChainIdPattern } from '../core/ids/evmPatterns';

/** The configuration section every key below lives under. */
export const ConfigSection = 'avalanche';

/** Setting keys relative to {@link ConfigSection}; `package.json` must contribute exactly these. */
export const SettingKey = {
    Network: 'network',
    DataApiUrl: 'dataApi.url',
    DataApiKeyHeader: 'dataApi.apiKeyHeader',
    MetricsApiUrl: 'metricsApi.url',
    NodeUrls: 'node.urls',
    SelectedNodeUrl: 'node.selectedUrl',
    RequestTimeoutMs: 'requestTimeoutMs',
    ExplorerUrlTemplate: 'explorer.urlTemplate',
    SubnetsPageSize: 'subnets.pageSize',
    NodeRefreshIntervalSeconds: 'node.refreshIntervalSeconds',
    HoversEnabled: 'hovers.enabled',
    HoversDisabledLanguages: 'hovers.disabledLanguages',
    HoversLiveKinds: 'hovers.liveKinds',
    HoversDefaultEvmChain: 'hovers.defaultEvmChain',
    RpcAllowedOrigins: 'rpc.allowedOrigins',
    WatchRunwayWarningDays: 'watch.runwayWarningDays',
    WatchRequestsPerMinute: 'watch.requestsPerMinute',
    WatchPollWhileUnfocused: 'watch.pollWhileUnfocused',
    AgentMcpServerInVsCode: 'agent.mcpServerInVsCode',
} as const;
export type SettingKey = (typeof SettingKey)[keyof typeof SettingKey];

/** Full dotted id of a setting, as written in settings.json. */
export function settingId(key: SettingKey): string {
    return `${ConfigSection}.${key}`;
}

/**
 * Settings that decide where requests (and the API key) go, and where "Open in Explorer" sends
 * the user. A workspace can set them only with the user's consent, and never while untrusted;
 * `package.json` lists the same keys under
 * `capabilities.untrustedWorkspaces.restrictedConfigurations`.
 */
export const restrictedSettingKeys: readonly SettingKey[] = [
    SettingKey.DataApiUrl,
    SettingKey.MetricsApiUrl,
    SettingKey.DataApiKeyHeader,
    SettingKey.NodeUrls,
    SettingKey.SelectedNodeUrl,
    SettingKey.ExplorerUrlTemplate,
    // Routes every EVM hover to a chain, whose RPC URL the chain list decides (#33).
    SettingKey.HoversDefaultEvmChain,
    SettingKey.RpcAllowedOrigins,
];

/**
 * `local` is the selected node's own network (a local network, a devnet): the Data API does not
 * index it, so every view, hover and query of it is read from the node.
 */
export type Network = 'mainnet' | 'fuji' | 'local';
export const networks: readonly Network[] = ['mainnet', 'fuji', 'local'];
/** The networks the Data API indexes. */
export type DataApiNetwork = Exclude<Network, 'local'>;

/** A node URL the user added, with the name shown in pickers and the status bar. */
export interface NodeEntry {
    readonly name: string;
    readonly url: string;
}

/** The value type of each setting, after validation. */
export interface SettingValues {
    [SettingKey.Network]: Network;
    [SettingKey.DataApiUrl]: string;
    [SettingKey.DataApiKeyHeader]: string;
    [SettingKey.MetricsApiUrl]: string;
    [SettingKey.NodeUrls]: readonly NodeEntry[];
    [SettingKey.SelectedNodeUrl]: string;
    [SettingKey.RequestTimeoutMs]: number;
    [SettingKey.ExplorerUrlTemplate]: string;
    [SettingKey.SubnetsPageSize]: number;
    [SettingKey.NodeRefreshIntervalSeconds]: number;
    [SettingKey.HoversEnabled]: boolean;
    [SettingKey.HoversDisabledLanguages]: readonly string[];
    [SettingKey.HoversLiveKinds]: readonly HoverLiveKind[];
    [SettingKey.HoversDefaultEvmChain]: string;
    [SettingKey.RpcAllowedOrigins]: readonly string[];
    [SettingKey.WatchRunwayWarningDays]: number;
    [SettingKey.WatchRequestsPerMinute]: number;
    [SettingKey.WatchPollWhileUnfocused]: boolean;
    [SettingKey.AgentMcpServerInVsCode]: boolean;
}

/** Identifier kinds whose hover can look them up live (`hovers.liveKinds`). */
export type HoverLiveKind = 'evmAddress' | 'hash32' | 'pnAddress' | 'nodeId' | 'cb58Id';
const hoverLiveKinds: readonly HoverLiveKind[] = [
    'evmAddress',
    'hash32',
    'pnAddress',
    'nodeId',
    'cb58Id',
];

const minRequestTimeoutMs = 1_000;
const maxRequestTimeoutMs = 120_000;

/**
 * The Avalanche explorer on the web. Mainnet lives on `subnets.avax.network` and Fuji on
 * `subnets-test.avax.network`, hence the `{testnetSuffix}` placeholder.
 */
export const defaultExplorerUrlTemplate = 'https://subnets{testnetSuffix}.avax.network/{kind}/{id}';

/** Placeholders `explorer.urlTemplate` may use. */
const explorerPlaceholders = ['network', 'testnetSuffix', 'kind', 'id'] as const;

/** Defaults; `package.json` declares the same values (checked by the manifest test). */
export const settingDefaults: Readonly<SettingValues> = Object.freeze({
    [SettingKey.Network]: 'mainnet',
    [SettingKey.DataApiUrl]: 'https://data-api.avax.network',
    [SettingKey.DataApiKeyHeader]: 'x-glacier-api-key',
    [SettingKey.MetricsApiUrl]: 'https://metrics.avax.network',
    [SettingKey.NodeUrls]: [],
    [SettingKey.SelectedNodeUrl]: 'http://127.0.0.1:9650',
    [SettingKey.RequestTimeoutMs]: 30_000,
    [SettingKey.ExplorerUrlTemplate]: defaultExplorerUrlTemplate,
    [SettingKey.SubnetsPageSize]: 100,
    [SettingKey.NodeRefreshIntervalSeconds]: 10,
    [SettingKey.HoversEnabled]: true,
    [SettingKey.HoversDisabledLanguages]: [],
    [SettingKey.HoversLiveKinds]: hoverLiveKinds,
    [SettingKey.HoversDefaultEvmChain]: '',
    [SettingKey.RpcAllowedOrigins]: [],
    [SettingKey.WatchRunwayWarningDays]: 3,
    [SettingKey.WatchRequestsPerMinute]: 30,
    [SettingKey.WatchPollWhileUnfocused]: false,
    [SettingKey.AgentMcpServerInVsCode]: false,
});

/** Outcome of validating one raw value: `value` is absent when the whole value is rejected. */
export interface Validated<T> {
    readonly value?: T;
    /** Why the value, or parts of it (entries of a list), were not used. */
    readonly problems: readonly string[];
}

function ok<T>(value: T, problems: readonly string[] = []): Validated<T> {
    return { value, problems };
}
function rejected<T>(problem: string): Validated<T> {
    return { problems: [problem] };
}

const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Headers the HTTP layer owns: letting a setting overwrite them would break or redirect requests. */
const reservedHeaders = new Set([
    'host',
    'content-length',
    'content-type',
    'transfer-encoding',
    'connection',
    'cookie',
    'accept',
    'accept-encoding',
    'user-agent',
]);

/** Checks an HTTP header name for the Data API key. */
export function validateHeaderName(raw: unknown): Validated<string> {
    if (typeof raw !== 'string') return rejected('expected a header name (text)');
    const name = raw.trim();
    if (name.length === 0 || name.length > 100 || !tokenRe.test(name)) {
        return rejected(`"${name.slice(0, 40)}" is not a valid HTTP header name`);
    }
    if (reservedHeaders.has(name.toLowerCase())) {
        return rejected(`"${name}" is a header the HTTP client sets itself`);
    }
    return ok(name);
}

function validateUrl(raw: unknown): Validated<string> {
    if (typeof raw !== 'string') return rejected('expected a URL (text)');
    const parsed = parseServiceUrl(raw);
    return parsed.url === undefined ? rejected(parsed.error) : ok(parsed.url);
}

function validateNetwork(raw: unknown): Validated<Network> {
    return networks.includes(raw as Network)
        ? ok(raw as Network)
        : rejected(`expected one of ${networks.join(', ')}`);
}

function validateNodeUrls(raw: unknown): Validated<readonly NodeEntry[]> {
    if (!Array.isArray(raw)) return rejected('expected a list of { "name", "url" } objects');
    const entries: NodeEntry[] = [];
    const problems: string[] = [];
    const seen = new Set<string>();
    raw.forEach((item: unknown, index) => {
        const entry = item as { name?: unknown; url?: unknown } | null;
        if (typeof entry !== 'object' || entry === null) {
            problems.push(`entry ${index + 1} is not an object`);
            return;
        }
        const url = validateUrl(entry.url);
        if (url.value === undefined) {
            problems.push(`entry ${index + 1}: ${url.problems.join('; ')}`);
            return;
        }
        if (seen.has(url.value)) return;
        seen.add(url.value);
        const name = typeof entry.name === 'string' ? entry.name.trim().slice(0, 60) : '';
        entries.push({ name: name || new URL(url.value).host, url: url.value });
    });
    return ok(entries, problems);
}

function validateTimeout(raw: unknown): Validated<number> {
    if (
        typeof raw !== 'number' ||
        !Number.isInteger(raw) ||
        raw < minRequestTimeoutMs ||
        raw > maxRequestTimeoutMs
    ) {
        return rejected(
            `expected a whole number of milliseconds from ${minRequestTimeoutMs} to ${maxRequestTimeoutMs}`,
        );
    }
    return ok(raw);
}

/** Checks an explorer URL template: http(s), an `{id}` placeholder, and only known placeholders. */
export function validateExplorerTemplate(raw: unknown): Validated<string> {
    if (typeof raw !== 'string') return rejected('expected a URL template (text)');
    const template = raw.trim();
    if (!/^https?:\/\//i.test(template)) return rejected('the template must start with https://');
    const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
    const unknown = names.filter((n) => !(explorerPlaceholders as readonly string[]).includes(n));
    if (unknown.length > 0) {
        return rejected(
            `unknown placeholder {${unknown[0]}}; use ${explorerPlaceholders.map((p) => `{${p}}`).join(' ')}`,
        );
    }
    if (!names.includes('id')) return rejected('the template must contain {id}');
    return ok(template);
}

/** A whole number within bounds (page sizes, intervals). */
function integerIn(min: number, max: number, unit: string): (raw: unknown) => Validated<number> {
    return (raw) =>
        typeof raw === 'number' && Number.isInteger(raw) && raw >= min && raw <= max
            ? ok(raw)
            : rejected(`expected a whole number of ${unit} from ${min} to ${max}`);
}

/** A number within bounds, fractions allowed (days of runway). */
function numberIn(min: number, max: number, unit: string): (raw: unknown) => Validated<number> {
    return (raw) =>
        typeof raw === 'number' && Number.isFinite(raw) && raw >= min && raw <= max
            ? ok(raw)
            : rejected(`expected a number of ${unit} from ${min} to ${max}`);
}

function validateBoolean(raw: unknown): Validated<boolean> {
    return typeof raw === 'boolean' ? ok(raw) : rejected('expected true or false');
}

/** A list of distinct strings that each pass `test`; other entries are dropped and reported. */
function stringList<T extends string>(
    test: (item: string) => boolean,
    what: string,
): (raw: unknown) => Validated<readonly T[]> {
    return (raw) => {
        if (!Array.isArray(raw)) return rejected(`expected a list of ${what}`);
        const items = raw.map((item) => (typeof item === 'string' ? item.trim() : ''));
        const bad = raw.filter((_item, i) => !test(items[i]!));
        const good = new Set(items.filter((item) => test(item)) as T[]);
        return ok([...good], bad.length ? [`${bad.length} entries are not ${what}`] : []);
    };
}

/** Empty (the selected network's C-Chain), or an EVM chain id in decimal. */
function validateEvmChain(raw: unknown): Validated<string> {
    if (typeof raw !== 'string') return rejected('expected an EVM chain id (text)');
    const text = raw.trim();
    return text === '' || evmChainIdPattern.test(text)
        ? ok(text)
        : rejected('expected an EVM chain id such as 43114, or empty for the C-Chain');
}

type Validators = { readonly [K in SettingKey]: (raw: unknown) => Validated<SettingValues[K]> };

/** One validator per key; invalid values are logged and replaced by the next layer or the default. */
export const settingValidators: Validators = {
    [SettingKey.Network]: validateNetwork,
    [SettingKey.DataApiUrl]: validateUrl,
    [SettingKey.DataApiKeyHeader]: validateHeaderName,
    [SettingKey.MetricsApiUrl]: validateUrl,
    [SettingKey.NodeUrls]: validateNodeUrls,
    [SettingKey.SelectedNodeUrl]: validateUrl,
    [SettingKey.RequestTimeoutMs]: validateTimeout,
    [SettingKey.ExplorerUrlTemplate]: validateExplorerTemplate,
    [SettingKey.SubnetsPageSize]: integerIn(1, 10_000, 'subnets'),
    [SettingKey.NodeRefreshIntervalSeconds]: integerIn(0, 3600, 'seconds'),
    [SettingKey.HoversEnabled]: validateBoolean,
    [SettingKey.HoversDisabledLanguages]: stringList(
        (t) => /^[\w.+#-]{1,64}$/.test(t),
        'language ids',
    ),
    [SettingKey.HoversLiveKinds]: stringList<HoverLiveKind>(
        (t) => (hoverLiveKinds as readonly string[]).includes(t),
        `kinds (${hoverLiveKinds.join(', ')})`,
    ),
    [SettingKey.HoversDefaultEvmChain]: validateEvmChain,
    [SettingKey.RpcAllowedOrigins]: stringList(
        (t) => /^https?:\/\/[^/?#\s]+$/i.test(t) && parseServiceUrl(t).url !== undefined,
        'origins such as http://10.0.0.5:9650',
    ),
    [SettingKey.WatchRunwayWarningDays]: numberIn(0.01, 365, 'days'),
    [SettingKey.WatchRequestsPerMinute]: integerIn(1, 600, 'requests'),
    [SettingKey.WatchPollWhileUnfocused]: validateBoolean,
    [SettingKey.AgentMcpServerInVsCode]: validateBoolean,
};

/** Every key, in declaration order. */
export const allSettingKeys: readonly SettingKey[] = Object.values(SettingKey);
