/**
 * What the trees' rows summarise: genesis and config summaries, comparisons, timelines, the node snapshot, and a
 * network read through its node.
 */
export * from './evmConfig';
export * from './genesisSummary';
export * from './nodeNetwork';
export * from './nodeProblems';
export * from './nodeSnapshot';
export * from './primaryValidators';
export * from './search';
export * from './upgradeTimeline';
export * from './validatorDiff';
