/**
 * The door of `dist/hoverOffline.js`, what the first hover's offline part loads (through
 * `platform/lazyCore.ts`): finding and parsing the identifier, and its offline Markdown. The core
 * bundle holds the same modules for everything else.
 */
export { IDENT_RE, parseIdentifier, type Identifier } from '../identifiers';
export { offlineMarkdownFor, type OfflineContext } from './offline';
