/**
 * The commands that choose what the extension talks to: the network, the node, the Data API key.
 */
import { CommandId } from '../commands/commandIds';
import type { CommandHandler } from '../commands/runCommand';
import type { Config } from '../platform/config';
import type { Secrets } from '../platform/secrets';
import { clearDataApiKey, setDataApiKey } from './credentialCommands';
import { chooseNetwork, type LocalNetworkServices, showStatusMenu } from './networkCommands';
import { addNodeUrl, chooseNode, removeNodeUrl } from './nodeCommands';

export type ConnectionCommandId =
    | typeof CommandId.ChooseNetwork
    | typeof CommandId.ChooseNode
    | typeof CommandId.AddNodeUrl
    | typeof CommandId.RemoveNodeUrl
    | typeof CommandId.SetDataApiKey
    | typeof CommandId.ClearDataApiKey
    | typeof CommandId.ShowStatusMenu;

export function createConnectionCommandHandlers(
    config: Config,
    secrets: Secrets,
    local: LocalNetworkServices,
): Record<ConnectionCommandId, CommandHandler> {
    return {
        [CommandId.ChooseNetwork]: () => chooseNetwork(config, local),
        [CommandId.ChooseNode]: () => chooseNode(config, local.local),
        [CommandId.AddNodeUrl]: () => addNodeUrl(config),
        [CommandId.RemoveNodeUrl]: () => removeNodeUrl(config),
        [CommandId.SetDataApiKey]: () => setDataApiKey(secrets),
        [CommandId.ClearDataApiKey]: () => clearDataApiKey(secrets),
        [CommandId.ShowStatusMenu]: () => showStatusMenu(config, secrets),
    };
}
