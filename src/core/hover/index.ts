/** Hovers in plain Node: the live resolver, its cache, and the pure Markdown builders. */
export * from './cache';
export * from './calmError';
export * from './resolve';
export * from './types';
export * from './vms';
export * from './markdown';
export * from './markdownBuilder';
export * from './offlineMarkdown';
export * from './liveLinks';
export * from './workspaceFacts';
export * from './panelQuery';
export * from './engine';
export * from './offline';
