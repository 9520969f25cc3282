/** The Data API / Metrics API client, its parameters, checks, wire schemas and domain types. */
export * from './curl';
export * from './dataApiClient';
export * from './enums';
export * from './model';
export * from './params';
export * from './responseFormat';
export * from './schemas';
export * from './validate';
