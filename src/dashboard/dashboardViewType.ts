/**
 * The dashboard's webview view type. Kept apart from the panel (`dashboardPanel.ts`) so that
 * activation can register the serializer without loading the panel, which lives in the lazily
 * loaded `dist/dashboardPanel.js`.
 */
export const dashboardViewType = 'avalanche.nodeDashboard';
