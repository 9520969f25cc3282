/**
 * Counters of the identifier scanner's work (core/identifiers.ts and the parts it uses: the token
 * records, the EIP-55 checksum), so that tests and benchmarks can prove the scan linear without
 * timing it. Import-free: every part of the scan counts into the one object.
 */
/** Counters of the scanner's work, so tests can prove it linear without timing it. */
export interface ScanCounters {
    /** Characters read (an upper bound), by the scan itself and by every candidate check. */
    charReads: number;
    /** Checksums computed (keccak, sha256, bech32 polymod); cache hits compute none. */
    checksumChecks: number;
    /** Tokens answered from the per-token cache. */
    cacheHits: number;
}

/** Running totals since the last `resetScanCounters()`. */
export const scanCounters: ScanCounters = { charReads: 0, checksumChecks: 0, cacheHits: 0 };

/** Zeroes `scanCounters`. */
export function resetScanCounters(): void {
    scanCounters.charReads = 0;
    scanCounters.checksumChecks = 0;
    scanCounters.cacheHits = 0;
}
