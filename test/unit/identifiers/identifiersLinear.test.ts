import * as assert from 'node:assert/strict';

import { adversarialCases, mixedCorpus } from '../../../bench/identifiersBench';
import { clearIdentifierCache, findIdentifiers, identifierAt } from '../../../src/core/identifiers';
import { resetScanCounters, scanCounters } from '../../../src/core/ids/scanCounters';

// Work is counted, not timed: the scanner reports every character it reads (its own pass, each
// candidate check, hashing of cache keys, copies) and every checksum it computes. Linear means a
// constant number of reads per input character and checksums only on tokens of id length, however
// the input is built. The benchmark (bench/identifiersBench.ts) measures the speed.

/** Reads per input character that no input may exceed. */
const maxReadsPerChar = 8;
/** The shortest token that gets a checksum (`NodeID-` + 20) plus a separator. */
const minCharsPerChecksum = 28;

function countWork(text: string): { reads: number; checksums: number; found: number } {
    clearIdentifierCache();
    resetScanCounters();
    const found = findIdentifiers(text).length;
    return { reads: scanCounters.charReads, checksums: scanCounters.checksumChecks, found };
}

describe('(unit) identifiers linearity (counted work, not time)', () => {
    for (const size of [50_000, 200_000]) {
        for (const { name, text } of adversarialCases(size)) {
            it(`${size} characters of ${name}: bounded reads and checksums per character`, () => {
                const work = countWork(text);
                // A whole-text scan samples every 37th character at least.
                assert.ok(work.reads >= text.length / 37, `${work.reads} reads`);
                assert.ok(
                    work.reads <= maxReadsPerChar * text.length,
                    `${(work.reads / text.length).toFixed(2)} reads per character`,
                );
                assert.ok(
                    work.checksums <= text.length / minCharsPerChecksum,
                    `${work.checksums} checksums for ${text.length} characters`,
                );
            });
        }
    }

    it('a window is read word by word, every character once or a little more', () => {
        for (const { name, text } of adversarialCases(50_000)) {
            clearIdentifierCache();
            resetScanCounters();
            findIdentifiers(text, { from: 0, to: text.length });
            const perChar = scanCounters.charReads / text.length;
            assert.ok(perChar >= 1 && perChar <= maxReadsPerChar, `${name}: ${perChar.toFixed(2)}`);
        }
    });

    it('one giant word is read about once, whatever it is made of', () => {
        for (const text of [
            '0x' + 'ab'.repeat(100_000),
            'A1b2'.repeat(50_000),
            'P-avax1' + 'q'.repeat(200_000),
        ]) {
            const work = countWork(text);
            assert.equal(work.checksums, 0);
            assert.ok(work.reads <= 2.1 * text.length, `${work.reads} reads for ${text.length}`);
        }
    });

    it('the work per character does not grow with the size of the input', () => {
        const small = adversarialCases(20_000);
        const large = adversarialCases(320_000);
        small.forEach(({ name, text }, i) => {
            const perCharSmall = countWork(text).reads / text.length;
            const perCharLarge = countWork(large[i]!.text).reads / large[i]!.text.length;
            assert.ok(
                perCharLarge <= perCharSmall * 1.05 + 0.01,
                `${name}: ${perCharSmall} vs ${perCharLarge}`,
            );
        });
    });

    it('the mixed corpus stays well inside the bounds', () => {
        const corpus = mixedCorpus(300_000);
        const work = countWork(corpus);
        assert.ok(work.found > 300, `${work.found} identifiers`);
        assert.ok(
            work.reads <= 2 * corpus.length,
            `${(work.reads / corpus.length).toFixed(2)} reads per character`,
        );
    });

    it('a repeated id is hashed once, then answered from the cache', () => {
        const id = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
        clearIdentifierCache();
        resetScanCounters();
        const found = findIdentifiers(`${id} `.repeat(1000));
        assert.equal(found.length, 1000);
        // The first two sightings compute the checksum (the cache admits a token on its second).
        assert.equal(scanCounters.checksumChecks, 2);
        assert.equal(scanCounters.cacheHits, 998);
    });

    it('identifierAt reads a bounded neighbourhood, even inside a megabyte-long word', () => {
        const giant = 'x'.repeat(1_000_000);
        for (const text of [giant, `P-${giant}`, `${giant} 0x${'ab'.repeat(20)} ${giant}`]) {
            for (const offset of [0, 1, 500_000, text.length - 1, text.length]) {
                resetScanCounters();
                identifierAt(text, offset);
                assert.ok(
                    scanCounters.charReads <= 400,
                    `${scanCounters.charReads} reads at ${offset}`,
                );
            }
        }
        const line = `${giant} 0x${'ab'.repeat(20)} ${giant}`;
        assert.equal(identifierAt(line, 1_000_010)?.kind, 'evmAddress');
    });

    it('scanning a window of a huge text reads about the window, not the text', () => {
        const text = `${'word '.repeat(200_000)}0x${'cd'.repeat(20)}${' word'.repeat(200_000)}`;
        const at = text.indexOf('0x');
        resetScanCounters();
        const found = findIdentifiers(text, { from: at - 50, to: at + 50 });
        assert.equal(found.length, 1);
        assert.ok(scanCounters.charReads <= 1000, `${scanCounters.charReads} reads`);
    });
});
