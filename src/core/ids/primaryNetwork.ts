/**
 * The primary network's well-known ids, in a module with no imports: the VS Code layer reads it
 * at activation without loading the base58 and hash libraries that `knownIds.ts` pulls in.
 */

/**
 * The P-Chain's blockchain id (AvalancheGo's `ids.Empty` in cb58), which is also the primary
 * network's subnet id; the same on mainnet, Fuji and local networks. See
 * https://build.avax.network/docs/api-reference/p-chain/api (`platform.getBlockchains`).
 */
export const pChainId = '11111111111111111111111111111111LpoYY';

/**
 * The EVM chain id of the primary network's C-Chain; 43112 is the C-Chain of AvalancheGo's local
 * network genesis (https://build.avax.network/docs/tooling/avalanche-cli/create-deploy-avalanche-l1s/deploy-locally).
 */
export function cChainEvmId(network: 'mainnet' | 'fuji' | 'local'): string {
    return network === 'mainnet' ? '43114' : network === 'fuji' ? '43113' : '43112';
}
