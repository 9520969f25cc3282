/**
 * The `globalState` keys of the queries. Kept apart from `QueryServices` so that activation can
 * look for exports to follow again without loading the queries bundle (`lazyQueries.ts`).
 */
export const StateKey = {
    History: 'avalanche.query.history',
    RecentValues: 'avalanche.query.recentValues',
    Operations: 'avalanche.query.exportOperations',
} as const;
