/**
 * The ICM relayer running on this machine (Interchain Kit's icm-relayer), read for a stuck
 * message: its health API (`GET /health` on its API port: the `relayers-all` and `network-all`
 * checks, 503 when one fails; icm-services `relayer/api/health_check.go`) and its Prometheus
 * counters on its metrics port (`successful_relay_message_count` and
 * `failed_relay_message_count{failure_reason}`, by `source_chain_id` and `destination_chain_id`
 * in cb58; icm-services `relayer/application_relayer_metrics.go`), read with the repo's own
 * streaming reader. The URLs come from the relayer's config file and reach this machine only:
 * a relayer URL off loopback is refused before anything is sent.
 */
import { isHttpError } from '../http/errors';
import { HttpClient } from '../http/httpClient';
import type { Transport } from '../http/transport';
import type { LocalRelayer } from '../local/localNetwork';
import { inertLine } from '../text/inert';
import { parsePrometheusText } from './prometheus';

/** The relayer's pages are small; anything larger is not one. */
const maxRelayerBytes = 2 * 1024 * 1024;
const relayerTimeoutMs = 3_000;
const families = new Set(['successful_relay_message_count', 'failed_relay_message_count']);

/** Why a relayer URL is not asked (it must be http on this machine), or undefined. */
function relayerUrlProblem(url: string): string | undefined {
    let parsed: URL;
    try {
        parsed = new URL(url);
    } catch {
        return 'not a URL';
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'not http(s)';
    if (parsed.username || parsed.password) return 'it carries credentials';
    const host = parsed.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    const loopback = host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
    return loopback ? undefined : 'it is not on this machine';
}

/** What the relayer says of one pair of chains. */
export interface RelayerReading {
    /** `up`, `down` with the failing checks' words, or `unread` with why. */
    readonly health: 'up' | { readonly down: string } | { readonly unread: string };
    readonly succeeded?: number | undefined;
    /** Failed relays by reason, most first. */
    readonly failed?: readonly { readonly reason: string; readonly count: number }[] | undefined;
    readonly metricsUnread?: string | undefined;
}

function client(url: string, transport: Transport | undefined): HttpClient {
    return new HttpClient({
        baseUrl: new URL(url).origin,
        service: 'node',
        requestTimeoutMs: relayerTimeoutMs,
        maxBodyBytes: maxRelayerBytes,
        retry: { maxRetries: 0 },
        ...(transport ? { transport } : {}),
    });
}

function errorText(error: unknown): string {
    return inertLine(error instanceof Error ? error.message : String(error), 200);
}

/** The failing checks of an alexliesenfeld/health answer, in words. */
function downWords(body: unknown): string {
    const details = (body as { details?: unknown } | null)?.details;
    if (!details || typeof details !== 'object') return 'its health check fails';
    const words = Object.entries(details as Record<string, unknown>)
        .filter(([, c]) => (c as { status?: unknown } | null)?.status === 'down')
        .slice(0, 3)
        .map(([name, c]) => {
            const error = (c as { error?: unknown }).error;
            return `${inertLine(name, 40)}${typeof error === 'string' ? `: ${inertLine(error, 160)}` : ''}`;
        });
    return words.length > 0 ? words.join('; ') : 'its health check fails';
}

/**
 * Reads the relayer's health and its counters for messages from `sourceCb58` to
 * `destinationCb58`. Never rejects but on `signal`: what could not be read is said.
 */
export async function readRelayer(
    relayer: LocalRelayer,
    sourceCb58: string,
    destinationCb58: string,
    signal?: AbortSignal,
    transport?: Transport,
): Promise<RelayerReading> {
    const health = async (): Promise<RelayerReading['health']> => {
        if (!relayer.apiUrl) return { unread: 'its config names no API port' };
        const problem = relayerUrlProblem(relayer.apiUrl);
        if (problem) return { unread: `its API URL is refused: ${problem}` };
        const http = client(relayer.apiUrl, transport);
        try {
            // 503 is the answer of a failing check, with the checks in its body.
            const response = await http.send({ method: 'GET', path: '/health', signal });
            let body: unknown;
            try {
                body = JSON.parse(response.body);
            } catch {
                body = undefined;
            }
            if (response.status === 503 || (body as { status?: unknown } | null)?.status === 'down')
                return { down: downWords(body) };
            if (response.status < 200 || response.status >= 300)
                return { unread: `HTTP ${response.status}` };
            return 'up';
        } catch (error) {
            if (signal?.aborted) throw error;
            if (isHttpError(error) && error.status === 503)
                return { down: 'its health check fails (503)' };
            return { unread: errorText(error) };
        } finally {
            await http.close();
        }
    };
    const metrics = async (): Promise<Omit<RelayerReading, 'health'>> => {
        if (!relayer.metricsUrl) return { metricsUnread: 'its config names no metrics port' };
        const problem = relayerUrlProblem(relayer.metricsUrl);
        if (problem) return { metricsUnread: `its metrics URL is refused: ${problem}` };
        const http = client(relayer.metricsUrl, transport);
        try {
            const response = await http.send({ method: 'GET', path: '/metrics', signal });
            if (response.status < 200 || response.status >= 300)
                return { metricsUnread: `HTTP ${response.status}` };
            const parsed = parsePrometheusText(response.body, {
                wanted: (family) => families.has(family),
                maxSeries: 5_000,
            });
            const pair = (labels: Readonly<Record<string, string>>) =>
                labels['source_chain_id'] === sourceCb58 &&
                labels['destination_chain_id'] === destinationCb58;
            let succeeded = 0;
            for (const s of parsed.families.get('successful_relay_message_count')?.samples ?? [])
                if (pair(s.labels)) succeeded += s.value;
            const byReason = new Map<string, number>();
            for (const s of parsed.families.get('failed_relay_message_count')?.samples ?? []) {
                if (!pair(s.labels)) continue;
                const reason = inertLine(s.labels['failure_reason'] ?? 'unknown', 80) || 'unknown';
                byReason.set(reason, (byReason.get(reason) ?? 0) + s.value);
            }
            const failed = [...byReason]
                .filter(([, count]) => count > 0)
                .sort((a, b) => b[1] - a[1])
                .slice(0, 5)
                .map(([reason, count]) => ({ reason, count }));
            return { succeeded, failed };
        } catch (error) {
            if (signal?.aborted) throw error;
            return { metricsUnread: errorText(error) };
        } finally {
            await http.close();
        }
    };
    const [h, m] = await Promise.all([health(), metrics()]);
    return { health: h, ...m };
}

/**
 * The reasons a reading gives for a message from `sourceName` to `destinationName` not being
 * delivered, as sentences; none when the relayer is up and has not failed this pair.
 */
function relayerSentences(
    reading: RelayerReading,
    sourceName: string,
    destinationName: string,
): string[] {
    const out: string[] = [];
    const pair = `${inertLine(sourceName, 60)} → ${inertLine(destinationName, 60)}`;
    if (typeof reading.health === 'object' && 'down' in reading.health)
        out.push(`The relayer on this machine is unhealthy: ${reading.health.down}.`);
    else if (typeof reading.health === 'object')
        out.push(`The relayer on this machine could not be asked: ${reading.health.unread}.`);
    if (reading.failed && reading.failed.length > 0) {
        const total = reading.failed.reduce((sum, f) => sum + f.count, 0);
        out.push(
            `The relayer on this machine failed ${total} relay${total === 1 ? '' : 's'} ${pair} (${reading.failed
                .map((f) => `${f.reason} ×${f.count}`)
                .join(', ')}) and delivered ${reading.succeeded ?? 0}.`,
        );
    }
    return out;
}

/** A chain of the message, as the relayer's labels and the sentences name it. */
export interface RelayerChain {
    readonly name: string;
    /** cb58. */
    readonly blockchainId: string;
}

/** Reads the relayer and says why it has not delivered `source` → `destination`, if it tells. */
export async function relayerReasons(
    relayer: LocalRelayer,
    source: RelayerChain,
    destination: RelayerChain,
    signal?: AbortSignal,
    transport?: Transport,
): Promise<string[]> {
    const reading = await readRelayer(
        relayer,
        source.blockchainId,
        destination.blockchainId,
        signal,
        transport,
    );
    return relayerSentences(reading, source.name, destination.name);
}
