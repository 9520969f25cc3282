import * as assert from 'node:assert/strict';

import { balancedOrders } from '../../../bench/harness';

describe('(unit) bench: the running orders of interleaved contestants (bench/harness.ts)', () => {
    for (let n = 1; n <= 8; n++) {
        it(`${n} contestants: each in every position, and right after every other, equally often`, () => {
            const orders = balancedOrders(n);
            assert.equal(orders.length, n % 2 === 0 ? n : 2 * n);
            const atPosition = new Map<string, number>();
            const follows = new Map<string, number>();
            for (const order of orders) {
                assert.deepEqual(
                    [...order].sort((a, b) => a - b),
                    [...Array(n).keys()],
                );
                order.forEach((c, i) => {
                    atPosition.set(`${c}@${i}`, (atPosition.get(`${c}@${i}`) ?? 0) + 1);
                    if (i > 0)
                        follows.set(
                            `${order[i - 1]}>${c}`,
                            (follows.get(`${order[i - 1]}>${c}`) ?? 0) + 1,
                        );
                });
            }
            assert.equal(new Set(atPosition.values()).size, 1);
            assert.equal(atPosition.size, n * n);
            if (n > 1) {
                assert.equal(new Set(follows.values()).size, 1, JSON.stringify([...follows]));
                assert.equal(follows.size, n * (n - 1));
            }
        });
    }
});
