/**
 * The fixtures of test/fixtures/realnode against the node running now: the same requests
 * (test/realnode/fixtureCases.ts), answered alike (test/realnode/answerShape.ts). The sandbox is
 * held to these recordings (test/unit/sandbox/sandbox.realnode.test.ts), so they must stay true to the
 * pinned AvalancheGo: a new version that answers differently fails here, and
 * test/realnode/record.ts records them again. Mocha loads files in name order, so this runs first,
 * on a network as fresh as the one the recorder used.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { ewoqAddress, repoRoot } from '../realnode/activity';
import { answerDifferences } from '../realnode/answerShape';
import {
    fill,
    fixtureGroups,
    send,
    type Fixture,
    placeholderValues,
} from '../realnode/fixtureCases';

import { realNetwork } from './setup';

describe('(node) the recorded fixtures still match the real node', function () {
    this.timeout(60_000);

    for (const [group, cases] of Object.entries(fixtureGroups)) {
        it(`(node) ${group}: every request answered as recorded`, async () => {
            const { info } = realNetwork();
            const values = placeholderValues(info, ewoqAddress);
            const file = path.join(repoRoot(), 'test/fixtures/realnode', `${group}.json`);
            const recorded = (JSON.parse(readFileSync(file, 'utf8')) as { fixtures: Fixture[] })
                .fixtures;
            assert.deepEqual(
                recorded.map((f) => f.name),
                cases.map((c) => c.name),
                `${group}: the cases changed since the recording (record again: test/realnode/record.ts)`,
            );
            const differences: string[] = [];
            // In order: some cases depend on the ones before (the CPU profiler started, then
            // started again).
            for (const fixture of recorded) {
                const now = await send(
                    info.uri,
                    fill(fixture.path, values),
                    fill(fixture.body, values),
                    fixture.method,
                );
                for (const line of answerDifferences(fixture, fixture.response, now, {
                    name: 'the node',
                })) {
                    differences.push(`${fixture.name}: ${line}`);
                }
            }
            assert.deepEqual(differences, []);
        });
    }
});
