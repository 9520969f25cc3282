import * as assert from 'node:assert/strict';

import { restrictedSettingKeys, SettingKey } from '../../../src/platform/settingKeys';
import {
    type Consent,
    consentKey,
    consentQuestion,
    type InspectedLayers,
    type PolicyInput,
    resolveSetting,
    sameValue,
} from '../../../src/platform/settingsPolicy';

const scope = 'file:///home/me/project';
const evil = 'https://collector.example.net';

function input<T>(
    layers: InspectedLayers<T>,
    overrides: Partial<PolicyInput<T>> & { consents?: Record<string, Consent> } = {},
): PolicyInput<T> {
    const consents = overrides.consents ?? {};
    return {
        key: SettingKey.DataApiUrl,
        layers,
        fallback: 'https://fallback.invalid' as T,
        restricted: true,
        trusted: true,
        scope,
        consentFor: (k) => consents[k],
        ...overrides,
    };
}

const defaults = { defaultValue: 'https://data-api.avax.network' };

describe('(unit) settings policy', () => {
    it('uses the user value over the default, and the default when nothing is set', () => {
        assert.deepEqual(resolveSetting(input(defaults)), {
            value: 'https://data-api.avax.network',
            source: 'default',
        });
        assert.deepEqual(
            resolveSetting(input({ ...defaults, globalValue: 'http://127.0.0.1:8080' })),
            {
                value: 'http://127.0.0.1:8080',
                source: 'user',
            },
        );
        assert.equal(resolveSetting(input({})).value, 'https://fallback.invalid');
    });

    it('holds back a restricted workspace value and asks once per (workspace, setting, value)', () => {
        const result = resolveSetting(input({ ...defaults, workspaceValue: evil }));
        assert.equal(result.value, 'https://data-api.avax.network');
        assert.equal(result.source, 'default');
        assert.deepEqual(result.ask, {
            key: SettingKey.DataApiUrl,
            value: evil,
            source: 'workspace',
            consentKey: consentKey(scope, SettingKey.DataApiUrl, evil),
        });
    });

    it('uses the workspace value once allowed, and the user value once denied', () => {
        const key = consentKey(scope, SettingKey.DataApiUrl, evil);
        const allowed = resolveSetting(
            input({ ...defaults, workspaceValue: evil }, { consents: { [key]: 'allow' } }),
        );
        assert.deepEqual(allowed, { value: evil, source: 'workspace' });
        const denied = resolveSetting(
            input(
                { ...defaults, globalValue: 'http://127.0.0.1:8080', workspaceValue: evil },
                {
                    consents: { [key]: 'deny' },
                },
            ),
        );
        assert.deepEqual(denied, {
            value: 'http://127.0.0.1:8080',
            source: 'user',
            ignoredWorkspaceValue: 'denied',
        });
    });

    it('asks again when the workspace changes the value or is another workspace', () => {
        const key = consentKey(scope, SettingKey.DataApiUrl, evil);
        const otherValue = resolveSetting(
            input({ ...defaults, workspaceValue: `${evil}/v2` }, { consents: { [key]: 'allow' } }),
        );
        assert.ok(otherValue.ask, 'a different value needs a new answer');
        const otherWorkspace = resolveSetting(
            input(
                { ...defaults, workspaceValue: evil },
                { scope: 'file:///other', consents: { [key]: 'allow' } },
            ),
        );
        assert.ok(otherWorkspace.ask, 'another workspace needs a new answer');
    });

    it('ignores workspace values in an untrusted workspace, even when allowed before', () => {
        const key = consentKey(scope, SettingKey.DataApiUrl, evil);
        const result = resolveSetting(
            input(
                { ...defaults, workspaceValue: evil },
                { trusted: false, consents: { [key]: 'allow' } },
            ),
        );
        assert.deepEqual(result, {
            value: 'https://data-api.avax.network',
            source: 'default',
            ignoredWorkspaceValue: 'untrusted',
        });
    });

    it('prefers the workspace-folder value over the workspace value', () => {
        const folderValue = 'https://folder.example.org';
        const result = resolveSetting(
            input({ ...defaults, workspaceValue: evil, workspaceFolderValue: folderValue }),
        );
        assert.equal(result.ask?.value, folderValue);
        assert.equal(result.ask?.source, 'workspaceFolder');
    });

    it('does not ask when the workspace repeats the user value or names a known destination', () => {
        assert.deepEqual(
            resolveSetting(input({ ...defaults, globalValue: evil, workspaceValue: evil })),
            { value: evil, source: 'workspace' },
        );
        const known = resolveSetting(
            input(
                {
                    defaultValue: 'http://127.0.0.1:9650',
                    workspaceValue: 'https://api.avax-test.network',
                },
                {
                    key: SettingKey.SelectedNodeUrl,
                    isKnownDestination: (v) => v.startsWith('https://api.avax'),
                },
            ),
        );
        assert.deepEqual(known, { value: 'https://api.avax-test.network', source: 'workspace' });
    });

    it('applies workspace values of unrestricted settings without asking, trusted or not', () => {
        const result = resolveSetting(
            input(
                { defaultValue: 'mainnet', workspaceValue: 'fuji' },
                {
                    key: SettingKey.Network,
                    restricted: false,
                    trusted: false,
                },
            ),
        );
        assert.deepEqual(result, { value: 'fuji', source: 'workspace' });
    });

    it('compares list values structurally', () => {
        assert.ok(sameValue([{ name: 'a', url: 'http://x' }], [{ name: 'a', url: 'http://x' }]));
        assert.ok(!sameValue([{ name: 'a', url: 'http://x' }], [{ name: 'a', url: 'http://y' }]));
        assert.ok(!sameValue([], {}));
        const nodes = [{ name: 'Mine', url: 'http://10.0.0.5:9650' }];
        const result = resolveSetting(
            input(
                {
                    defaultValue: [] as typeof nodes,
                    globalValue: nodes,
                    workspaceValue: [...nodes],
                },
                {
                    key: SettingKey.NodeUrls,
                    fallback: [],
                },
            ),
        );
        assert.equal(result.ask, undefined);
    });

    it('holds back a workspace’s explorer link template until the user allows it (#18)', () => {
        // A workspace could otherwise send every "Open in Explorer" to a look-alike site.
        assert.ok(restrictedSettingKeys.includes(SettingKey.ExplorerUrlTemplate));
        const template = 'https://subnets.avax-explorer.example/{kind}/{id}';
        const result = resolveSetting({
            key: SettingKey.ExplorerUrlTemplate,
            layers: {
                defaultValue: 'https://subnets{testnetSuffix}.avax.network/{kind}/{id}',
                workspaceValue: template,
            },
            fallback: '',
            restricted: restrictedSettingKeys.includes(SettingKey.ExplorerUrlTemplate),
            trusted: true,
            scope,
            consentFor: () => undefined,
        });
        assert.equal(result.source, 'default');
        assert.equal(result.ask?.value, template);
        assert.equal(
            consentQuestion({
                key: SettingKey.ExplorerUrlTemplate,
                value: template,
                source: 'workspace',
                consentKey: 'k',
            }),
            `This workspace wants Avalanche Explorer's "Open in Explorer" links to go to ${template} (avalanche.explorer.urlTemplate). Allow?`,
        );
    });

    it('phrases the consent question with the exact destination and setting', () => {
        assert.equal(
            consentQuestion({
                key: SettingKey.DataApiUrl,
                value: evil,
                source: 'workspace',
                consentKey: 'k',
            }),
            `This workspace wants Avalanche Explorer to send requests to ${evil} (avalanche.dataApi.url). Allow?`,
        );
        assert.match(
            consentQuestion({
                key: SettingKey.NodeUrls,
                value: [
                    { name: 'x', url: 'http://a:1' },
                    { name: 'y', url: 'http://b:2' },
                ],
                source: 'workspace',
                consentKey: 'k',
            }),
            /send requests to http:\/\/a:1, http:\/\/b:2 \(avalanche\.node\.urls\)/,
        );
        assert.match(
            consentQuestion({
                key: SettingKey.DataApiKeyHeader,
                value: 'x-forward-to',
                source: 'workspace',
                consentKey: 'k',
            }),
            /Data API key in the header "x-forward-to" \(avalanche\.dataApi\.apiKeyHeader\)/,
        );
    });
});
