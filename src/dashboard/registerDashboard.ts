/**
 * The node dashboard's part of activation: the serializer (VS Code restores a dashboard after a
 * reload only for a view type that has one by the time it asks) and the command that opens it.
 * Nothing is read or scheduled until a dashboard is shown, and the panel itself
 * (`dashboardPanel.ts`) loads with the first one, as `dist/dashboardPanel.js` (see esbuild.mjs).
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import { Disposable } from '../platform/disposable';
import { log } from '../platform/log';
import type * as Panel from './dashboardPanel';
import type { DashboardDeps, NodeDashboardPanel } from './dashboardPanel';
import { dashboardViewType } from './dashboardViewType';

const logger = log.for('Dashboard');

let loaded: typeof Panel | undefined;

/** The panel class, loaded with the first dashboard shown or restored. */
function panels(): typeof NodeDashboardPanel {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded ??= require('./dashboardPanel') as typeof Panel;
    return loaded.NodeDashboardPanel;
}

export class Dashboards extends Disposable {
    constructor(private readonly deps: DashboardDeps) {
        super();
        this._register(
            vscode.window.registerWebviewPanelSerializer(dashboardViewType, {
                deserializeWebviewPanel: (panel, state: unknown) => {
                    try {
                        panels().revive(panel, state, deps);
                    } catch (error) {
                        logger.error('Restoring a dashboard failed', error);
                        panel.dispose();
                    }
                    return Promise.resolve();
                },
            }),
        );
        this._register({
            dispose: () => {
                // None was opened while the panel is not loaded.
                for (const panel of loaded?.NodeDashboardPanel.all() ?? []) panel.close();
            },
        });
    }

    /** Opens the dashboard of `url`, or of the selected node. */
    open(url?: string): NodeDashboardPanel {
        return panels().createOrShow(this.deps, url);
    }

    /** Every open dashboard (tests). */
    all(): NodeDashboardPanel[] {
        return loaded?.NodeDashboardPanel.all() ?? [];
    }

    handlers(): Record<typeof CommandId.OpenNodeDashboard, CommandHandler> {
        return {
            // From the Node view's title bar or the palette: the selected node. A string argument
            // (a test, a link) names another node.
            [CommandId.OpenNodeDashboard]: (arg?: unknown) => {
                this.open(typeof arg === 'string' && /^https?:\/\//.test(arg) ? arg : undefined);
            },
        };
    }
}
