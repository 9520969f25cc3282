/**
 * The door of `dist/treeSources.js` (see esbuild.mjs): the four views' sources and the drawing of
 * their rows, which `registerTrees.ts` loads on the first rows a view asks for, so that activation
 * carries only the views, their providers and the node monitor. Everything they fetch comes from
 * the core bundle, so no row is drawn before one of them asks for this one.
 */
export { ChainsSource } from './chainsSource';
export { NodeSource } from './nodeSource';
export { renderRow } from './renderRow';
export { SubnetsSource } from './subnetsSource';
export { tooltipFor } from './tooltips';
export { useTreeTranslator } from './treeL10n';
export { ValidatorsSource } from './validatorsSource';
