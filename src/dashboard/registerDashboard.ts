/**
 * The node dashboard's part of activation: the serializer (VS Code restores a dashboard after a
 * reload only for a view type that has one by the time it asks) and the command that opens it.
 * Nothing is read or scheduled until a dashboard is shown.
 */
import * as vscode from 'vscode';

import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import { Disposable } from '../platform/disposable';
import { log } from '../platform/log';
import { type DashboardDeps, NodeDashboardPanel, dashboardViewType } from './dashboardPanel';

const logger = log.for('Dashboard');

export class Dashboards extends Disposable {
    constructor(private readonly deps: DashboardDeps) {
        super();
        this._register(
            vscode.window.registerWebviewPanelSerializer(dashboardViewType, {
                deserializeWebviewPanel: (panel, state: unknown) => {
                    try {
                        NodeDashboardPanel.revive(panel, state, deps);
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
                for (const panel of NodeDashboardPanel.all()) panel.close();
            },
        });
    }

    /** Opens the dashboard of `url`, or of the selected node. */
    open(url?: string): NodeDashboardPanel {
        return NodeDashboardPanel.createOrShow(this.deps, url);
    }

    /** Every open dashboard (tests). */
    all(): NodeDashboardPanel[] {
        return NodeDashboardPanel.all();
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
