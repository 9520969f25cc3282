/**
 * The selected node's health, as the Node view's monitor last saw it. It lives here, below the
 * features, because the trees report it and the status bar shows it.
 */
export type NodeHealth =
    | { readonly kind: 'unknown' }
    | { readonly kind: 'checking' }
    | { readonly kind: 'healthy'; readonly detail?: string }
    | { readonly kind: 'unhealthy'; readonly detail: string }
    | { readonly kind: 'unreachable'; readonly detail: string };
