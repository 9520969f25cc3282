/**
 * The P-Chain id under the name the tree imports it by; the value lives in `core/ids/primaryNetwork.ts`,
 * which loads nothing, so the VS Code layer can still import this at activation.
 */
export { pChainId as primaryNetworkId } from '../ids/primaryNetwork';
