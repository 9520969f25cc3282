/**
 * The one record of what this window did to each node's CPU profiler, by node URL: the admin API
 * can start and stop the profiler but not report it, so its state is only what the calls said
 * (`profilerStateAfter`). Both the Node view's profiler actions and the palette's node method
 * commands (and raw JSON-RPC calls) report here, so the view's menu offers the action that fits
 * whichever way the profiler was started or stopped.
 */
import * as vscode from 'vscode';

import type { ProfilerRunState } from '../core/index';
import { Disposable } from './disposable';

export interface ProfilerState {
    readonly state: ProfilerRunState;
    readonly sinceMs: number;
}

export class ProfilerStates extends Disposable {
    private readonly states = new Map<string, ProfilerState>();
    private readonly changed = this._register(new vscode.EventEmitter<string>());
    /** Fires with the node URL whose profiler state changed. */
    readonly onDidChange = this.changed.event;

    /** What is known of the profiler of the node at `url`. */
    get(url: string): ProfilerState | undefined {
        return this.states.get(url);
    }

    /** Records a state a call told (nothing when it told none). */
    set(url: string, state: ProfilerRunState | undefined): void {
        if (state === undefined) return;
        this.states.set(url, { state, sinceMs: Date.now() });
        this.changed.fire(url);
    }
}
