/**
 * Property-based check of the settings policy (`settingsPolicy.ts`) that decides whether a
 * workspace may change where requests and the API key go. Arbitrary layers, trust states,
 * stored consents (including consents for other workspaces, other settings and other values):
 *
 * - in an untrusted workspace a restricted key never takes a workspace value;
 * - in a trusted one it takes a workspace value only when that exact value was allowed for this
 *   workspace and setting, repeats the user's value, or names a destination the user already has;
 *   otherwise the user's value is used and the question is asked, naming the exact value;
 * - unrestricted keys follow VS Code's precedence whatever the trust state.
 *
 * This is where the untrusted case is covered: the extension-host tiers run with workspace trust
 * disabled (see test/integration/security.test.ts).
 */
import * as assert from 'node:assert/strict';

import * as fc from 'fast-check';

import { SettingKey } from '../../../src/platform/settingKeys';
import {
    type Consent,
    consentKey,
    type InspectedLayers,
    resolveSetting,
    sameValue,
} from '../../../src/platform/settingsPolicy';
import { fuzzRuns, recorded } from '../../reliability/record';

const urls = [
    'https://data-api.avax.network',
    'http://127.0.0.1:9650',
    'https://collector.example.net',
    'http://10.0.0.5:9650',
];
const scopes = ['file:///home/me/project', 'file:///home/me/other', undefined];
const keys = [
    SettingKey.DataApiUrl,
    SettingKey.SelectedNodeUrl,
    SettingKey.MetricsApiUrl,
    SettingKey.DataApiKeyHeader,
];

describe('(unit) fuzz: settings policy for request-routing settings', function () {
    this.timeout(0);

    it('a workspace value is used only when trusted and allowed (or harmless); never when untrusted', async () => {
        const numRuns = fuzzRuns(3_000);
        const layer = fc.option(fc.constantFrom(...urls), { nil: undefined });
        const arbitrary = fc.record({
            key: fc.constantFrom(...keys),
            layers: fc.record({
                defaultValue: layer,
                globalValue: layer,
                workspaceValue: layer,
                workspaceFolderValue: layer,
            }),
            restricted: fc.boolean(),
            trusted: fc.boolean(),
            scope: fc.constantFrom(...scopes),
            known: fc.boolean(),
            consents: fc.array(
                fc.tuple(
                    fc.constantFrom(...scopes),
                    fc.constantFrom(...keys),
                    fc.constantFrom(...urls),
                    fc.constantFrom<Consent>('allow', 'deny'),
                ),
                { maxLength: 4 },
            ),
        });
        await recorded(
            'trust',
            'settings policy: trusted/untrusted × consents (property)',
            (progress) => {
                fc.assert(
                    fc.property(arbitrary, (c) => {
                        progress.cases++;
                        const stored = new Map(
                            c.consents.map(([s, k, v, a]) => [consentKey(s, k, v), a]),
                        );
                        const layers: InspectedLayers<string> = c.layers;
                        const result = resolveSetting({
                            key: c.key,
                            layers,
                            fallback: 'https://fallback.invalid',
                            restricted: c.restricted,
                            trusted: c.trusted,
                            scope: c.scope,
                            consentFor: (k) => stored.get(k),
                            isKnownDestination: () => c.known,
                        });
                        const workspace = layers.workspaceFolderValue ?? layers.workspaceValue;
                        const user =
                            layers.globalValue ?? layers.defaultValue ?? 'https://fallback.invalid';
                        const fromWorkspace =
                            result.source === 'workspace' || result.source === 'workspaceFolder';
                        if (workspace === undefined) {
                            assert.equal(result.value, user);
                            assert.ok(!fromWorkspace);
                            return;
                        }
                        if (!c.restricted) {
                            assert.equal(result.value, workspace);
                            return;
                        }
                        if (!c.trusted) {
                            assert.ok(!fromWorkspace, 'untrusted: a workspace value was used');
                            assert.equal(result.value, user);
                            assert.equal(result.ignoredWorkspaceValue, 'untrusted');
                            assert.equal(result.ask, undefined, 'untrusted: nothing to ask');
                            return;
                        }
                        const consent = stored.get(consentKey(c.scope, c.key, workspace));
                        const harmless = sameValue(workspace, user) || c.known;
                        if (fromWorkspace) {
                            assert.equal(result.value, workspace);
                            assert.ok(
                                harmless || consent === 'allow',
                                'a workspace value used without consent',
                            );
                        } else {
                            assert.equal(result.value, user);
                            assert.ok(!harmless && consent !== 'allow');
                            if (consent === 'deny')
                                assert.equal(result.ignoredWorkspaceValue, 'denied');
                            else
                                assert.deepEqual(
                                    result.ask?.value,
                                    workspace,
                                    'the question names the exact value',
                                );
                        }
                    }),
                    { numRuns },
                );
                return { cases: progress.cases };
            },
        );
    });
});
