/**
 * The watch list's core: the runway of an L1 validator's balance under ACP-77's fee rules, the
 * checks on what may be watched, the changes worth telling, and the polling policy (intervals, the
 * request budget, 429 pauses, final items, the stored form read back as input).
 */
import * as assert from 'node:assert/strict';

import {
    RateLimitedError,
    WatchList,
    checkWatchTarget,
    describeChange,
    formatDuration,
    maxWatchItems,
    setDisplayLocale,
    validatorRunway,
    type WatchObservation,
    type WatchTarget,
} from '../../../src/core';

const mainnetFees = {
    capacity: '20000',
    target: '10000',
    minPrice: '512',
    excessConversionConstant: '1246488515',
};
const validationId = '2ZW6HUePBW2dP7dBGa5stjXe1uvK9LwEgrjebDwXEyL5bDMWWS';
const subnetId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

function observation(partial: Partial<WatchObservation>): WatchObservation {
    return { status: 'ok', summary: '', final: false, value: '', details: [], ...partial };
}

describe('(unit) watch: validator runway', function () {
    it('lasts balance / price at today’s fee', function () {
        const runway = validatorRunway('1000000000', '512', mainnetFees);
        assert.ok(runway);
        assert.equal(runway.atPriceSeconds, 1_000_000_000 / 512);
    });

    it('bounds the runway by the fastest rise and the floor of the price', function () {
        // One AVAX at twice the minimum price: the price can halve at most, and rise only as fast
        // as excess grows.
        const runway = validatorRunway('1000000000', '1024', mainnetFees)!;
        assert.ok(runway.soonestSeconds! < runway.atPriceSeconds);
        assert.ok(runway.latestSeconds! > runway.atPriceSeconds);
        assert.ok(runway.latestSeconds! < 1_000_000_000 / 512, 'never longer than at the floor');
        // The rising bound integrates to the balance: sum the price second by second.
        const a = (20_000 - 10_000) / 1_246_488_515;
        let spent = 0;
        for (let t = 0; t < Math.floor(runway.soonestSeconds!); t++)
            spent += 1024 * Math.exp(a * t);
        assert.ok(Math.abs(spent - 1e9) / 1e9 < 0.001, `spent ${spent}`);
    });

    it('cannot fall below the floor: at the minimum price the latest bound is today’s', function () {
        const runway = validatorRunway('5120000', '512', mainnetFees)!;
        assert.equal(runway.latestSeconds, runway.atPriceSeconds);
    });

    it('says nothing when no fee is charged', function () {
        assert.equal(validatorRunway('100', '0'), undefined);
        assert.equal(validatorRunway('100', 'x'), undefined);
    });

    it('words durations in the largest unit that says them', function () {
        assert.equal(formatDuration(3 * 86_400 + 3_600), '3.0 days');
        assert.equal(formatDuration(5 * 3_600 + 12 * 60), '5 h 12 min');
        assert.equal(formatDuration(45), '45 s');
        setDisplayLocale('de-DE');
        try {
            assert.equal(formatDuration(3 * 86_400 + 3_600), '3,0 days');
        } finally {
            setDisplayLocale('en-US');
        }
    });
});

describe('(unit) watch: what may be watched', function () {
    it('accepts each kind in its checked form', function () {
        const targets: WatchTarget[] = [
            { kind: 'l1Validator', network: 'fuji', validationId },
            { kind: 'l1', network: 'mainnet', subnetId },
            { kind: 'evmTx', network: 'mainnet', chainId: '43114', hash: `0x${'ab'.repeat(32)}` },
            {
                kind: 'evmAddress',
                network: 'local',
                chainId: '99999',
                address: `0x${'12'.repeat(20)}`,
            },
            { kind: 'pTx', network: 'fuji', txId: validationId },
            {
                kind: 'export',
                network: 'mainnet',
                operationId: '0b6b6ba4-3a1e-4d1d-9a7b-1f3b2c7a9e11',
            },
            { kind: 'node', url: 'http://127.0.0.1:9650' },
        ];
        for (const target of targets) {
            const checked = checkWatchTarget(target);
            assert.ok('target' in checked, JSON.stringify(checked));
        }
    });

    it('refuses broken ids, script URLs, credentials in URLs and unknown kinds, in words', function () {
        const bad: unknown[] = [
            { kind: 'l1Validator', network: 'fuji', validationId: `${validationId.slice(0, -1)}x` },
            { kind: 'node', url: 'javascript:alert(1)' },
            { kind: 'node', url: 'https://user:pw@example.com' },
            { kind: 'evmTx', network: 'mainnet', chainId: '0', hash: `0x${'ab'.repeat(32)}` },
            { kind: 'shell', command: 'rm -rf /' },
            { kind: 'l1', network: 'devnet', subnetId },
            'NodeID-foo',
            undefined,
        ];
        for (const value of bad) {
            const checked = checkWatchTarget(value);
            assert.ok('error' in checked, JSON.stringify(value));
            assert.match(checked.error, /^This cannot be watched/);
        }
    });
});

describe('(unit) watch: changes worth telling', function () {
    const tx: WatchTarget = {
        kind: 'evmTx',
        network: 'mainnet',
        chainId: '43114',
        hash: `0x${'cd'.repeat(32)}`,
        chainName: 'C-Chain',
    };
    const validator: WatchTarget = { kind: 'l1Validator', network: 'fuji', validationId, subnetId };
    const day = 86_400;

    it('tells a pending transaction accepted, once', function () {
        const pending = observation({ status: 'pending', value: 'pending', summary: 'pending' });
        const accepted = observation({
            status: 'done',
            value: 'accepted',
            summary: 'accepted in block 7',
            final: true,
        });
        assert.equal(describeChange(tx, pending, pending, day), undefined);
        const change = describeChange(tx, pending, accepted, day);
        assert.match(change!.text, /accepted in block 7/);
        assert.equal(change!.severity, 'info');
        assert.equal(describeChange(tx, accepted, accepted, day), undefined);
    });

    it('tells a node down as a warning and back as news', function () {
        const node: WatchTarget = { kind: 'node', url: 'http://127.0.0.1:9650', name: 'Local' };
        const up = observation({ value: 'up', summary: 'up' });
        const down = observation({ status: 'down', value: 'down', summary: 'down: refused' });
        assert.equal(describeChange(node, up, down, day)!.severity, 'warning');
        assert.match(describeChange(node, down, up, day)!.text, /is back/);
        assert.equal(describeChange(node, undefined, down, day), undefined);
    });

    it('tells a validator crossing the threshold, a top-up and running out, not its fee', function () {
        const at = (days: number, balance: string) =>
            observation({ value: `active:${balance}`, balance, runwaySeconds: days * day });
        assert.equal(describeChange(validator, at(5, '900'), at(4, '800'), 3 * day), undefined);
        const crossing = describeChange(validator, at(3.1, '700'), at(2.9, '650'), 3 * day);
        assert.equal(crossing!.severity, 'warning');
        assert.match(crossing!.text, /2\.9 days|2 h|of balance left/);
        assert.match(crossing!.text, new RegExp(subnetId));
        assert.equal(describeChange(validator, at(2.9, '650'), at(2.8, '640'), 3 * day), undefined);
        assert.match(
            describeChange(validator, at(2.8, '640'), at(9, '2000'), 3 * day)!.text,
            /topped up/,
        );
        const out = observation({
            status: 'failed',
            value: 'inactive:0',
            balance: '0',
            runwaySeconds: 0,
        });
        assert.match(describeChange(validator, at(0.1, '5'), out, 3 * day)!.text, /inactive/);
    });

    it('names the node and the L1 from the read when the target was added by validation id', function () {
        const bare: WatchTarget = { kind: 'l1Validator', network: 'fuji', validationId };
        const details = [
            { label: 'Node', value: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' },
            { label: 'L1', value: subnetId },
        ];
        const at = (days: number) =>
            observation({ value: 'active:5', balance: '5', runwaySeconds: days * day, details });
        const text = describeChange(bare, at(4), at(2), 3 * day)!.text;
        assert.match(text, /^L1 validator NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg of L1 /);
        assert.ok(text.includes(subnetId));
    });

    it('names the L1 of a validator watched by its validation id alone, from the P-Chain’s answer', function () {
        const byId: WatchTarget = { kind: 'l1Validator', network: 'fuji', validationId };
        const at = (days: number) =>
            observation({
                value: `active:${days}`,
                balance: '700',
                runwaySeconds: days * day,
                l1: subnetId,
            });
        const crossing = describeChange(byId, at(3.1), at(2.9), 3 * day);
        assert.match(crossing!.text, new RegExp(`of L1 ${subnetId}`));
    });

    it('tells a balance that moves, with its direction', function () {
        const address: WatchTarget = {
            kind: 'evmAddress',
            network: 'mainnet',
            chainId: '43114',
            address: `0x${'12'.repeat(20)}`,
        };
        const before = observation({
            value: '1000000000000000000',
            balance: '1000000000000000000',
            summary: '1 AVAX',
        });
        const after = observation({
            value: '1500000000000000000',
            balance: '1500000000000000000',
            summary: '1.5 AVAX',
        });
        assert.match(describeChange(address, before, after, day)!.text, /\+0\.5 AVAX/);
        assert.match(describeChange(address, after, before, day)!.text, /−0\.5 AVAX/);
    });
});

describe('(unit) watch: the polling policy', function () {
    function pendingTx(i: number): WatchTarget {
        return {
            kind: 'evmTx',
            network: 'mainnet',
            chainId: '43114',
            hash: `0x${i.toString(16).padStart(64, '0')}`,
        };
    }

    /** Runs the list on a virtual clock with reads that answer at once; returns requests a minute. */
    function simulate(
        list: WatchList,
        minutes: number,
        read: (t: WatchTarget) => WatchObservation,
    ) {
        const start = 0;
        let now = start;
        const end = start + minutes * 60_000;
        while (now < end) {
            for (const entry of list.takeDue(now))
                list.record(entry.key, read(entry.target), now, 86_400);
            const wake = list.nextWakeMs(now);
            if (wake === undefined) break;
            now = Math.max(now + 1, wake);
        }
        return list.spent / minutes;
    }

    it('keeps 100 pending transactions within the budget, and 10 at their own pace', function () {
        const pending = () => observation({ status: 'pending', value: 'pending' });
        const many = new WatchList({ requestsPerMinute: 30 }, 0);
        for (let i = 0; i < 100; i++) many.add(pendingTx(i), 0);
        const rate = simulate(many, 10, pending);
        assert.ok(rate <= 30 + 10 / 10, `100 items spent ${rate} a minute`);
        assert.ok(rate >= 25, `100 items should use the budget, spent ${rate}`);
        const few = new WatchList({ requestsPerMinute: 600 }, 0);
        for (let i = 0; i < 10; i++) few.add(pendingTx(i), 0);
        // Ten minutes: two at 4 s, then 15 s.
        const fewRate = simulate(few, 10, pending);
        assert.ok(fewRate < 10 * 15 && fewRate > 10 * 4, `10 items spent ${fewRate} a minute`);
    });

    it('believes a pending transaction gone only when two reads in a row miss it', function () {
        // A real Subnet-EVM node answers neither the transaction nor its receipt between
        // preferring its block and indexing it once accepted (test/node/watchList.test.ts).
        const pending = observation({ status: 'pending', value: 'pending', summary: 'pending' });
        const unknown = observation({ status: 'unknown', value: 'unknown', summary: 'not known' });
        const accepted = observation({
            status: 'done',
            value: 'accepted',
            summary: 'accepted in block 9',
            final: true,
        });
        const list = new WatchList({ requestsPerMinute: 600 }, 0);
        const key = list.add(pendingTx(1), 0).key;
        assert.equal(list.record(key, pending, 0, 86_400).change, undefined);
        assert.equal(list.record(key, unknown, 4_000, 86_400).change, undefined);
        assert.equal(list.get(key)?.observation?.value, 'pending', 'shown pending meanwhile');
        assert.equal(list.get(key)?.nextDueMs, 8_000, 'read again at its pace');
        assert.match(list.record(key, accepted, 8_000, 86_400).change!.text, /accepted/);

        const dropped = list.add(pendingTx(2), 0).key;
        list.record(dropped, pending, 0, 86_400);
        assert.equal(list.record(dropped, unknown, 4_000, 86_400).change, undefined);
        assert.match(list.record(dropped, unknown, 8_000, 86_400).change!.text, /not known/);
        // Unknown from the start is the starting point, not news.
        const never = list.add(pendingTx(3), 0).key;
        assert.equal(list.record(never, unknown, 0, 86_400).change, undefined);
        assert.equal(list.get(never)?.observation?.value, 'unknown');
    });

    it('stops reading an item once it is final', function () {
        const list = new WatchList({ requestsPerMinute: 60 }, 0);
        list.add(pendingTx(1), 0);
        simulate(list, 5, () => observation({ status: 'done', value: 'accepted', final: true }));
        assert.equal(list.spent, 1);
        assert.equal(list.nextWakeMs(10 * 60_000), undefined);
    });

    it('pauses every item of a service after a 429, for as long as it says', function () {
        const list = new WatchList({ requestsPerMinute: 60 }, 0);
        const a = list.add(pendingTx(1), 0).key;
        const b = list.add(pendingTx(2), 0).key;
        const node = list.add({ kind: 'node', url: 'http://127.0.0.1:9650' }, 0).key;
        list.takeDue(0);
        list.recordError(
            a,
            new RateLimitedError(
                'rate limited',
                'https://api.avax.network/ext/bc/C/rpc',
                'Too Many Requests',
                undefined,
                undefined,
                42_000,
                0,
                10,
            ),
            'rate limited',
            0,
        );
        assert.ok(list.get(b)!.nextDueMs >= 42_000);
        assert.ok(list.get(node)!.nextDueMs < 42_000, 'another service goes on');
    });

    it('backs off an item that keeps failing', function () {
        const list = new WatchList({ requestsPerMinute: 60 }, 0);
        const key = list.add({ kind: 'node', url: 'http://127.0.0.1:9650' }, 0).key;
        const gaps: number[] = [];
        for (let i = 0; i < 4; i++) {
            list.recordError(key, new Error('boom'), 'boom', 0);
            gaps.push(list.get(key)!.nextDueMs);
        }
        assert.deepEqual(gaps, [15_000, 30_000, 60_000, 120_000]);
    });

    it('holds at most the bound, and one entry per target', function () {
        const list = new WatchList({ requestsPerMinute: 60 }, 0);
        for (let i = 0; i < maxWatchItems; i++) assert.ok(list.add(pendingTx(i), 0).added);
        assert.equal(list.add(pendingTx(0), 0).added, false);
        assert.equal(list.add(pendingTx(maxWatchItems), 0).full, true);
    });

    it('reads its stored form back, dropping entries that do not parse', function () {
        const list = new WatchList({ requestsPerMinute: 60 }, 0);
        const key = list.add(pendingTx(1), 0).key;
        list.record(
            key,
            observation({ status: 'pending', value: 'pending', summary: 'pending' }),
            5,
            1,
        );
        const stored = list.toStored();
        const hostile = {
            ...stored,
            items: [
                ...stored.items,
                {
                    target: { kind: 'node', url: 'javascript:alert(1)' },
                    addedAtMs: 0,
                    final: false,
                    unseen: false,
                    history: [],
                },
                {
                    target: pendingTx(3),
                    addedAtMs: 0,
                    final: false,
                    unseen: false,
                    history: [],
                    observation: { status: 'pwned' },
                },
                'not an entry',
            ],
        };
        const copy = new WatchList({ requestsPerMinute: 60 }, 0);
        assert.deepEqual(copy.restore(JSON.parse(JSON.stringify(hostile)), 100), {
            restored: 1,
            dropped: 3,
        });
        assert.equal(copy.get(key)!.observation!.summary, 'pending');
        assert.equal(copy.get(key)!.nextDueMs, 100, 'read again at once after a reload');
        assert.deepEqual(new WatchList({ requestsPerMinute: 1 }, 0).restore({ version: 9 }, 0), {
            restored: 0,
            dropped: 0,
        });
    });
});
