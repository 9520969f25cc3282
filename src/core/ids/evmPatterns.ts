/**
 * The text forms of EVM ids, written once: every input box, send-time check, schema and hover link
 * that accepts a chain id, address or hash tests it with these. The module has no imports, so the
 * VS Code layer may read it at activation without loading zod or the hash libraries.
 */

/**
 * A decimal EVM chain id (EIP-155): no sign, no leading zero, at most 20 digits (a uint64 has 20).
 * See https://eips.ethereum.org/EIPS/eip-155.
 */
export const evmChainIdPattern = /^[1-9][0-9]{0,19}$/;

/** A decimal uint64 candidate (zero allowed, at most 20 digits); callers still compare with 2^64. */
export const decimalUint64Pattern = /^(0|[1-9][0-9]{0,19})$/;

/** A 20-byte EVM address as `0x` and 40 hex digits, either case (checksums are not required). */
export const evmAddressPattern = /^0x[0-9a-fA-F]{40}$/;

/** A 32-byte EVM hash (transaction, block or topic) as `0x` and 64 hex digits. */
export const evmHashPattern = /^0x[0-9a-fA-F]{64}$/;
