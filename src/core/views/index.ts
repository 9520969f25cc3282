/** Pure view models behind the trees: summaries, comparisons, timelines and the node snapshot. */
export * from './evmConfig';
export * from './genesisSummary';
export * from './nodeProblems';
export * from './nodeSnapshot';
export * from './search';
export * from './upgradeTimeline';
export * from './validatorDiff';
