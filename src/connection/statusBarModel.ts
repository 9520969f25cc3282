/**
 * What the status bar item shows, as a pure function of the settings and the node's health, so
 * the text and tooltip are unit-tested without VS Code.
 */
import { escapeMarkdown as escapeInline } from '../core/format';
import { inertLabel } from '../core/text/inert';
import type { NodeHealth } from '../platform/nodeHealth';
import { nodeName } from '../platform/nodeCatalog';
import { redactUrlSecrets } from '../platform/redact';
import type { Network, NodeEntry } from '../platform/settingKeys';

export interface StatusInput {
    readonly network: Network;
    readonly nodeUrl: string;
    readonly userNodes: readonly NodeEntry[];
    readonly dataApiUrl: string;
    readonly metricsApiUrl: string;
    readonly hasApiKey: boolean | undefined;
    readonly health: NodeHealth;
    /** The Data API's latest rate-limit quota in words, when an answer reported one. */
    readonly quota?: string | undefined;
    /**
     * The user chose the node (`avalanche.node.selectedUrl` is set). Only then does its failure
     * take the error colour: VS Code's status bar guidance keeps the error background for what the
     * user must act on, and a node the extension chose is not theirs to fix (#40).
     */
    readonly nodeChosen?: boolean;
}

export interface StatusView {
    /** Item text with `$(codicon)` syntax. */
    readonly text: string;
    /** Markdown tooltip; every value in it is escaped. */
    readonly tooltip: string;
    /** Screen-reader label. */
    readonly accessibilityLabel: string;
    readonly background?: 'warning' | 'error';
}

/**
 * The Avalanche mark: the product icon `contributes.icons` declares, a glyph of
 * media/icons/avalanche.woff (scripts/iconFont.py), so the item says whose it is without a word.
 */
const avalancheMark = '$(avalanche-mark)';

/** The node's state after its name; none while it is healthy or not checked yet. */
const healthIcons: Record<NodeHealth['kind'], string> = {
    unknown: '',
    checking: ' $(sync~spin)',
    healthy: '',
    unhealthy: ' $(warning)',
    unreachable: ' $(debug-disconnect)',
};

const healthWords: Record<NodeHealth['kind'], string> = {
    unknown: 'not checked yet',
    checking: 'checking…',
    healthy: 'healthy',
    unhealthy: 'unhealthy',
    unreachable: 'unreachable',
};

/** Longest value (a node's name, URL, version or error text) shown in the item or its tooltip. */
const maxValueChars = 200;

/**
 * A value for the Markdown tooltip: the inert rule every surface shares (one line, bounded,
 * bidi and invisible characters as markers) and Markdown escaping, `$(` of codicons included.
 */
export function escapeMarkdown(text: string): string {
    return escapeInline(text, { maxLength: maxValueChars });
}

/** A value for the item's text, which renders `$(icon)`: inert, bounded, icons escaped. */
function plainLabel(text: string): string {
    return inertLabel(text, 60);
}

export function renderStatus(input: StatusInput): StatusView {
    const node = nodeName(input.nodeUrl, input.userNodes);
    const { health } = input;
    const text = `${avalancheMark} ${input.network} · ${plainLabel(node)}${healthIcons[health.kind]}`;
    const healthLine =
        'detail' in health && health.detail
            ? `${healthWords[health.kind]}: ${health.detail}`
            : healthWords[health.kind];
    const keyLine =
        input.hasApiKey === undefined ? 'checking…' : input.hasApiKey ? 'set' : 'not set';
    const tooltip = [
        '**Avalanche Explorer**',
        '',
        `Network: ${escapeMarkdown(input.network)}`,
        '',
        `Node: ${escapeMarkdown(node)} — ${escapeMarkdown(redactUrlSecrets(input.nodeUrl))} (${escapeMarkdown(healthLine)})`,
        '',
        `Data API: ${escapeMarkdown(redactUrlSecrets(input.dataApiUrl))} (API key ${keyLine})`,
        '',
        ...(input.quota ? [`Data API quota: ${escapeMarkdown(input.quota)}`, ''] : []),
        `Metrics API: ${escapeMarkdown(redactUrlSecrets(input.metricsApiUrl))}`,
        '',
        'Click to choose the network or the node.',
    ].join('\n');
    const background =
        input.nodeChosen === false
            ? undefined
            : health.kind === 'unreachable'
              ? 'error'
              : health.kind === 'unhealthy'
                ? 'warning'
                : undefined;
    return {
        text,
        tooltip,
        accessibilityLabel: `Avalanche ${input.network}, node ${node}, ${healthWords[health.kind]}`,
        ...(background ? { background } : {}),
    };
}
