/** ICM (Teleporter) messages followed across chains: ids, logs, the tracker. */
export * from './events';
export * from './messageId';
export * from './timeline';
export * from './trace';
export * from './directory';
export * from './query';
