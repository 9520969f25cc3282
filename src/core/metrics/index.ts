/** A node's metrics: the Prometheus text reader, the dashboard's charts and their history. */
export * from './history';
export * from './keyMetrics';
export * from './nodeMetrics';
export * from './prometheus';
export * from './relayer';
