/** ICM (Teleporter) messages followed across chains: ids, logs, the tracker. */
export * from './events';
export * from './messageId';
export * from './trace';
