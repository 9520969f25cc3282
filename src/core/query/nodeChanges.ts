/**
 * Words for node-changing methods: the confirmation that names the node and says what will
 * happen, and the report of what changed afterwards (aliases added, logger levels before and
 * after, VMs loaded, profiles written). Also the text rule for notifications, which VS Code
 * renders with links: text from a node or the API must not become one.
 */
import type { LoadVmsResult, LoggerLevel } from '../nodeRpc/schemas';
import { inertNotice } from '../text/inert';

/** Text safe in a notification: no control or bidi characters, no `[label](target)` links. */
export function notificationText(value: unknown, maxLength = 300): string {
    return inertNotice(value, maxLength);
}

/** What a node-changing call will do, for its confirmation. */
export function confirmationText(
    method: string,
    texts: Readonly<Record<string, string>>,
    node: { readonly name: string; readonly url: string },
): { message: string; detail: string } {
    const t = (name: string): string => notificationText(texts[name] ?? '', 120);
    const where = `${node.name} (${node.url})`;
    const action = (() => {
        switch (method) {
            case 'admin.alias':
                return `make the API endpoint /ext/${t('endpoint')} also reachable at /ext/${t('alias')}`;
            case 'admin.aliasChain':
                return `give the blockchain ${t('chain')} the extra name "${t('alias')}"`;
            case 'admin.setLoggerLevel': {
                const parts = [
                    texts['logLevel'] ? `log level ${t('logLevel')}` : '',
                    texts['displayLevel'] ? `display level ${t('displayLevel')}` : '',
                ].filter((p) => p !== '');
                return `set ${parts.join(' and ')} for ${texts['loggerName'] ? `logger ${t('loggerName')}` : 'every logger'}`;
            }
            case 'admin.loadVMs':
                return 'load the VM plugins installed since it started';
            case 'admin.lockProfile':
                return 'write mutex statistics to lock.profile in its profile directory';
            case 'admin.memoryProfile':
                return 'write a heap profile to mem.profile in its profile directory';
            case 'admin.startCPUProfiler':
                return 'start CPU profiling (stop it with "Stop CPU Profiler"; it writes cpu.profile)';
            case 'admin.stopCPUProfiler':
                return 'stop CPU profiling and write cpu.profile in its profile directory';
            default:
                return `run ${notificationText(method, 100)}, which may change it`;
        }
    })();
    return {
        message: `${notificationText(method, 100)} changes the node ${where}.`,
        detail: `This will ${action}. The change applies to this node only and lasts until it restarts.`,
    };
}

function levelsOf(levels: readonly LoggerLevel[] | undefined): Map<string, LoggerLevel> {
    return new Map((levels ?? []).map((l) => [l.loggerName, l]));
}

/** What changed, in sentences, after a node-changing call succeeded. */
export function describeNodeChange(
    method: string,
    texts: Readonly<Record<string, string>>,
    result: unknown,
    evidence: {
        readonly nodeName: string;
        /** Logger levels read before and after `admin.setLoggerLevel`. */
        readonly levelsBefore?: readonly LoggerLevel[] | undefined;
        readonly levelsAfter?: readonly LoggerLevel[] | undefined;
        /** The chain's aliases read after `admin.aliasChain`. */
        readonly aliasesAfter?: readonly string[] | undefined;
    },
): string[] {
    const t = (name: string): string => notificationText(texts[name] ?? '', 120);
    const node = notificationText(evidence.nodeName, 100);
    switch (method) {
        case 'admin.alias':
            return [
                `On ${node}, /ext/${t('endpoint')} is now also reachable at /ext/${t('alias')}.`,
            ];
        case 'admin.aliasChain': {
            const aliases = evidence.aliasesAfter?.map((a) => notificationText(a, 60));
            return [
                `On ${node}, blockchain ${t('chain')} now also answers to "${t('alias')}".`,
                ...(aliases ? [`Its aliases are now: ${aliases.join(', ')}.`] : []),
            ];
        }
        case 'admin.setLoggerLevel': {
            const before = levelsOf(evidence.levelsBefore);
            const after = levelsOf(evidence.levelsAfter);
            const lines: string[] = [];
            for (const [name, now] of after) {
                const was = before.get(name);
                const changes: string[] = [];
                if (!was || was.logLevel !== now.logLevel)
                    changes.push(
                        `log ${was ? notificationText(was.logLevel, 20) : '?'} → ${notificationText(now.logLevel, 20)}`,
                    );
                if (!was || was.displayLevel !== now.displayLevel)
                    changes.push(
                        `display ${was ? notificationText(was.displayLevel, 20) : '?'} → ${notificationText(now.displayLevel, 20)}`,
                    );
                if (changes.length > 0)
                    lines.push(`${notificationText(name, 60)}: ${changes.join(', ')}`);
            }
            if (lines.length === 0) {
                return [`On ${node}, the logger levels were already as asked; nothing changed.`];
            }
            return [
                `On ${node}, ${lines.length} logger${lines.length === 1 ? '' : 's'} changed.`,
                ...lines.slice(0, 20),
            ];
        }
        case 'admin.loadVMs': {
            const r = result as LoadVmsResult;
            const loaded = r.newVms.map(
                (v) =>
                    `${notificationText(v.vmId, 60)}${v.aliases.length ? ` (${v.aliases.map((a) => notificationText(a, 40)).join(', ')})` : ''}`,
            );
            return [
                `On ${node}, ${r.newVms.length} new VM${r.newVms.length === 1 ? '' : 's'} loaded${r.failedVms.length ? `, ${r.failedVms.length} failed` : ''}.`,
                ...loaded.slice(0, 10),
                ...r.failedVms
                    .slice(0, 10)
                    .map(
                        (f) =>
                            `failed: ${notificationText(f.vmId, 60)}: ${notificationText(f.error, 120)}`,
                    ),
            ];
        }
        case 'admin.lockProfile':
            return [`${node} wrote its mutex statistics to lock.profile.`];
        case 'admin.memoryProfile':
            return [`${node} wrote a heap profile to mem.profile.`];
        case 'admin.startCPUProfiler':
            return [
                `${node} is now profiling its CPU use. Stop it with "Stop CPU Profiler" to write cpu.profile.`,
            ];
        case 'admin.stopCPUProfiler':
            return [`${node} stopped CPU profiling and wrote cpu.profile.`];
        default:
            return [`${notificationText(method, 100)} succeeded on ${node}.`];
    }
}

/** What this window knows of a node's CPU profiler (the admin API cannot report it). */
export type ProfilerRunState = 'running' | 'stopped';

/**
 * What a call tells of the CPU profiler's state, whoever made it (the Node view's actions, the
 * palette's node method commands, a raw JSON-RPC call): `admin.startCPUProfiler` leaves it
 * running, and so does its refusal because it already runs; `admin.stopCPUProfiler` leaves it
 * stopped, and so does its refusal because none runs. Anything else tells nothing (undefined).
 * `error` is the call's failure, if it failed.
 */
export function profilerStateAfter(method: string, error?: unknown): ProfilerRunState | undefined {
    let refusal: string | undefined;
    if (error !== undefined) {
        const { rpcMessage, message } = (error ?? {}) as {
            rpcMessage?: unknown;
            message?: unknown;
        };
        const text = typeof rpcMessage === 'string' ? rpcMessage : message;
        refusal = typeof text === 'string' ? text : '';
    }
    switch (method) {
        case 'admin.startCPUProfiler':
            return refusal === undefined || /already running/i.test(refusal)
                ? 'running'
                : undefined;
        case 'admin.stopCPUProfiler':
            return refusal === undefined || /doesn't exist|not running|not started/i.test(refusal)
                ? 'stopped'
                : undefined;
        default:
            return undefined;
    }
}
