/**
 * Removes credentials from text before it is logged or shown. Pure, so the patterns are unit-tested.
 */

export const redactedMarker = '[redacted]';

/** Secrets shorter than this are not searched for: replacing two letters everywhere helps no one. */
const minSecretLength = 6;

function escapeRegExp(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Replaces every occurrence of a known secret value, and the value after any of `headerNames` in
 * `name: value`, `"name": "value"` and `name=value` forms (headers dumped in logs, JSON, query
 * strings), with {@link redactedMarker}.
 */
export function redact(
    text: string,
    secrets: Iterable<string>,
    headerNames: Iterable<string>,
): string {
    let out = text;
    for (const secret of secrets) {
        if (secret.length >= minSecretLength) out = out.split(secret).join(redactedMarker);
    }
    for (const name of headerNames) {
        if (name.length === 0) continue;
        const re = new RegExp(
            `(${escapeRegExp(name)}["']?\\s*[:=]\\s*["']?)(?!\\[redacted\\])[^\\s"',;&}]+`,
            'gi',
        );
        out = out.replace(re, `$1${redactedMarker}`);
    }
    return out;
}
