/**
 * The trace panel: a transaction's call tree as a table of frames in call order (indented by
 * depth, a page at a time), each with its contract, call, value, gas, outcome, events and the
 * Solidity line it failed on; the failure paths above it, root cause first, so that the frame
 * that failed first and the way it went up stand out whatever page is shown. Every string came
 * from the chain or the workspace's files and was made inert by the trace engine; the cells keep
 * it as text.
 */
import { formatValue } from '../../abi/format';
import type { DecodeResult } from '../../abi/types';
import { formatNumber } from '../../format';
import type { FrameSource } from '../../trace/sourceLines';
import type { TracePage, TraceRowItem } from '../trace';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import { amount, badge, cleanText, empty, fields, id, list, num, text } from '../cells';
import { col, type ResultBuilder, type ViewContext } from './types';

/** Deepest indentation drawn: deeper frames say their depth in the column instead. */
const maxIndent = 24;
/** Caught failures given a section of their own at most. */
const maxCaughtSections = 5;
/** Frames of one failure path listed at most (a failure passed up 1,024 calls). */
const maxPathRows = 64;
/** Events listed in a row at most (the Raw JSON has all). */
const maxRowEvents = 8;

function returnedText(result: DecodeResult | undefined): string | undefined {
    if (result?.status !== 'decoded') return undefined;
    const values = result.decoded.args.map((a) =>
        a.name === '' ? formatValue(a.value) : `${a.name}: ${formatValue(a.value)}`,
    );
    return values.length === 0 ? undefined : values.join(', ');
}

/** The "open the line" button of a frame, or why it has none. */
export function sourceCell(index: number, source: FrameSource | undefined): Cell {
    if (!source) return empty;
    if (source.status !== 'found') return text(`no line: ${source.reason}`);
    const { file, line, column, caution } = source.location;
    return {
        k: 'action',
        label: `${cleanText(file, 300)}:${line}:${column}${caution ? ' (may be off)' : ''}`,
        icon: 'go-to-file',
        action: { kind: 'openSource', frame: index },
    };
}

function outcomeCell(item: TraceRowItem): Cell {
    const { frame } = item;
    if (frame.frame.malformed !== undefined) return badge('malformed', 'warn');
    if (!frame.failure) return badge('ok', 'ok');
    const role =
        frame.role === 'root-cause'
            ? 'failed first'
            : frame.role === 'wrapped'
              ? 'failed with its own error'
              : frame.role === 'propagated'
                ? 'passed it on'
                : 'failed';
    return badge(
        item.onPath === 'caught' ? `${role} (caught)` : role,
        item.onPath === 'caught' ? 'warn' : 'error',
    );
}

function resultCell(item: TraceRowItem): Cell {
    const { frame } = item;
    if (frame.failure) return text(frame.failure.text);
    const returned = returnedText(frame.returned);
    if (returned !== undefined) return text(returned);
    return frame.frame.output.length > 2 ? id(frame.frame.output, undefined, 18, 8) : empty;
}

function callCell(item: TraceRowItem): Cell {
    const depth = item.frame.frame.depth;
    const indent = '· '.repeat(Math.min(depth, maxIndent));
    const deeper = depth > maxIndent ? `[${depth}] ` : '';
    const type = item.frame.frame.type ?? '?';
    return text(`${indent}${deeper}${type} ${item.frame.title}`);
}

function contractCell(item: TraceRowItem): Cell {
    const contract = item.frame.contract;
    const to = item.frame.frame.to;
    if (contract) return text(`${contract.name} · ${contract.detail}`);
    return to ? id(to, undefined, 8, 6) : empty;
}

function eventsCell(item: TraceRowItem): Cell {
    const events = item.frame.events;
    const shown = events.slice(0, maxRowEvents).map((e) => text(e.text));
    if (events.length > maxRowEvents) shown.push(text(`and ${events.length - maxRowEvents} more`));
    return list(shown);
}

function gasCell(item: TraceRowItem): Cell {
    const { gasUsed } = item.frame.frame;
    return gasUsed === undefined ? empty : num(gasUsed);
}

function valueCell(item: TraceRowItem, context: ViewContext): Cell {
    const value = item.frame.frame.value;
    if (value === '' || value === '0') return empty;
    const token = context.nativeToken ?? { symbol: 'AVAX', decimals: 18 };
    return amount(value, token.decimals, token.symbol);
}

function pathSection(
    page: TracePage,
    entry: TracePage['failures'][number],
    n: number,
    context: ViewContext,
): Section {
    const caught = entry.failure.caughtBy;
    const root = entry.path[0];
    const more =
        entry.path.length > maxPathRows
            ? ` The first ${maxPathRows} of its ${entry.path.length} calls are listed.`
            : '';
    return {
        title:
            caught === undefined
                ? 'Why it failed: the first failing call, then each caller it failed'
                : `Caught failure ${n}: the first failing call, up to the call that caught it`,
        note:
            caught === undefined
                ? more || undefined
                : `Frame #${caught} caught it and went on${root ? `; it began in ${cleanText(root.frame.title, 200)}` : ''}.${more}`,
        table: {
            columns: traceColumns,
            rows: entry.path.slice(0, maxPathRows).map((item) => traceRow(item, context)),
            empty: `No frames of ${page.hash}.`,
        },
    };
}

function stepTraceField(page: TracePage): Field[] {
    const outcome = page.stepTrace;
    switch (outcome.status) {
        case 'done':
            return fields([
                'Step trace',
                text(
                    `${formatNumber(outcome.steps)} steps read${outcome.cut ? ', cut short' : ''}`,
                ),
            ]);
        case 'skipped':
            return fields(['Solidity lines', text(`not looked for: ${outcome.reason}`)]);
        case 'failed':
            return fields(['Solidity lines', text(`none: ${outcome.reason}`)]);
    }
}

/** Columns of the frame tables. */
const traceColumns = [
    col('index', '#', 'end'),
    col('call', 'Call'),
    col('contract', 'Contract'),
    col('outcome', 'Outcome'),
    col('result', 'Returned or reverted'),
    col('line', 'Solidity line'),
    col('value', 'Value', 'end'),
    col('gas', 'Gas used', 'end'),
    col('events', 'Events'),
];

function traceRow(item: TraceRowItem, context: ViewContext): Cell[] {
    return [
        num(item.frame.frame.index),
        callCell(item),
        contractCell(item),
        outcomeCell(item),
        resultCell(item),
        sourceCell(item.frame.frame.index, item.source),
        valueCell(item, context),
        gasCell(item),
        eventsCell(item),
    ];
}

/** The one-line why of a trace: the root cause's error and its contract. */
export function traceWhy(page: TracePage): string | undefined {
    const own = page.failures.find((f) => f.failure.caughtBy === undefined);
    const root = own?.path[0];
    if (!root) return undefined;
    const where = root.frame.contract?.name ?? root.frame.frame.to ?? 'a new contract';
    const line =
        root.source?.status === 'found'
            ? ` at ${root.source.location.file}:${root.source.location.line}`
            : '';
    return `${root.frame.failure?.text ?? 'failed'} in ${where}${line}`;
}

/** The trace panel's builder. */
export const traceView: ResultBuilder = {
    columns: traceColumns,
    row(item, _request, context) {
        return traceRow(item as TraceRowItem, context);
    },
    header(result, _request, context) {
        const page = result as TracePage;
        const why = traceWhy(page);
        const caught = page.failures.filter((f) => f.failure.caughtBy !== undefined).length;
        // The transaction's own failure, then a few caught ones: a loop that catches a failure
        // each round would make a section per round.
        const own = page.failures.filter((f) => f.failure.caughtBy === undefined);
        const caughtShown = page.failures
            .filter((f) => f.failure.caughtBy !== undefined)
            .slice(0, maxCaughtSections);
        const sections: Section[] = [
            ...own.map((entry) => pathSection(page, entry, 0, context)),
            ...caughtShown.map((entry, i) => pathSection(page, entry, i + 1, context)),
        ];
        if (caught > caughtShown.length) {
            sections.push({
                title: 'More caught failures',
                note: `${formatNumber(caught - caughtShown.length)} more failed calls were caught on the way; the table of calls marks each.`,
            });
        }
        if (page.notes.length > 0) {
            sections.push({
                title: 'Notes',
                table: {
                    columns: [col('note', 'Note')],
                    rows: page.notes.map((note) => [text(note)]),
                },
            });
        }
        return {
            title: `Trace ${cleanText(page.hash).slice(0, 10)}…`,
            subtitle: `Call trace of ${cleanText(page.hash)} on chain ${cleanText(page.chainId)}`,
            notice:
                page.status === 'reverted'
                    ? { tone: 'error', text: `Reverted: ${cleanText(why ?? 'no call failed')}` }
                    : caught > 0
                      ? {
                            tone: 'warn',
                            text: `Succeeded, with ${caught} failed ${caught === 1 ? 'call' : 'calls'} caught on the way.`,
                        }
                      : undefined,
            fields: [
                ...fields(
                    ['Status', badge(page.status, page.status === 'reverted' ? 'error' : 'ok')],
                    ['Transaction', id(page.hash, undefined, 66, 0)],
                    ['Block', num(page.blockNumber)],
                    ['EVM chain id', text(page.chainId)],
                    ['Calls', num(page.frameCount)],
                    ['Why', text(why)],
                ),
                ...stepTraceField(page),
            ],
            sections,
            mainTitle: `Calls in order (${formatNumber(page.frameCount)}${page.cut ? ', cut' : ''})`,
            empty: 'The node returned no calls.',
        };
    },
};
