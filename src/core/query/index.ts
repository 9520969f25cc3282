/**
 * Palette queries and result panels, without VS Code: the command tables, prompt checks, view
 * builders, exports, history bounds and export-operation rules, plus the schemas of page messages.
 */
export * as cells from './cells';
export { cleanText } from './cells';
export * from './curl';
export * from './dataApiQueries';
export * from './exportRows';
export * from './exportAll';
export * from './history';
export * from './nodeChanges';
export * from './nodeQueries';
export * from './operations';
export * from './panels';
export * from './prompts';
export * from './results';
export * from '../../shared/pageMessageSchema';
export * from './run';
export * from './trace';
export { sourceCell, traceView, traceWhy } from './results/trace';
