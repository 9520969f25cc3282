/**
 * Why a transaction reverted: its call tree decoded, where each failure began, and the Solidity
 * line of each failed call (see ARCHITECTURE.md, "A trace").
 */
export * from './artifactDebug';
export * from './callTree';
export * from './codeMatch';
export * from './fetch';
export * from './files';
export * from './frames';
export * from './precompiles';
export * from './revertSites';
export * from './sourceLines';
export * from './sourceMap';
export * from './unavailable';
export * from './why';
