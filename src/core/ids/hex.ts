/**
 * Bytes as `0x` and lower-case hex: the form Solidity code, the Data API's `validationIdHex` and
 * AvalancheGo's JSON give byte strings in.
 */
import { hex } from '@scure/base';

export function bytesToHex(bytes: Uint8Array): string {
    return `0x${hex.encode(bytes)}`;
}
