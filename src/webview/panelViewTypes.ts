/**
 * The webview view type of each panel kind. Kept apart from the host classes (`panels.ts`) so
 * that activation can register one serializer per kind (panels come back after a reload) without
 * loading the panel code, which lives in the lazily loaded `dist/queries.js`.
 */
import type { PanelKind } from '../shared/query';

export const PanelViewType = {
    transaction: 'avalanche.panel.transaction',
    address: 'avalanche.panel.address',
    block: 'avalanche.panel.block',
    token: 'avalanche.panel.token',
    primaryNetwork: 'avalanche.panel.primaryNetwork',
    subnets: 'avalanche.panel.subnets',
    signatures: 'avalanche.panel.signatures',
    node: 'avalanche.panel.node',
    generic: 'avalanche.panel.generic',
    operations: 'avalanche.panel.operations',
} as const satisfies Record<PanelKind, `avalanche.panel.${string}`>;
