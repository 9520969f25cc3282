/**
 * The chains and messenger the ICM unit suites share: a TeleporterMessenger address, the
 * C-Chain's and an L1's blockchain ids (as Teleporter's bytes32), and transaction hashes by number.
 */
import type { Hex } from 'viem';

import { blockchainIdHex } from '../../src/core';

export const messenger: Hex = '0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf';
export const cChainId = blockchainIdHex('yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp') as Hex;
export const l1Id = blockchainIdHex('2D8RG4UpSXbPbvPCAWppNJyqTG2i2CAXSkTgmTBBvs7GKNZjsY') as Hex;
/** The `n`th transaction hash: 0x, then `n` in 64 hex digits. */
export const txHash = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
