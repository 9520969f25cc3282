/**
 * Chooses the node while `avalanche.node.selectedUrl` is unset. The setting's old default, the
 * local node, made the first run on a machine without one an error (the Node view failed and the
 * status bar turned red, #40): unset now means the selected network's public node (see Config),
 * unless a local node answers on 127.0.0.1 or a running local network is found. The choice is made
 * once, when a view first shows (before that nothing asks a node), and told once, in the log and in
 * the Node view's description; never in a notification.
 */
import type { Config } from '../platform/config';
import { Disposable } from '../platform/disposable';
import type { LocalNetworks } from '../platform/localNetworks';
import { log } from '../platform/log';
import { nodeName } from '../platform/nodeCatalog';
import { settingId, SettingKey } from '../platform/settingKeys';

const logger = log.for('Node');

export class AutomaticNode extends Disposable {
    private choosing: Promise<void> | undefined;
    private shown = false;
    private readonly abort = new AbortController();

    constructor(
        private readonly config: Config,
        private readonly local: LocalNetworks,
    ) {
        super();
        this._register({ dispose: () => this.abort.abort() });
        // The user removed their node (or the node in use was removed from the list): choose
        // again, as on a first run.
        this._register(
            config.onDidChange([SettingKey.SelectedNodeUrl], () => {
                if (!this.config.nodeIsAutomatic) this.choosing = undefined;
                else if (this.shown) void this.viewShown();
            }),
        );
    }

    /**
     * A view became visible: looks for a local node if none was chosen, once each time the
     * setting is unset. Resolves when the choice is made.
     */
    viewShown(): Promise<void> {
        this.shown = true;
        // Kept only for an unset setting: a view shown while a node was chosen must not stand for
        // the look the first unset of the setting makes.
        if (!this.config.nodeIsAutomatic) return Promise.resolve();
        this.choosing ??= this.choose();
        return this.choosing;
    }

    private async choose(): Promise<void> {
        if (!this.config.nodeIsAutomatic) return;
        let found: string | undefined;
        try {
            const [networks, probed] = await Promise.all([
                this.local.list(),
                this.local.probe(this.abort.signal),
            ]);
            found = networks.flatMap((n) => n.nodes)[0]?.uri ?? probed[0]?.uri;
        } catch (error) {
            logger.warn('Looking for a local node failed', error);
        }
        if (this.isDisposed || !this.config.nodeIsAutomatic) return;
        this.config.setAutomaticNode(found);
        const url = this.config.get(SettingKey.SelectedNodeUrl);
        const name = nodeName(url, this.config.get(SettingKey.NodeUrls));
        logger.info(
            found
                ? `No node chosen (${settingId(SettingKey.SelectedNodeUrl)} unset): using ${url}, found on this machine.`
                : `No node chosen (${settingId(SettingKey.SelectedNodeUrl)} unset) and none found on this machine: using the ${name} (${url}). Choose another with "Avalanche: Choose Node…".`,
        );
    }
}
