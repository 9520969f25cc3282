/**
 * An ICM panel reads its message again while it is not final (delivered and executed, failed,
 * or receipted): every `icmPollMs` while the panel is visible, and once when a hidden panel whose
 * poll fell due is shown again. A final message, or a closed panel, stops it.
 */
import type * as vscode from 'vscode';

import type { QueryRequest } from '../shared/query';

/** How often an ICM panel reads a message that is not final yet. */
const icmPollMs = 10_000;

export class PanelPoll {
    /** The next poll of an ICM panel whose message is not final. */
    private timer: ReturnType<typeof setTimeout> | undefined;
    /** A poll fell due while the panel was hidden: it runs when the panel is shown. */
    private due = false;
    /** Polls run (tests). */
    private runs = 0;

    /**
     * @param panel the panel whose visibility decides when a poll runs
     * @param intervalMs the tests' shorter interval, when they set one (read at each schedule)
     * @param poll runs the panel's query again
     */
    constructor(
        private readonly panel: vscode.WebviewPanel,
        private readonly intervalMs: () => number | undefined,
        private readonly poll: () => void,
    ) {}

    /** Polls run so far. */
    get polls(): number {
        return this.runs;
    }

    /** Whether another poll is scheduled or due. */
    get polling(): boolean {
        return this.timer !== undefined || this.due;
    }

    /** After the panel's query answered: schedules the next poll unless the message is final. */
    schedule(query: QueryRequest, result: unknown): void {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.due = false;
        if (query.source !== 'icm' || (result as { final?: unknown }).final === true) return;
        const ms = this.intervalMs() ?? icmPollMs;
        this.timer = setTimeout(() => {
            this.timer = undefined;
            if (!this.panel.visible) {
                this.due = true;
                return;
            }
            this.runs++;
            this.poll();
        }, ms);
    }

    /** The panel's visibility changed: a poll that fell due while hidden runs now. */
    shown(visible: boolean): void {
        if (!visible || !this.due) return;
        this.due = false;
        this.runs++;
        this.poll();
    }

    dispose(): void {
        clearTimeout(this.timer);
    }
}
