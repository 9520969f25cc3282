/** The Data API and Metrics API wire schemas, grouped by endpoint family; each group is built lazily. */
export * from './evm';
export * from './kit';
export * from './metrics';
export * from './primaryNetwork';
