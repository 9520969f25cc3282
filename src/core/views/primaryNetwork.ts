/**
 * The primary network's id, without `knownIds.ts` (which pulls in the base58 and hash libraries):
 * the VS Code layer imports this module at activation. A unit test keeps the two equal.
 */

/** The P-Chain's blockchain id, which is also the primary network's subnet id (ids.Empty). */
export const primaryNetworkId = '11111111111111111111111111111111LpoYY';
