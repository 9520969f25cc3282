/** The watch list: targets, reads, the changes worth telling, and the polling policy. */
export * from './targets';
export * from './runway';
export * from './checks';
export * from './changes';
export * from './watchList';
export * from './panelTarget';
export * from './topUp';
export * from './icmCheck';
export * from './icmValidators';
