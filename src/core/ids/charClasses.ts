/**
 * The character tables of the identifier scanner (core/identifiers.ts): for every UTF-16 code
 * unit, whether it is a word character, a letter or digit, a hex digit of which case, a base58
 * character of which class, and a hex digit's value. One array lookup per character keeps the
 * scan's hot loops free of regular expressions and branches over ranges.
 */
import { base58Digit } from './base58';

/** Character codes the scanner compares with. */
export const codeDash = 45;
export const codeZero = 48;
export const codeOne = 49;
const codeBackslash = 92;
export const codeX = 120; // 'x'

/** 1 for `[A-Za-z0-9_]`, over every UTF-16 code unit so that the hot loop needs one lookup. */
export const wordChar = new Uint8Array(65536);
/** 1 for `[A-Za-z0-9]`. */
export const alnumChar = new Uint8Array(65536);
// Character classes as bits, so that a token's characters are checked with one OR per character.
export const notHex = 1;
export const hexLower = 2;
export const hexUpper = 4;
/** For each code unit: `notHex`, or the case of a hex letter (0 for digits). */
export const hexClass = new Uint8Array(65536).fill(notHex);
export const notBase58 = 1;
export const base58Digit1to9 = 2;
export const base58Upper = 4;
export const base58Lower = 8;
/** For each code unit: `notBase58`, or which class of base58 character it is. */
export const base58Class = new Uint8Array(65536).fill(notBase58);
/** Nibble value of a hex digit, or -1. */
export const hexValue = new Int8Array(65536).fill(-1);
for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (/[A-Za-z0-9]/.test(ch)) alnumChar[c] = 1;
    if (/\w/.test(ch)) wordChar[c] = 1;
    if (/[0-9a-fA-F]/.test(ch)) hexValue[c] = parseInt(ch, 16);
    if (/[0-9]/.test(ch)) hexClass[c] = 0;
    if (/[a-f]/.test(ch)) hexClass[c] = hexLower;
    if (/[A-F]/.test(ch)) hexClass[c] = hexUpper;
    if (base58Digit[c]! >= 0) {
        base58Class[c] = /[0-9]/.test(ch)
            ? base58Digit1to9
            : /[A-Z]/.test(ch)
              ? base58Upper
              : base58Lower;
    }
}

/** The character at `i` is a word character (`[A-Za-z0-9_]`). */
export function isWordAt(text: string, i: number): boolean {
    return wordChar[text.charCodeAt(i)] === 1;
}

/** An escape letter after a backslash (`\n`, `\r`, `\t`) ends the word before it, like a space. */
export function isEscapeLetterAt(text: string, i: number): boolean {
    const c = text.charCodeAt(i);
    return (
        (c === 110 || c === 114 || c === 116) && i > 0 && text.charCodeAt(i - 1) === codeBackslash
    );
}
