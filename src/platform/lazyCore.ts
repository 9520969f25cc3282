/**
 * The only runtime door from the VS Code glue into `src/core`. Everything heavy (zod, the schemas,
 * the clients) is loaded here on first use, never at activation: the bundle maps this require to
 * `dist/core.js` (see esbuild.mjs). Elsewhere, import from core with `import type` only, or import
 * small zod-free modules directly.
 */
import type * as Core from '../core/index';

let core: typeof Core | undefined;

/** Loads the core bundle once. */
export function loadCore(): typeof Core {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    core ??= require('../core/index') as typeof Core;
    return core;
}
