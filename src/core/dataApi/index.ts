/** The Data API / Metrics API client, its endpoint table, parameters, wire schemas and domain types. */
export * from './curl';
export * from './dataApiClient';
export * from './endpoints';
export * from './enums';
export * from './model';
export * from './params';
export * from './responseFormat';
export * from './schemas';
// The parameter types themselves are for the endpoint table only.
export {
    isEvmAddress,
    isEvmChainIdOrBlockchainId,
    isEvmHash,
    type PageSizeLimit,
} from './validate';
