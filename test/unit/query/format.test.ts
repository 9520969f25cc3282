import * as assert from 'node:assert/strict';

import { amount, decimal, money, num } from '../../../src/core/query/cells';
import { toCsv } from '../../../src/core/query/exportRows';
import { formatShares } from '../../../src/core/stakingText';
import { describeQuota } from '../../../src/platform/quota';
import {
    agentNumberText,
    displayLocale,
    escapeMarkdown,
    formatLocalTime,
    formatNumber,
    localeFromEnvironment,
    setDisplayLocale,
    formatAmount,
    formatInteger,
    formatNAvax,
    formatPercent,
    formatTime,
    formatTimestamp,
    formatUnits,
    formatUsd,
    formatWei,
    isoTime,
    markdownCode,
    markdownLink,
    parseInteger,
    relativeTime,
    revealInvisible,
    safeLinkTarget,
    shortenId,
} from '../../../src/core/format';

describe('(unit) format: amounts', () => {
    it('formats units exactly, with every significant digit', () => {
        const cases: [string | bigint | number, number, string][] = [
            ['0', 18, '0'],
            [0n, 0, '0'],
            ['1', 18, '0.000000000000000001'],
            ['1500000000000000000', 18, '1.5'],
            ['1000000000000000000', 18, '1'],
            ['123456789', 9, '0.123456789'],
            ['1000000000', 9, '1'],
            ['42', 0, '42'],
            [-1500000000n, 9, '-1.5'],
            ['-1', 18, '-0.000000000000000001'],
            ['0x0de0b6b3a7640000', 18, '1'],
            [123, 2, '1.23'],
            // 2^256 - 1 wei: far beyond float precision, still exact.
            [
                (2n ** 256n - 1n).toString(),
                18,
                '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
            ],
        ];
        for (const [raw, decimals, expected] of cases) {
            assert.equal(formatUnits(raw, decimals), expected, `${String(raw)} / ${decimals}`);
        }
    });

    it('rounds half away from zero when asked for fewer digits, carrying into the whole part', () => {
        assert.equal(formatUnits('1499999999999999999', 18, { maxFractionDigits: 2 }), '1.5');
        assert.equal(formatUnits('1994999999999999999', 18, { maxFractionDigits: 2 }), '1.99');
        assert.equal(formatUnits('1995000000000000000', 18, { maxFractionDigits: 2 }), '2');
        assert.equal(formatUnits('-1995000000000000000', 18, { maxFractionDigits: 2 }), '-2');
        assert.equal(formatUnits('999999999', 9, { maxFractionDigits: 0 }), '1');
        assert.equal(formatUnits('1', 18, { maxFractionDigits: 4 }), '0');
        assert.equal(formatUnits('-1', 18, { maxFractionDigits: 4 }), '0', 'no "-0"');
        assert.equal(
            formatUnits('15', 1, { maxFractionDigits: 5 }),
            '1.5',
            'more digits than decimals',
        );
    });

    it('rejects input that is not an integer amount or bad decimals', () => {
        for (const raw of ['1.5', '', 'abc', '1e18', '0x', '--1', ' 12 3']) {
            assert.throws(() => formatUnits(raw, 18), RangeError, raw);
        }
        assert.throws(() => formatUnits(1.5, 2), RangeError);
        assert.throws(() => formatUnits(Number.MAX_SAFE_INTEGER + 2, 2), RangeError);
        assert.throws(() => formatUnits('1', -1), RangeError);
        assert.throws(() => formatUnits('1', 256), RangeError);
        assert.throws(() => formatUnits('1', 1.5), RangeError);
        assert.throws(() => formatUnits('1', 18, { maxFractionDigits: -1 }), RangeError);
        assert.equal(parseInteger(' 77 '), 77n, 'surrounding blanks are fine');
        assert.equal(parseInteger('-0x10'), -16n);
    });

    it('formats amounts for people: grouping, rounding, tiny values, symbols', () => {
        assert.equal(formatAmount('1234567890000', 9, 'AVAX'), '1,234.56789 AVAX');
        assert.equal(formatAmount('1234567890123456789012', 18, 'WAVAX'), '1,234.56789 WAVAX');
        assert.equal(formatAmount('0', 18, 'AVAX'), '0 AVAX');
        assert.equal(formatAmount('1', 18, 'AVAX'), '< 0.000001 AVAX');
        assert.equal(formatAmount('-1', 18), '> -0.000001');
        assert.equal(formatAmount('1', 18, 'AVAX', { maxFractionDigits: 0 }), '< 1 AVAX');
        assert.equal(formatAmount('-123456789000000', 6, 'USDC'), '-123,456,789 USDC');
        assert.equal(formatAmount('100', 0), '100');
        assert.equal(formatAmount('1000', 0), '1,000');
        assert.equal(
            formatAmount('not a number', 18, 'AVAX'),
            'not a number AVAX',
            'odd data shows as it came',
        );
        assert.equal(formatAmount('5', 300, 'X'), '5 X', 'bad decimals do not throw');
    });

    it('converts nAVAX (9 decimals) and wei (18 decimals) to AVAX', () => {
        assert.equal(formatNAvax('1000000000'), '1 AVAX');
        assert.equal(formatNAvax('2000000000000000'), '2,000,000 AVAX');
        assert.equal(formatNAvax(25_000_000n), '0.025 AVAX');
        assert.equal(formatWei('10000000000000000000'), '10 AVAX');
        assert.equal(
            formatWei('470000000000', 'AVAX', { maxFractionDigits: 9 }),
            '0.00000047 AVAX',
        );
        assert.equal(formatWei('470000000000'), '< 0.000001 AVAX');
        assert.equal(formatWei('1000000000000000000', 'ETH'), '1 ETH');
    });

    it('groups integers', () => {
        assert.equal(formatInteger(0), '0');
        assert.equal(formatInteger('1234567'), '1,234,567');
        assert.equal(formatInteger(-1234n), '-1,234');
        assert.equal(formatInteger('12.5'), '12.5');
    });
});

describe('(unit) format: ids, times, percentages', () => {
    it('shortens long ids in the middle and leaves short ones alone', () => {
        assert.equal(
            shortenId('0x3e9303f81be00b4af28515dab7b914bf3dbff209ea10e7071fa24d4af0a112d4', 6, 4),
            '0x3e93…12d4',
        );
        assert.equal(
            shortenId('2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM'),
            '2oYMBNV4…C6FByM',
        );
        assert.equal(shortenId('43114'), '43114');
        assert.equal(
            shortenId('abcdefghijk', 5, 5),
            'abcdefghijk',
            'one hidden character is not worth an ellipsis',
        );
        assert.equal(
            shortenId('😀😀😀😀😀😀😀😀😀😀', 2, 2),
            '😀😀…😀😀',
            'surrogate pairs are never split',
        );
    });

    it('writes relative times in English, past and future', () => {
        const now = 1_700_000_000_000;
        const at = (secondsAgo: number): string => relativeTime(now / 1000 - secondsAgo, now);
        assert.equal(at(0), 'just now');
        assert.equal(at(4), 'just now');
        assert.equal(at(30), '30 seconds ago');
        assert.equal(at(60), '1 minute ago');
        assert.equal(at(3 * 3600 + 59), '3 hours ago');
        assert.equal(at(2 * 86400), '2 days ago');
        assert.equal(at(14 * 86400), '2 weeks ago');
        assert.equal(at(65 * 86400), '2 months ago');
        assert.equal(at(800 * 86400), '2 years ago');
        assert.equal(at(-120), 'in 2 minutes');
        assert.equal(relativeTime(Number.NaN, now), '');
    });

    it('writes US dollars as en-US does, without loading ICU', () => {
        assert.equal(formatUsd(15169.13), '$15,169');
        assert.equal(formatUsd(12.5), '$12.50');
        assert.equal(formatUsd(1.005), '$1.01');
        assert.equal(formatUsd(-150.5), '-$150.50');
        assert.equal(formatUsd(Number.NaN), '');
        const values = [0, -0, 0.001, -0.001, 0.005, 2.675, 99.994, 99.995, 99.999, 100, 100.5];
        values.push(101.5, 711983.2, 123456789.49, 1e21, 1.5e22, -2e21, 5e-7);
        for (let i = 1; i < 2000; i++) values.push((i * 7919.37) % 10 ** (i % 9), -i / 997);
        for (const value of values) {
            const intl = value.toLocaleString('en-US', {
                style: 'currency',
                currency: 'USD',
                maximumFractionDigits: value >= 100 ? 0 : 2,
            });
            assert.equal(formatUsd(value), intl, String(value));
        }
    });

    it('writes large relative times with grouped digits', () => {
        const now = 1_700_000_000_000;
        assert.equal(relativeTime(now / 1000 - 1500 * 365 * 86400, now), '1,500 years ago');
        assert.equal(relativeTime(now / 1000 + 86400, now), 'in 1 day');
    });

    it('formats timestamps as en-US does in UTC plus the relative time, for an agent as ISO 8601', () => {
        const now = Date.UTC(2024, 0, 1);
        assert.equal(formatTimestamp(1648672486, now), 'Mar 30, 2022, 8:34:46 PM UTC (1 year ago)');
        assert.equal(formatTimestamp(0, now), 'Jan 1, 1970, 12:00:00 AM UTC (54 years ago)');
        assert.equal(
            formatTimestamp(1648672486, now, 'agent'),
            '2022-03-30T20:34:46Z (1 year ago)',
        );
        assert.equal(formatTimestamp(0, now, 'agent'), '1970-01-01T00:00:00Z (54 years ago)');
        // Written out without ICU, and the same as Intl's en-US (ICU may use U+202F before PM).
        const intl = new Intl.DateTimeFormat('en-US', {
            dateStyle: 'medium',
            timeStyle: 'long',
            timeZone: 'UTC',
        });
        for (let i = 0; i < 3000; i++) {
            const seconds = Math.floor(((i * 7919.37 * 86_400 * 3.7) % 4e9) - 1e9);
            assert.equal(
                formatTime(seconds),
                intl.format(seconds * 1000).replace(/\u202f/g, ' '),
                String(seconds),
            );
        }
        assert.equal(formatTime(Number.NaN), undefined);
        assert.equal(isoTime(1.5), '1970-01-01T00:00:01.500Z');
        assert.equal(formatTimestamp(Number.NaN, now), 'NaN');
        assert.equal(formatTimestamp(1e20, now), '100000000000000000000');
    });

    it('formats percentages, including AvalancheGo strings', () => {
        assert.equal(formatPercent(99.5), '99.50%');
        assert.equal(formatPercent('100.0000'), '100.00%');
        assert.equal(formatPercent(0.995, { fraction: true, fractionDigits: 1 }), '99.5%');
        assert.equal(formatPercent(0), '0.00%');
        assert.equal(formatPercent('abc'), 'n/a');
        assert.equal(formatPercent(''), 'n/a');
        assert.equal(formatPercent(Number.POSITIVE_INFINITY), 'n/a');
    });
});

describe('(unit) format: Markdown safety', () => {
    /** Markdown syntax characters that must never appear unescaped in the output. */
    function assertInert(output: string): void {
        // Remove every escaped character; what remains must hold no syntax at all.
        const bare = output.replace(/\\[\s\S]/g, '');
        assert.doesNotMatch(bare, /[\\`*_{}[\]()#+\-.!|~<>&:@]/, `unescaped syntax in ${output}`);
        assert.doesNotMatch(
            output,
            /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/u,
        );
    }

    it('escapes every Markdown construct in hostile text', () => {
        const hostile = [
            '[click me](command:workbench.action.terminal.new)',
            '[x](javascript:alert(1))',
            '<img src=x onerror=alert(1)>',
            '<script>alert(1)</script>',
            '**bold** _em_ `code` ~~strike~~',
            '# Heading',
            '| a | b |\n|---|---|',
            '![img](https://evil.example/x.png)',
            'https://evil.example/phish',
            'www.evil.example',
            'mail me: victim@evil.example',
            '&#91;entity&#93;&lt;b&gt;',
            '$(zap) theme icon',
            '> quote\n- list\n1. item',
            '<command:foo>',
            '\\[escaped already\\]',
        ];
        for (const text of hostile) {
            const out = escapeMarkdown(text);
            assertInert(out);
            // Unescaping gives back the text (with line breaks turned into spaces).
            assert.equal(out.replace(/\\([\s\S])/g, '$1'), text.replace(/\n/g, ' '), text);
        }
        assert.equal(escapeMarkdown('[a](command:x)'), '\\[a\\]\\(command\\:x\\)');
    });

    it('shows bidi and invisible characters as markers, removes controls, repairs lone surrogates (#18)', () => {
        // "Trojan source": an RLO override would show "exe.txt" as "txt.exe"; dropping it silently
        // would still let "A\u200BVAX" pass for "AVAX".
        assert.equal(escapeMarkdown('invoice\u202Etxt.exe'), 'invoice⟨U\\+202E⟩txt\\.exe');
        assert.equal(
            escapeMarkdown('a\u2066b\u2069c\u200Bd\uFEFFe\u200Ff\u061Cg').replace(/\\/g, ''),
            'a⟨U+2066⟩b⟨U+2069⟩c⟨U+200B⟩d⟨U+FEFF⟩e⟨U+200F⟩f⟨U+061C⟩g',
        );
        assert.equal(
            revealInvisible('\u202eevil.exe\u202c gnp.txt'),
            '⟨U+202E⟩evil.exe⟨U+202C⟩ gnp.txt',
        );
        assert.equal(revealInvisible('tag\u{E0041}'), 'tag⟨U+E0041⟩');
        assert.equal(
            escapeMarkdown('line1\nline2\r\nline3\u2028x\u2029y'),
            'line1 line2 line3 x y',
        );
        assert.equal(
            escapeMarkdown('tab\there\u0000nul\u0007bell\u001b[31mred\u0085'),
            'tab here nul bell \\[31mred ',
        );
        assert.equal(escapeMarkdown('bad \uD800 surrogate'), 'bad \uFFFD surrogate');
        assert.equal(escapeMarkdown('emoji 😀 ok'), 'emoji 😀 ok');
        assert.equal(escapeMarkdown('tag\u{E0041}chars'), 'tag⟨U\\+E0041⟩chars');
        assertInert(escapeMarkdown('\u202E[x](command:y)\u202C'));
    });

    it('cuts very long strings with an ellipsis, without splitting characters', () => {
        const long = 'A'.repeat(10_000);
        const out = escapeMarkdown(long);
        assert.equal(out.length, 256);
        assert.ok(out.endsWith('…'));
        assert.equal(escapeMarkdown('abcdef', { maxLength: 4 }), 'abc…');
        assert.equal(escapeMarkdown('😀😀😀😀😀', { maxLength: 3 }), '😀😀…');
        assert.equal(escapeMarkdown('[[[[', { maxLength: 3 }), '\\[\\[…', 'cut before escaping');
        assert.equal(escapeMarkdown('short'), 'short');
    });

    it('stringifies non-strings and leaves plain text readable', () => {
        assert.equal(escapeMarkdown(42), '42');
        assert.equal(escapeMarkdown(undefined), 'undefined');
        assert.equal(escapeMarkdown('Wrapped AVAX'), 'Wrapped AVAX');
        assert.equal(escapeMarkdown(''), '');
    });

    it('builds inline code that no backtick can break out of', () => {
        assert.equal(markdownCode('0xabc'), '`0xabc`');
        assert.equal(markdownCode('a`b'), '``a`b``');
        assert.equal(markdownCode('``x``'), '``` ``x`` ```');
        assert.equal(markdownCode('`'), '`` ` ``');
        assert.equal(markdownCode(''), '` `');
        assert.equal(markdownCode('x\n# y\u202E'), '`x # y⟨U+202E⟩`');
    });

    it('links only to http(s) targets; command: and javascript: become plain text', () => {
        assert.equal(safeLinkTarget('command:workbench.action.openSettings'), undefined);
        assert.equal(safeLinkTarget('javascript:alert(1)'), undefined);
        assert.equal(safeLinkTarget('JaVaScRiPt:alert(1)'), undefined);
        assert.equal(safeLinkTarget('file:///etc/passwd'), undefined);
        assert.equal(safeLinkTarget('data:text/html,<b>x</b>'), undefined);
        assert.equal(safeLinkTarget('/relative'), undefined);
        assert.equal(safeLinkTarget('https://snowtrace.io/tx/0x1'), 'https://snowtrace.io/tx/0x1');
        assert.equal(safeLinkTarget('https://x.example/a b(c)'), 'https://x.example/a%20b%28c%29');
        assert.equal(
            markdownLink('Explorer', 'https://snowtrace.io'),
            '[Explorer](https://snowtrace.io/)',
        );
        assert.equal(markdownLink('[evil](x)', 'command:foo'), '\\[evil\\]\\(x\\)');
        assert.equal(markdownLink('evil', 'javascript:alert(1)'), 'evil');
        assert.equal(
            markdownLink('](command:x) [', 'https://ok.example'),
            '[\\]\\(command\\:x\\) \\[](https://ok.example/)',
        );
    });
});

describe('(unit) format: the display locale', () => {
    afterEach(() => setDisplayLocale('en-US'));

    it('writes amounts and counts with en-US separators by default, exactly', () => {
        setDisplayLocale('en');
        assert.equal(displayLocale(), 'en-US');
        assert.equal(formatAmount('1234567890000', 9, 'AVAX'), '1,234.56789 AVAX');
        assert.equal(
            formatWei('123456789012345678901234567890', 'AVAX', { maxFractionDigits: 18 }),
            '123,456,789,012.34567890123456789 AVAX',
        );
        assert.equal(formatInteger('-1234567'), '-1,234,567');
        assert.equal(formatNumber(1234.56789, 4), '1,234.5679');
        assert.equal(formatPercent(99.5), '99.50%');
        assert.equal(formatUsd(15169.4), '$15,169');
        assert.equal(formatNAvax('1'), '< 0.000001 AVAX');
        assert.equal(formatLocalTime(Date.UTC(2022, 2, 30, 12, 0, 0)).includes('2022'), true);
        assert.equal(relativeTime(1_700_000_000 - 300, 1_700_000_000_000), '5 minutes ago');
    });

    it('writes times and relative times in German for a person, ISO 8601 and English for an agent', () => {
        setDisplayLocale('de-DE');
        const now = Date.UTC(2024, 0, 1);
        assert.equal(formatTimestamp(1648672486, now), '30.03.2022, 20:34:46 UTC (vor 1 Jahr)');
        assert.equal(relativeTime(now / 1000 - 300, now), 'vor 5 Minuten');
        assert.equal(relativeTime(now / 1000 + 2 * 86_400, now), 'in 2 Tagen');
        assert.equal(relativeTime(now / 1000 - 2, now), 'jetzt');
        assert.equal(relativeTime(now / 1000 - 1500 * 365 * 86_400, now), 'vor 1.500 Jahren');
        assert.equal(
            formatTimestamp(1648672486, now, 'agent'),
            '2022-03-30T20:34:46Z (1 year ago)',
        );
        assert.equal(
            relativeTime(now / 1000 - 1500 * 365 * 86_400, now, 'agent'),
            '1500 years ago',
        );
        assert.equal(
            formatAmount('1234567890000', 9, 'AVAX', { audience: 'agent' }),
            '1234.56789 AVAX',
        );
        assert.equal(formatInteger('-1234567', 'agent'), '-1234567');
        assert.equal(formatNumber(1234.56789, 4, 'agent'), '1234.5679');
        assert.equal(formatPercent(99.5, { audience: 'agent' }), '99.50%');
        assert.equal(formatUsd(15169.4, 'agent'), '$15169');
        assert.equal(formatNAvax('1', { audience: 'agent' }), '< 0.000001 AVAX');
        assert.equal(formatShares(125_000), '12,5%');
        assert.equal(formatShares(125_000, 'agent'), '12.5%');
        setDisplayLocale('fr');
        assert.equal(relativeTime(now / 1000 - 300, now), 'il y a 5 minutes');
    });

    it('writes them with de-DE separators when VS Code speaks German, still exact, raw values untouched', () => {
        // A money format made before the locale changed must not be reused after.
        assert.match(
            (money({ currencyCode: 'usd', value: 1234.5 }) as { text: string }).text,
            /1,234\.5/,
        );
        assert.equal(setDisplayLocale('de-DE'), 'de-DE');
        assert.equal(formatAmount('1234567890000', 9, 'AVAX'), '1.234,56789 AVAX');
        // 30 digits: a float would round them; the bigint arithmetic keeps every one.
        assert.equal(
            formatWei('123456789012345678901234567890', 'AVAX', { maxFractionDigits: 18 }),
            '123.456.789.012,34567890123456789 AVAX',
        );
        assert.equal(formatInteger('-1234567'), '-1.234.567');
        assert.equal(formatNumber(1234.56789, 4), '1.234,5679');
        assert.equal(formatNumber(-0.00001, 2), '0');
        assert.equal(formatPercent(99.5), '99,50%');
        assert.equal(formatUsd(12.5), '$12,50');
        assert.equal(formatNAvax('1'), '< 0,000001 AVAX');
        assert.equal(
            describeQuota({ remaining: 19850, limit: 20000, atMs: 0 }),
            '19.850 of 20.000 left',
        );
        const time = formatLocalTime(Date.UTC(2022, 2, 30, 12, 0, 0));
        assert.match(time, /30\.03\.2022/);
        // Panel cells: the text in the locale, the raw value (exports, copies) in plain digits.
        const balance = amount('1234567890000', 9, 'AVAX');
        assert.deepEqual(balance, { k: 'amount', text: '1.234,56789 AVAX', raw: '1234567890000' });
        assert.deepEqual(num(1234567), { k: 'num', text: '1.234.567', raw: '1234567' });
        assert.deepEqual(decimal(25.5, ' gwei'), { k: 'num', text: '25,5 gwei', raw: '25.5' });
        assert.match(
            (money({ currencyCode: 'usd', value: 1234.5 }) as { text: string }).text,
            /1\.234,5/,
        );
        assert.equal(
            toCsv([{ label: 'Balance' }, { label: 'Count' }] as never, [[balance, num(1234567)]]),
            'Balance,Count\r\n1234567890000,1234567\r\n',
        );
    });

    it('takes a tag Intl knows, and en-US for anything else', () => {
        assert.equal(setDisplayLocale('fr'), 'fr');
        assert.equal(formatInteger('1234567').replace(/\s/g, ' '), '1 234 567');
        assert.equal(setDisplayLocale('not a locale!'), 'en-US');
        assert.equal(setDisplayLocale(undefined), 'en-US');
        assert.equal(formatInteger('1234567'), '1,234,567');
    });

    it('gives a number written for a person back in plain digits for an agent, in every locale', () => {
        const textOf = (cell: ReturnType<typeof num>): string => ('text' in cell ? cell.text : '');
        const cases: [string, RegExp][] = [
            ['en-US', /^1,234,567\.891 AVAX$/],
            ['de-DE', /^1\.234\.567,891 AVAX$/],
            // French groups with a (narrow) no-break space, as ICU has it.
            ['fr', /^1\s234\s567,891 AVAX$/u],
        ];
        for (const [locale, personForm] of cases) {
            setDisplayLocale(locale);
            const person = `${formatNumber(1234567.891, 3)} AVAX`;
            assert.match(person, personForm, locale);
            assert.equal(agentNumberText(person), '1234567.891 AVAX', locale);
            // Separators beside words are not a number's and stay.
            assert.equal(agentNumberText('a, b. 1'), 'a, b. 1', locale);
            assert.match(
                agentNumberText(textOf(money({ value: 1234.5, currencyCode: 'usd' }))),
                /1234\.50?\b/,
                locale,
            );
            assert.equal(agentNumberText(textOf(num('12345'))), '12345', locale);
        }
        setDisplayLocale('en-US');
    });

    it('reads the MCP server’s locale from LC_ALL, LC_NUMERIC or LANG', () => {
        assert.equal(localeFromEnvironment({ LANG: 'de_DE.UTF-8' }), 'de-DE');
        assert.equal(localeFromEnvironment({ LC_ALL: 'pt_BR@euro', LANG: 'de_DE' }), 'pt-BR');
        assert.equal(localeFromEnvironment({ LC_ALL: 'C.UTF-8' }), undefined);
        assert.equal(localeFromEnvironment({ LANG: 'POSIX' }), undefined);
        assert.equal(localeFromEnvironment({}), undefined);
    });
});
