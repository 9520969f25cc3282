/**
 * Builds links to the Avalanche explorer on the web from `avalanche.explorer.urlTemplate`.
 */
import type { Network } from './settingKeys';

export interface ExplorerTarget {
    readonly network: Network;
    /** Path of the item kind on the explorer, for example `c-chain/tx`, `p-chain/tx`, `validators`. */
    readonly kind: string;
    readonly id: string;
}

/**
 * Fills the template's placeholders. `{id}` is URL-encoded; `{kind}` keeps its slashes but each
 * segment is encoded, so neither can add a query or leave the template's host.
 */
export function buildExplorerUrl(template: string, target: ExplorerTarget): string {
    const values: Record<string, string> = {
        network: target.network,
        testnetSuffix: target.network === 'fuji' ? '-test' : '',
        kind: target.kind.split('/').filter(Boolean).map(encodeURIComponent).join('/'),
        id: encodeURIComponent(target.id),
    };
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
