/**
 * Decoded contract calls, events and reverts: what the ABI decoder returns and the panels and
 * hovers show. Values keep their exact form (decimal strings for integers, hex for bytes) so that
 * nothing is rounded; names and strings come from the chain or the workspace and are hostile.
 */
import type { AbiEntry, Origin } from './entry';

/** One decoded value. */
export type DecodedValue =
    | { readonly k: 'address'; readonly value: string }
    /** Any intN/uintN, as a decimal string. */
    | { readonly k: 'int'; readonly type: string; readonly value: string }
    | { readonly k: 'bool'; readonly value: boolean }
    /**
     * bytes and bytesN, 0x-prefixed hex; `more` counts the bytes left out past the decoder's
     * bound on the text one result may hold.
     */
    | {
          readonly k: 'bytes';
          readonly type: string;
          readonly value: string;
          readonly more?: number | undefined;
      }
    /** `more` counts the UTF-16 code units left out past the decoder's bound on one string. */
    | { readonly k: 'string'; readonly value: string; readonly more?: number | undefined }
    /** Arrays; `more` counts the items left out past the decoder's bound. */
    | {
          readonly k: 'list';
          readonly type: string;
          readonly items: readonly DecodedValue[];
          readonly more?: number | undefined;
      }
    | { readonly k: 'tuple'; readonly type: string; readonly fields: readonly DecodedArg[] }
    /** An indexed event argument of a dynamic type: only its hash is on chain. */
    | { readonly k: 'hashed'; readonly type: string; readonly value: string };

export interface DecodedArg {
    /** The parameter's name from the ABI, or '' when it has none. */
    readonly name: string;
    readonly type: string;
    readonly value: DecodedValue;
}

/** A call, event or error matched to one ABI entry and decoded. */
export interface Decoded {
    readonly kind: 'function' | 'event' | 'error';
    readonly name: string;
    /** Canonical signature, `transfer(address,uint256)`. */
    readonly signature: string;
    readonly args: readonly DecodedArg[];
    /** Where the ABI entry came from (a workspace artifact, or the built-in table). */
    readonly origin: Origin;
    /** The candidate's group, for entries of the built-in table (`ERC-20`, `ICM TeleporterMessenger`). */
    readonly group?: string | undefined;
    /** Plain-text words on what the values mean, such as a panic code's reason. */
    readonly note?: string | undefined;
}

/** An ABI entry the decoder may try, with where it came from. */
export interface Candidate {
    readonly entry: AbiEntry;
    readonly origin: Origin;
    /** The standard or contract an entry of the built-in table belongs to, shown next to it. */
    readonly group?: string | undefined;
}

/** The outcome of decoding one call, log or revert. */
export type DecodeResult =
    | { readonly status: 'decoded'; readonly decoded: Decoded }
    /** Several different entries decode the same bytes: shown as ambiguous, never guessed. */
    | { readonly status: 'ambiguous'; readonly candidates: readonly Decoded[] }
    /** No entry is known for this selector or topic. */
    | { readonly status: 'unknown'; readonly selector: string }
    /** Entries are known but none decodes the bytes (wrong lengths, bad offsets). */
    | { readonly status: 'invalid'; readonly selector: string; readonly reason: string }
    /** Nothing to decode (empty input: a plain transfer; no revert data). */
    | { readonly status: 'empty' };
