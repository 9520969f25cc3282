/**
 * Hostile-strings mode: free-text fields (names, symbols, descriptions, memos, versions, logger
 * names…) are replaced by text that breaks careless renderers: HTML and script, markdown command
 * links, `javascript:` URLs, control characters, bidi overrides and 10k-character strings. Ids,
 * addresses, hashes and enums are left alone so the data stays navigable.
 */

const longText = `${'A'.repeat(5000)}<b>long</b>\u202e${'Z'.repeat(5000)}`;

export const hostileStrings: readonly string[] = [
    '<img src=x onerror=alert(1)>',
    '<script>alert(document.cookie)</script>',
    '[click](command:workbench.action.terminal.new)',
    'javascript:alert(1)',
    'line1\nline2\r\n\u0000\u0007\u001b[31mred\u001b[0m',
    '\u202eevil.exe\u202c gnp.txt',
    '**bold** _it_ `code` <!-- comment --> &lt;&amp;&gt; ${process.env.HOME} {{7*7}}',
    longText,
    '"><svg/onload=alert(1)>',
    '[link](https://example.invalid "title") ![img](javascript:alert(1))',
];

/** Keys whose string values are free text in Data API and node responses. */
const freeTextKeys = new Set([
    'name',
    'symbol',
    'description',
    'blockchainName',
    'chainName',
    'methodName',
    'memo',
    'logoUri',
    'chainLogoUri',
    'explorerUrl',
    'imageUri',
    'animationUri',
    'externalUrl',
    'background',
    'attributes',
    'properties',
    'tokenUri',
    'version',
    'databaseVersion',
    'gitCommit',
    'networkName',
    'message',
]);

/** Objects whose keys are themselves free text (logger names, VM names). */
const freeTextKeyedMaps = new Set(['loggerLevels', 'vmVersions']);
/** Maps from a VM id to its names (info.getVMs, admin.loadVMs). */
const vmNameMaps = new Set(['vms', 'newVMs']);
const freeTextList = '\u0000names';
/** Objects whose contents are enums or ids even where a key looks like free text. */
const enumObjects = new Set(['chainInfo']);

/**
 * Rewrites free text in place, rotating through the hostile strings from `start`, and returns the
 * value. The rotation is deterministic, so two identical requests give identical bodies.
 */
export function makeHostile(value: unknown, start = 0): unknown {
    let counter = start;
    const nextText = (): string => hostileStrings[counter++ % hostileStrings.length]!;
    const visit = (node: unknown, parentKey: string): unknown => {
        if (Array.isArray(node)) {
            for (let i = 0; i < node.length; i++) {
                const item: unknown = node[i];
                if (typeof item === 'string') {
                    if (parentKey === freeTextList) node[i] = nextText();
                } else node[i] = visit(item, parentKey);
            }
            return node;
        }
        if (node === null || typeof node !== 'object') return node;
        if (enumObjects.has(parentKey)) return node;
        const record = node as Record<string, unknown>;
        if (freeTextKeyedMaps.has(parentKey)) {
            const out: Record<string, unknown> = {};
            for (const [key, inner] of Object.entries(record)) {
                out[nextText() + key] = typeof inner === 'string' ? nextText() : visit(inner, key);
            }
            return out;
        }
        const namesMap = vmNameMaps.has(parentKey);
        for (const [key, inner] of Object.entries(record)) {
            if (namesMap && Array.isArray(inner)) {
                record[key] = visit(inner, freeTextList);
            } else if (typeof inner === 'string') {
                if (freeTextKeys.has(key)) record[key] = nextText();
            } else if (inner !== null && typeof inner === 'object') {
                record[key] = visit(inner, key);
            }
        }
        return record;
    };
    return visit(value, '');
}
