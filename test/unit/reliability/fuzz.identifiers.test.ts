/**
 * Property-based fuzzing of the identifier detector (hovers run it on every line a person points
 * at, so it sees anything a file can hold): arbitrary Unicode, valid ids built from random bytes
 * by independent encoders (test/sandbox/ids.ts, on @scure/base and @noble/hashes), corrupted ids
 * and id-shaped noise. Nothing may throw; every report must be a whole word that an independent
 * checksum check agrees with; valid ids between separators are always found; and the work stays
 * linear, counted by the scanner's own counters rather than timed.
 *
 * Case counts: `FUZZ_RUNS`, or 100,000 per property in `npm run test:reliability`, or a few
 * thousand in `npm test`.
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';

import {
    findIdentifiers,
    type Identifier,
    identifierAt,
    parseIdentifier,
} from '../../../src/core/identifiers';
import { resetScanCounters, scanCounters } from '../../../src/core/ids/scanCounters';
import {
    bech32Address,
    checksumAddress,
    cb58Encode,
    isCb58Id,
    isNodeId,
    nodeIdFromBytes,
    parseChainAddress,
} from '../../sandbox/ids';
import { bytesToHex } from '../../sandbox/prng';
import { fuzzRuns, recorded } from '../../reliability/record';

/** Reads per input character no input may exceed (as in identifiersLinear.test.ts). */
const maxReadsPerChar = 8;
/** Fixed reads a short text may cost beyond that (the neighbourhood of one token). */
const readsSlack = 200;
/** The shortest token that gets a checksum (`NodeID-` + 20) plus a separator. */
const minCharsPerChecksum = 28;

const bytes20 = fc.uint8Array({ minLength: 20, maxLength: 20 });
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

const validId = fc.oneof(
    bytes20.map(checksumAddress),
    bytes20.map((b) => checksumAddress(b).toLowerCase()),
    bytes32.map((b) => bytesToHex(b)),
    bytes32.map(cb58Encode),
    bytes20.map(nodeIdFromBytes),
    fc
        .tuple(
            fc.constantFrom('P-', 'X-', 'C-', ''),
            fc.constantFrom('avax', 'fuji', 'local'),
            bytes20,
        )
        .map(([chain, hrp, b]) => `${chain}${bech32Address(hrp, b)}`),
);

/** One character of an id replaced by another character of the same alphabet. */
function corrupt(id: string, at: number, by: string): string {
    const i = 2 + (at % Math.max(1, id.length - 2));
    return id.slice(0, i) + by + id.slice(i + 1);
}

const separator = fc.constantFrom(
    ' ',
    '"',
    "'",
    '(',
    ')',
    ',',
    ';',
    '=',
    ':',
    '\n',
    '\t',
    '`',
    '/',
    '.',
    '[',
    ']',
);

const fragment = fc.oneof(
    { weight: 4, arbitrary: validId },
    {
        weight: 2,
        arbitrary: fc
            .tuple(validId, fc.nat(), fc.constantFrom('1', 'a', 'Z', 'x', '0', 'l', 'O', '_', '-'))
            .map(([id, at, by]) => corrupt(id, at, by)),
    },
    {
        weight: 2,
        arbitrary: fc.constantFrom(
            '0x',
            'NodeID-',
            'P-',
            'X-',
            'C-',
            'avax1',
            'fuji1',
            '\\n',
            '\\',
            '-',
            '_',
            'id: ',
            '\u202e',
            '\u0000',
            '\ud83d',
            '\ude00',
            '\ufeff',
        ),
    },
    { weight: 2, arbitrary: separator },
    { weight: 2, arbitrary: fc.stringMatching(/^[0-9a-fA-F]{1,80}$/) },
    { weight: 2, arbitrary: fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{1,80}$/) },
    { weight: 1, arbitrary: fc.stringMatching(/^[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{20,60}$/) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** What an independent implementation says about a reported identifier marked valid. */
function independentlyValid(id: Identifier): boolean {
    switch (id.kind) {
        case 'evmAddress': {
            const hex = id.text.slice(2);
            if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
            const bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
            return checksumAddress(bytes) === id.text;
        }
        case 'hash32':
            return /^0x[0-9a-fA-F]{64}$/.test(id.text);
        case 'cb58Id':
            return isCb58Id(id.text);
        case 'nodeId':
            return isNodeId(id.text);
        case 'pnAddress':
            return parseChainAddress(id.text) !== undefined;
    }
}

function checkText(text: string): { reads: number; checksums: number } {
    resetScanCounters();
    const found = findIdentifiers(text);
    const reads = scanCounters.charReads;
    const checksums = scanCounters.checksumChecks;
    assert.ok(
        reads <= maxReadsPerChar * text.length + readsSlack,
        `${reads} reads for ${text.length} characters`,
    );
    assert.ok(
        checksums <= text.length / minCharsPerChecksum + 1,
        `${checksums} checksums for ${text.length} characters`,
    );
    let last = -1;
    for (const id of found) {
        assert.ok(
            id.start > last && id.end > id.start && id.end <= text.length,
            'ordered, in bounds',
        );
        last = id.end;
        assert.equal(text.slice(id.start, id.end), id.text);
        if (id.checksum === 'valid') {
            assert.ok(independentlyValid(id), `reported valid but is not: ${id.kind} ${id.text}`);
        }
        const at = identifierAt(text, id.start);
        assert.deepEqual(at, id, `identifierAt(${id.start})`);
        if (!(id.kind === 'cb58Id' && id.broken)) {
            assert.equal(parseIdentifier(id.text)?.value, id.value, `re-parse ${id.text}`);
        }
    }
    return { reads, checksums };
}

describe('(unit) fuzz: identifier detector', function () {
    this.timeout(0);

    it('arbitrary text: no throw, whole-word reports confirmed by an independent checksum, linear work', async () => {
        const numRuns = fuzzRuns(3_000);
        await recorded('fuzz', 'identifier detector: arbitrary text', (progress) => {
            let chars = 0;
            let reads = 0;
            fc.assert(
                fc.property(fc.array(fragment, { maxLength: 24 }), fc.nat(), (parts, offset) => {
                    const text = parts.join('');
                    progress.cases++;
                    chars += text.length;
                    reads += checkText(text).reads;
                    // Any offset, including ones inside surrogate pairs and past the end.
                    const at = identifierAt(text, offset % (text.length + 2));
                    if (at)
                        assert.ok(at.start <= offset % (text.length + 2) && at.end <= text.length);
                }),
                { numRuns },
            );
            return {
                cases: progress.cases,
                detail: `${(reads / Math.max(1, chars)).toFixed(2)} reads per character`,
            };
        });
    });

    it('valid ids between separators are always found, with a valid checksum', async () => {
        const numRuns = fuzzRuns(2_000);
        await recorded('fuzz', 'identifier detector: valid ids are found', (progress) => {
            fc.assert(
                fc.property(
                    fc.array(fc.tuple(separator, validId), { minLength: 1, maxLength: 6 }),
                    separator,
                    (pairs, end) => {
                        progress.cases++;
                        const text = pairs.map(([s, id]) => s + id).join('') + end;
                        const found = findIdentifiers(text);
                        assert.deepEqual(
                            found.map((f) => f.text),
                            pairs.map(([, id]) => id),
                        );
                        for (const id of found) {
                            const plain = /^0x([0-9a-f]+|[0-9A-F]+)$/.test(id.text);
                            assert.equal(id.checksum, plain ? 'none' : 'valid', id.text);
                        }
                    },
                ),
                { numRuns },
            );
            return { cases: progress.cases };
        });
    });

    it('long lines built from repeated fragments: reads per character stay bounded', async () => {
        // A hundredth of the cases, each up to 40,000 characters: the same total volume.
        const numRuns = Math.max(20, Math.floor(fuzzRuns(3_000) / 100));
        await recorded('fuzz', 'identifier detector: long adversarial lines', (progress) => {
            let worst = 0;
            fc.assert(
                fc.property(
                    fc.array(fragment, { minLength: 1, maxLength: 6 }),
                    fc.integer({ min: 1_000, max: 40_000 }),
                    (parts, size) => {
                        progress.cases++;
                        const unit = parts.join('') || 'x';
                        const text = unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
                        const { reads } = checkText(text);
                        worst = Math.max(worst, reads / text.length);
                    },
                ),
                { numRuns },
            );
            return {
                cases: progress.cases,
                detail: `worst ${worst.toFixed(2)} reads per character`,
            };
        });
    });
});
