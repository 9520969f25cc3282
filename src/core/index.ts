/**
 * The public core: everything here runs in plain Node, with no `vscode` import, and other tools
 * (tests, benchmarks, scripts) build on these names.
 */
export * from './http/errors';
export {
    HttpClient,
    type HttpClientOptions,
    type RateLimitQuota,
    type RetryPolicy,
    type CacheOptions,
} from './http/httpClient';
export * from './http/transport';
export * from './model/paging';
export * from './ids/cb58';
export * from './nodeRpc/helicon';
export * from './nodeRpc/heliconRefusal';
export * from './stakingText';
export * from './nodeRpc/methods';
export * from './nodeRpc/primarySchemas';
export * from './nodeRpc/schemas';
export {
    blockTagNames,
    logLevels,
    maxAliasLength,
    type BlockTag,
    type LogLevel,
} from './nodeRpc/params';
export * from './nodeRpc/rpcClient';
export { nodeEndpointPath, normaliseNodeUrl, refusesBatches } from './nodeRpc/endpoints';
export * from './nodeRpc/healthSchemas';
export * from './metrics';
export * from './nodeRpc/rpcUrl';
export * from './dataApi';
export * from './identifiers';
export * from './ids/scanCounters';
export * from './text/lineIndex';
export * from './knownIds';
export * from './local/localNetwork';
export * from './local/parseLocalFiles';
export * from './local/interchainKit';
export * from './format';
export * from './summaries';
export * from './query';
export * from './hover';
export * from './workspace';
export * from './workspace/knowledge';
export * from './workspace/anchors';
export { ParsePool, emptyKnowledge } from './workspace/parsePool';
export * from './workspace/workspaceKnowledge';
export * from './agent/tools';
export { markdownText, viewText } from './agent/text';
export * from './agent/standalone';
export * from './watch';
export * from './trace';
export * from './abi/format';
export type * from './abi/types';
export * from './icm';
export * from './text/inert';
export * from './http/origins';
