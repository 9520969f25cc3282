/**
 * The only runtime door from the VS Code glue into `src/core`. Everything heavy (zod, the schemas,
 * the clients) is loaded here on first use, never at activation: the bundle maps this require to
 * `dist/core.js` (see esbuild.mjs). Elsewhere, import from core with `import type` only, or import
 * small zod-free modules directly.
 */
import type * as HoverOffline from '../core/hover/offlineEntry';
import type * as Core from '../core/index';

let core: typeof Core | undefined;
let hoverOffline: typeof HoverOffline | undefined;

/** Whether the core bundle is loaded already (a first use still pays for compiling it). */
export function coreLoaded(): boolean {
    return core !== undefined;
}

/** Loads the core bundle once. */
export function loadCore(): typeof Core {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    core ??= require('../core/index') as typeof Core;
    return core;
}

/**
 * What the first hover's offline part needs (finding and parsing the identifier, its offline
 * Markdown): the small `dist/hoverOffline.js`, about a tenth of the core bundle, so that the
 * offline part shows before the core is compiled. Once the core is loaded, its own copy serves.
 */
export function loadHoverOffline(): typeof HoverOffline {
    if (core) return core;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    hoverOffline ??= require('../core/hover/offlineEntry') as typeof HoverOffline;
    return hoverOffline;
}
