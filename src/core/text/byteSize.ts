/** Byte counts in words, for sentences that name a limit. */

/** A byte count in binary units, as limits are set: `16 MiB`, `512 KiB`. */
export function formatByteSize(bytes: number): string {
    const mib = 1024 * 1024;
    if (bytes >= mib && bytes % mib === 0) return `${bytes / mib} MiB`;
    if (bytes >= mib) return `${(bytes / mib).toFixed(1)} MiB`;
    if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
    return `${bytes} bytes`;
}
