/**
 * The Solidity lines of a trace panel in the editor: "open the line" opens the file beside the
 * panel at the failing statement and marks it (a decoration whose hover message is the failure,
 * as plain text), until the file is closed or the panel that marked it is. The file and line come
 * from the host's own report, never from the page, and only a file inside the workspace opens
 * (`workspaceFileUri`).
 */
import * as vscode from 'vscode';

import type { FrameSource, TraceFrame, TracePage } from '../core/index';
import type { TraceQuery } from '../shared/query';
import { Disposable } from '../platform/disposable';
import { loadCore } from '../platform/lazyCore';
import { log } from '../platform/log';
import { workspaceFileUri } from '../platform/workspaceTraceFiles';

const logger = log.for('Panels');

/** Longest hover message of a mark. */
const maxMessageChars = 600;

interface Mark {
    /** The panel that made it (its key). */
    readonly owner: string;
    readonly range: vscode.Range;
    readonly message: string;
}

/** A place a trace names, as the host resolved it from its report. */
export interface TraceLinePlace {
    readonly file: string;
    readonly line: number;
    readonly column: number;
    readonly endLine: number;
    readonly endColumn: number;
    /** What failed there, for the mark's hover. */
    readonly message: string;
}

export class TraceLineMarks extends Disposable {
    private readonly decoration = this._register(
        vscode.window.createTextEditorDecorationType({
            isWholeLine: true,
            backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
            overviewRulerColor: new vscode.ThemeColor('editorError.foreground'),
            overviewRulerLane: vscode.OverviewRulerLane.Full,
        }),
    );
    /** Marks by document URI. */
    private readonly marks = new Map<string, Mark[]>();

    constructor() {
        super();
        this._register(
            vscode.window.onDidChangeVisibleTextEditors((editors) => {
                for (const editor of editors) this.apply(editor);
            }),
        );
        this._register(
            vscode.workspace.onDidCloseTextDocument((document) => {
                this.marks.delete(document.uri.toString());
            }),
        );
    }

    /**
     * Opens `place` beside the panel `owner` and marks its line. False (and a message) when the
     * file is not a workspace file on this disk.
     */
    async open(owner: string, place: TraceLinePlace): Promise<boolean> {
        const uri = await workspaceFileUri(place.file);
        if (!uri) {
            logger.warn('Refused to open a trace line outside the workspace');
            void vscode.window.showWarningMessage(
                vscode.l10n.t(
                    "{0} is not a file of this workspace: the trace's line cannot be opened.",
                    loadCore().cleanText(place.file, 200),
                ),
            );
            return false;
        }
        const document = await vscode.workspace.openTextDocument(uri);
        const line = Math.min(Math.max(place.line - 1, 0), Math.max(document.lineCount - 1, 0));
        const start = new vscode.Position(line, Math.max(place.column - 1, 0));
        const endLine = Math.min(Math.max(place.endLine - 1, line), document.lineCount - 1);
        const end = new vscode.Position(endLine, Math.max(place.endColumn - 1, 0));
        const range = document.validateRange(new vscode.Range(start, end));
        const editor = await vscode.window.showTextDocument(document, {
            viewColumn: vscode.ViewColumn.Beside,
            selection: new vscode.Range(range.start, range.start),
            preserveFocus: false,
        });
        editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        const key = document.uri.toString();
        const kept = (this.marks.get(key) ?? []).filter(
            (m) => !(m.owner === owner && m.range.start.line === range.start.line),
        );
        kept.push({ owner, range, message: place.message.slice(0, maxMessageChars) });
        this.marks.set(key, kept);
        for (const visible of vscode.window.visibleTextEditors) this.apply(visible);
        return true;
    }

    /** Removes the marks panel `owner` made (it closed). */
    clear(owner: string): void {
        for (const [key, marks] of this.marks) {
            const kept = marks.filter((m) => m.owner !== owner);
            if (kept.length === 0) this.marks.delete(key);
            else this.marks.set(key, kept);
        }
        for (const editor of vscode.window.visibleTextEditors) this.apply(editor);
    }

    /** The marked lines of a document (1-based), for the integration tests. */
    marked(uri: vscode.Uri): { line: number; message: string }[] {
        return (this.marks.get(uri.toString()) ?? []).map((m) => ({
            line: m.range.start.line + 1,
            message: m.message,
        }));
    }

    private apply(editor: vscode.TextEditor): void {
        const marks = this.marks.get(editor.document.uri.toString()) ?? [];
        editor.setDecorations(
            this.decoration,
            marks.map((m) => ({
                range: m.range,
                // Plain text: the failure is the chain's and the workspace's words, never markup.
                hoverMessage: new vscode.MarkdownString().appendText(m.message),
            })),
        );
    }
}

/** The place of frame `frame` of a trace panel's report, from the host's own kept report. */
export function tracePlace(
    query: TraceQuery,
    lastResult: unknown,
    frame: number,
): TraceLinePlace | undefined {
    const core = loadCore();
    const report = core.keptTraceReport(query);
    let found: { source: FrameSource; text: string } | undefined;
    if (report) {
        const decoded = report.frames[frame];
        const source = report.sources.get(frame);
        if (decoded && source) found = { source, text: placeMessage(decoded) };
    } else {
        const page = lastResult as TracePage | undefined;
        const items = [...(page?.items ?? []), ...(page?.failures ?? []).flatMap((f) => f.path)];
        const item = items.find((i) => i.frame.frame.index === frame);
        if (item?.source) found = { source: item.source, text: placeMessage(item.frame) };
    }
    if (found?.source.status !== 'found') return undefined;
    const { file, line, column, endLine, endColumn } = found.source.location;
    return { file, line, column, endLine, endColumn, message: found.text };
}

function placeMessage(frame: TraceFrame): string {
    const what = frame.failure?.text ?? 'failed';
    return `${frame.title}: ${what}`;
}
