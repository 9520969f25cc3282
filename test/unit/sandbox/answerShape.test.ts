/**
 * How a recorded real-node answer is compared with another one (test/realnode/answerShape.ts),
 * for maps keyed by ids that differ between networks.
 */
import * as assert from 'node:assert/strict';

import { shapeDiff } from '../../realnode/answerShape';

describe('(unit) real-node answers compared by shape: maps keyed by ids', () => {
    // A node's health checks: the L1 chain's `vm` is an object, the C-Chain's null; Go writes the
    // keys sorted, so which comes first depends on the L1's random chain id.
    const recorded = { checks: { '2SrUX': { vm: { health: null } }, C: { vm: null } } };

    it('finds the recorded first entry among the others, whatever their order', () => {
        const now = { checks: { C: { vm: null }, N1eXw: { vm: { health: null } } } };
        assert.deepEqual(shapeDiff(recorded, now, '', ['checks'], false, 'the node'), []);
    });

    it('still names a difference no entry of the other answer explains', () => {
        const now = { checks: { C: { vm: null }, N1eXw: { vm: 'up' } } };
        assert.deepEqual(shapeDiff(recorded, now, '', ['checks'], false, 'the node'), [
            'checks.*.vm: recorded object, the node null',
        ]);
    });
});
