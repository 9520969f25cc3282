/**
 * What activation keeps of the palette queries and result panels: a thin handler per query
 * command and the panels' serializer. The queries themselves (prompt flows, exports, the
 * panel hosts) are built on first use from `queryFeature.ts`, which the bundle maps to
 * `dist/queries.js` (see esbuild.mjs), as `lazyCore.ts` does for the core bundle.
 */
import * as vscode from 'vscode';

import { Disposable } from '../platform/disposable';
import { loadTimed, runAfterStartup } from '../platform/lazyFeature';
import { log } from '../platform/log';
import { panelViewType } from './panelViewTypes';
import { StateKey } from './stateKeys';
import type { CommandHandler } from '../commands/runCommand';
import { QueryCommandId } from '../commands/queryCommandIds';
import type * as Feature from './queryFeature';

const logger = log.for('Queries');

/** How long after activation interrupted exports are followed again: startup goes first. */
const resumeDelayMs = 5_000;

/** True when a stored export was last seen running; read without the queries bundle. */
function hasRunningExport(state: vscode.Memento): boolean {
    const stored = state.get<unknown>(StateKey.Operations);
    return (
        Array.isArray(stored) &&
        stored.some(
            (o) =>
                typeof o === 'object' &&
                o !== null &&
                (o as { status?: unknown }).status === 'RUNNING',
        )
    );
}

export class LazyQueries extends Disposable {
    private loaded: Feature.QueryFeature | undefined;

    constructor(private readonly deps: Feature.QueryFeatureDeps) {
        super();
        // Registered now, not on load: VS Code restores panels only for view types that have a
        // serializer by the time it asks, which can be right after activation.
        this._register(
            vscode.window.registerWebviewPanelSerializer(panelViewType, {
                deserializeWebviewPanel: (panel, state: unknown) => {
                    try {
                        this.feature.panels.revive(panel, state);
                    } catch (error) {
                        logger.error('Restoring a panel failed', error);
                        panel.dispose();
                    }
                    return Promise.resolve();
                },
            }),
        );
        // An export still running when the window closed is followed to its end again; the
        // queries bundle loads for that only when there is one.
        if (hasRunningExport(deps.state)) {
            this._register(
                runAfterStartup(
                    resumeDelayMs,
                    logger,
                    'Following the running exports again failed',
                    () => this.feature.exports.resumeRunning(),
                ),
            );
        }
    }

    /** The queries and panels, built on first use. */
    get feature(): Feature.QueryFeature {
        this.loaded ??= loadTimed(logger, () => {
            // eslint-disable-next-line @typescript-eslint/no-require-imports
            const { QueryFeature } = require('./queryFeature') as typeof Feature;
            return this._register(new QueryFeature(this.deps));
        });
        return this.loaded;
    }

    // The parts of the queries, for other features and the integration tests (`QueryApi`); each
    // read loads them.
    get services(): Feature.QueryFeature['services'] {
        return this.feature.services;
    }

    get panels(): Feature.QueryFeature['panels'] {
        return this.feature.panels;
    }

    get commands(): Feature.QueryFeature['commands'] {
        return this.feature.commands;
    }

    get exports(): Feature.QueryFeature['exports'] {
        return this.feature.exports;
    }

    /** For the integration tests only (see `queriesTesting.ts`). */
    get testing(): Feature.QueryFeature['services']['testing'] {
        return this.feature.services.testing;
    }

    /** One handler per query command id, each loading the queries on its first run. */
    handlers(): Record<QueryCommandId, CommandHandler> {
        const handlers = {} as Record<QueryCommandId, CommandHandler>;
        for (const id of Object.values(QueryCommandId)) {
            handlers[id] = (...args: unknown[]) => this.feature.handlers[id](...args);
        }
        return handlers;
    }
}
