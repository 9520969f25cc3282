/**
 * Warp messages: the decoding of a signed message (`decode.ts`) and the validators its signature
 * names (`validators.ts`).
 */
export * from './decode';
export * from './validators';
