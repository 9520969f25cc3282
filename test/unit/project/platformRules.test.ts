import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

import { formatError, isCancellation } from '../../../src/commands/formatError';
import { DataApiClient } from '../../../src/core/dataApi/dataApiClient';
import {
    abortError,
    NodeApiUnavailableError,
    RateLimitedError,
    UnauthorizedError,
} from '../../../src/core/http/errors';
import { buildExplorerUrl } from '../../../src/platform/explorerUrl';
import {
    automaticNodeUrl,
    builtInNodes,
    isKnownNodeUrl,
    nodeName,
} from '../../../src/platform/nodeCatalog';
import { redact, redactedMarker, redactUrlSecrets, urlSecrets } from '../../../src/platform/redact';
import {
    settingDefaults,
    SettingKey,
    settingValidators,
    validateExplorerTemplate,
    validateHeaderName,
} from '../../../src/platform/settingKeys';
import {
    parseServiceUrl,
    validateApiKeyInput,
    validateNodeNameInput,
    validateNodeUrlInput,
} from '../../../src/platform/urlRules';
import {
    escapeMarkdown,
    renderStatus,
    type StatusInput,
} from '../../../src/connection/statusBarModel';
import { repoRoot } from '../../helpers/paths';

describe('(unit) platform rules', () => {
    describe('service URLs', () => {
        const accepted: [string, string][] = [
            ['http://127.0.0.1:9650', 'http://127.0.0.1:9650'],
            ['  https://api.avax.network/  ', 'https://api.avax.network'],
            ['https://proxy.example.org/avax/', 'https://proxy.example.org/avax'],
            ['HTTP://LOCALHOST:9650', 'http://localhost:9650'],
            ['http://[::1]:9650', 'http://[::1]:9650'],
            ['https://api.avax.network:443', 'https://api.avax.network'],
        ];
        for (const [text, url] of accepted) {
            it(`accepts ${JSON.stringify(text)}`, () =>
                assert.deepEqual(parseServiceUrl(text), { url }));
        }
        const refused: [string, RegExp][] = [
            ['', /Enter a URL/],
            ['127.0.0.1:9650', /not a URL|Only http/],
            ['ftp://example.org', /Only http/],
            ['javascript:alert(1)', /Only http/],
            ['https://user:pw@example.org', /user name and password/],
            ['https://user@example.org', /user name and password/],
            ['https://example.org/?key=1', /query/],
            ['https://example.org/#x', /fragment/],
            ['https://exa mple.org', /spaces/],
            [`https://example.org/${'a'.repeat(2100)}`, /longer than/],
        ];
        for (const [text, message] of refused) {
            it(`refuses ${JSON.stringify(text.slice(0, 40))}`, () => {
                assert.match(validateNodeUrlInput(text) ?? '', message);
            });
        }
    });

    describe('input boxes', () => {
        it('checks API keys without echoing them', () => {
            assert.equal(validateApiKeyInput('ac_1234567890abcdef'), undefined);
            assert.match(validateApiKeyInput('') ?? '', /Enter/);
            assert.match(validateApiKeyInput('abc def ghi') ?? '', /spaces/);
            assert.match(validateApiKeyInput('short') ?? '', /too short/);
            assert.match(validateApiKeyInput('k'.repeat(600)) ?? '', /too long/);
            assert.match(validateApiKeyInput('clé-secrète-123') ?? '', /ASCII/);
            assert.ok(
                !(validateApiKeyInput('secretvalue with space') ?? '').includes('secretvalue'),
            );
        });
        it('checks node names', () => {
            assert.equal(validateNodeNameInput(''), undefined);
            assert.equal(validateNodeNameInput('My validator'), undefined);
            assert.match(validateNodeNameInput('x'.repeat(61)) ?? '', /at most 60/);
        });
    });

    describe('setting validators', () => {
        it('accept every default', () => {
            for (const key of Object.values(SettingKey)) {
                const result = settingValidators[key](settingDefaults[key]);
                assert.deepEqual(result.value, settingDefaults[key], key);
                assert.deepEqual(result.problems, [], key);
            }
        });
        it("accept the REST document's key header name, x-service-api-key (#34)", () => {
            const name = 'x-service-api-key';
            const result = settingValidators[SettingKey.DataApiKeyHeader](name);
            assert.equal(result.value, name);
            assert.deepEqual(result.problems, []);
            // As VS Code shows it: the texts are in package.nls.json (scripts/manifestNls.mjs).
            const nls = JSON.parse(
                fs.readFileSync(path.join(repoRoot, 'package.nls.json'), 'utf8'),
            ) as Record<string, string>;
            const manifest = JSON.parse(
                fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
                (_key, value: unknown) =>
                    typeof value === 'string' && /^%[^%\s]+%$/.test(value)
                        ? (nls[value.slice(1, -1)] ?? value)
                        : value,
            ) as {
                contributes: {
                    configuration: {
                        properties: Record<
                            string,
                            { pattern?: string; markdownDescription?: string }
                        >;
                    }[];
                };
            };
            const setting = manifest.contributes.configuration
                .map((section) => section.properties['avalanche.dataApi.apiKeyHeader'])
                .find((s) => s !== undefined);
            assert.ok(setting?.pattern && new RegExp(setting.pattern).test(name));
            assert.match(setting.markdownDescription ?? '', /x-glacier-api-key/);
            assert.match(setting.markdownDescription ?? '', /x-service-api-key/);
            // The client takes it as is (its own check refuses what undici would).
            const client = new DataApiClient({ apiKeyHeader: name, apiKey: 'k' });
            assert.equal(client.describeRequest('supportedChains', {}).secretHeaders[0], name);
            void client.close();
        });
        it('reject wrong types and out-of-range values', () => {
            assert.equal(settingValidators[SettingKey.Network]('testnet').value, undefined);
            assert.equal(settingValidators[SettingKey.RequestTimeoutMs](999).value, undefined);
            assert.equal(settingValidators[SettingKey.RequestTimeoutMs](120_001).value, undefined);
            assert.equal(settingValidators[SettingKey.RequestTimeoutMs](1500.5).value, undefined);
            assert.equal(settingValidators[SettingKey.RequestTimeoutMs]('30000').value, undefined);
            assert.equal(settingValidators[SettingKey.DataApiUrl](42).value, undefined);
            assert.equal(
                settingValidators[SettingKey.SelectedNodeUrl]('https://u:p@h').value,
                undefined,
            );
        });
        it('keep the valid node entries, drop the rest with a reason, and dedupe', () => {
            const result = settingValidators[SettingKey.NodeUrls]([
                { name: 'Mine', url: 'http://10.0.0.5:9650/' },
                { name: 'Dup', url: 'http://10.0.0.5:9650' },
                { name: 'Bad', url: 'ftp://x' },
                'nope',
                { url: 'https://rpc.example.org' },
            ]);
            assert.deepEqual(result.value, [
                { name: 'Mine', url: 'http://10.0.0.5:9650' },
                { name: 'rpc.example.org', url: 'https://rpc.example.org' },
            ]);
            assert.equal(result.problems.length, 2);
        });
        it('check header names and explorer templates', () => {
            assert.equal(validateHeaderName('X-Api-Key').value, 'X-Api-Key');
            assert.equal(validateHeaderName('x api key').value, undefined);
            assert.equal(validateHeaderName('Host').value, undefined);
            assert.equal(validateHeaderName('x-key\r\nInjected: 1').value, undefined);
            assert.equal(
                validateExplorerTemplate('https://e.example/{kind}/{id}').problems.length,
                0,
            );
            assert.match(
                validateExplorerTemplate('https://e.example/{kind}').problems[0] ?? '',
                /\{id\}/,
            );
            assert.match(
                validateExplorerTemplate('https://e.example/{foo}/{id}').problems[0] ?? '',
                /\{foo\}/,
            );
            assert.match(validateExplorerTemplate('javascript:{id}').problems[0] ?? '', /https/);
        });
    });

    describe('explorer links', () => {
        const template = settingDefaults[SettingKey.ExplorerUrlTemplate];
        it('point at subnets.avax.network on mainnet and subnets-test on Fuji', () => {
            assert.equal(
                buildExplorerUrl(template, { network: 'mainnet', kind: 'c-chain/tx', id: '0xabc' }),
                'https://subnets.avax.network/c-chain/tx/0xabc',
            );
            assert.equal(
                buildExplorerUrl(template, { network: 'fuji', kind: 'p-chain/tx', id: '2oYMBNV4' }),
                'https://subnets-test.avax.network/p-chain/tx/2oYMBNV4',
            );
        });
        it('encode ids so they cannot change the path or add a query', () => {
            assert.equal(
                buildExplorerUrl('https://x.example/{network}/{kind}/{id}', {
                    network: 'fuji',
                    kind: '/validators/',
                    id: '../a?b=c#d',
                }),
                'https://x.example/fuji/validators/..%2Fa%3Fb%3Dc%23d',
            );
        });
    });

    describe('redaction', () => {
        const key = 'ac_SuperSecretKey1234';
        it('removes the key wherever it appears and header values in common forms', () => {
            const text = [
                `GET /v1/chains x-glacier-api-key: ${key}`,
                `{"x-glacier-api-key":"${key}","other":"1"}`,
                `?X-Glacier-Api-Key=${key}&page=2`,
                `Authorization: Bearer abc.def`,
                `plain ${key} in text`,
            ].join('\n');
            const out = redact(text, [key], ['x-glacier-api-key', 'authorization']);
            assert.ok(!out.includes(key), out);
            assert.ok(!out.includes('Bearer abc'), out);
            assert.ok(out.includes('"other":"1"') && out.includes('&page=2'), out);
            assert.equal(out.split(redactedMarker).length - 1, 5);
        });
        it('leaves text alone when nothing sensitive is in it, and ignores tiny secrets', () => {
            assert.equal(
                redact('status 200 from https://x', ['abc'], ['x-key']),
                'status 200 from https://x',
            );
        });

        const cChainId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
        const quick = '4f1c2a9be07d6e3f8a5b1c0d2e4f6a8b';
        // [url, shown, secret pieces]
        const urls: [string, string, string[]][] = [
            // Public nodes and APIs: nothing to hide, and shown as written.
            ['https://api.avax.network', 'https://api.avax.network', []],
            ['http://127.0.0.1:9650/', 'http://127.0.0.1:9650/', []],
            ['https://api.avax.network/ext/bc/C/rpc', 'https://api.avax.network/ext/bc/C/rpc', []],
            ['http://[::1]:9650/ext/bc/P', 'http://[::1]:9650/ext/bc/P', []],
            [
                `https://api.avax.network/ext/bc/${cChainId}/rpc`,
                `https://api.avax.network/ext/bc/${cChainId}/rpc`,
                [],
            ],
            [
                'https://glacier-api.avax.network/v1/chains/43114/blocks',
                'https://glacier-api.avax.network/v1/chains/43114/blocks',
                [],
            ],
            [
                'https://proxy.example.org/avalanche-mainnet/ext/info',
                'https://proxy.example.org/avalanche-mainnet/ext/info',
                [],
            ],
            // Path tokens: QuickNode, Infura, Alchemy, Blast (a UUID), Chainstack after the route.
            [
                `https://x.avalanche-mainnet.quiknode.pro/${quick}/ext/bc/C/rpc`,
                'https://x.avalanche-mainnet.quiknode.pro/[redacted]/ext/bc/C/rpc',
                [quick],
            ],
            [`https://x.quiknode.pro/${quick}/`, 'https://x.quiknode.pro/[redacted]/', [quick]],
            [
                'https://avalanche-mainnet.infura.io/v3/9aa3d95b3bc440fa88ea12eaa4456161',
                'https://avalanche-mainnet.infura.io/v3/[redacted]',
                ['9aa3d95b3bc440fa88ea12eaa4456161'],
            ],
            [
                'https://avax-mainnet.g.alchemy.com/v2/Ab_cD-3fGhIjKlMn',
                'https://avax-mainnet.g.alchemy.com/v2/[redacted]',
                ['Ab_cD-3fGhIjKlMn'],
            ],
            [
                'https://ava-mainnet.blastapi.io/0d4a1f7e-6c2b-4e8a-9f13-5b7c2d8e6a41/ext/bc/C/rpc',
                'https://ava-mainnet.blastapi.io/[redacted]/ext/bc/C/rpc',
                ['0d4a1f7e-6c2b-4e8a-9f13-5b7c2d8e6a41'],
            ],
            [
                `https://avalanche-mainnet.core.chainstack.com/ext/bc/C/rpc/${quick}`,
                'https://avalanche-mainnet.core.chainstack.com/ext/bc/C/rpc/[redacted]',
                [quick],
            ],
            // Letters only but long enough to be random; a hex token after /ext/bc/ is no cb58 id.
            [
                'https://n.example/abcdefghijklmnopqrstuvwxyzABCDEF',
                'https://n.example/[redacted]',
                ['abcdefghijklmnopqrstuvwxyzABCDEF'],
            ],
            [
                `https://n.example/ext/bc/0${quick}`,
                'https://n.example/ext/bc/[redacted]',
                [`0${quick}`],
            ],
            // Userinfo, query values and the fragment.
            [
                'https://user:s3cret-pass@node.example:9650/ext/info',
                'https://[redacted]@node.example:9650/ext/info',
                ['s3cret-pass', 'user'],
            ],
            [
                'https://lb.drpc.org/ogrpc?network=avalanche&dkey=Ak80gSCleU4WsN',
                'https://lb.drpc.org/ogrpc?network=[redacted]&dkey=[redacted]',
                ['Ak80gSCleU4WsN'],
            ],
            [
                'https://n.example/rpc?api_key=a%2Bb%3Dcdef#token=f00ba4',
                'https://n.example/rpc?api_key=[redacted]#[redacted]',
                ['a%2Bb%3Dcdef', 'a+b=cdef', 'f00ba4'],
            ],
        ];
        for (const [url, shown, secrets] of urls) {
            it(`shows ${url} as ${shown}`, () => {
                assert.equal(redactUrlSecrets(url), shown);
                assert.deepEqual(urlSecrets(url), secrets);
                // What redact() does with the pieces: every secret gone, the rest as it was.
                const line = redact(`POST ${url} failed`, urlSecrets(url), []);
                for (const secret of secrets.filter((p) => p.length >= 6)) {
                    assert.ok(!line.includes(secret), line);
                }
            });
        }
        it('hides all of a text that is not a URL, having no parts to tell apart', () => {
            assert.equal(redactUrlSecrets(`x.quiknode.pro/${quick}`), redactedMarker);
            assert.deepEqual(urlSecrets('not a url'), []);
        });
        it('gives the longer of two overlapping pieces first, so it is replaced whole', () => {
            const url = `https://n.example/${quick}?key=${quick}0000`;
            assert.deepEqual(urlSecrets(url), [`${quick}0000`, quick]);
            assert.equal(
                redact(`at ${url}`, urlSecrets(url), []),
                'at https://n.example/[redacted]?key=[redacted]',
            );
        });
    });

    describe('nodes', () => {
        it('names built-in, added and unknown nodes', () => {
            const mine = [{ name: 'Validator 1', url: 'http://10.0.0.5:9650' }];
            assert.equal(nodeName('http://127.0.0.1:9650', mine), 'Local node');
            assert.equal(nodeName('https://api.avax-test.network', mine), 'Public Fuji node');
            assert.equal(nodeName('http://10.0.0.5:9650', mine), 'Validator 1');
            assert.equal(nodeName('https://other.example:9650', mine), 'other.example:9650');
            assert.ok(isKnownNodeUrl('https://api.avax.network', []));
            assert.ok(!isKnownNodeUrl('https://evil.example', mine));
            assert.deepEqual(
                builtInNodes.map((n) => n.url),
                [
                    'http://127.0.0.1:9650',
                    'https://api.avax.network',
                    'https://api.avax-test.network',
                ],
            );
        });
    });

    describe('status bar', () => {
        const base: StatusInput = {
            network: 'mainnet',
            nodeUrl: 'http://127.0.0.1:9650',
            userNodes: [],
            dataApiUrl: 'https://data-api.avax.network',
            metricsApiUrl: 'https://metrics.avax.network',
            hasApiKey: false,
            health: { kind: 'unknown' },
        };
        it('shows the network and node name, and the URLs in the tooltip', () => {
            const view = renderStatus(base);
            assert.equal(view.text, '$(avalanche-mark) mainnet · Local node');
            assert.ok(view.tooltip.includes(escapeMarkdown('http://127.0.0.1:9650')));
            assert.ok(view.tooltip.includes(escapeMarkdown('https://data-api.avax.network')));
            assert.match(view.tooltip, /API key not set/);
            assert.equal(view.background, undefined);
        });
        it('reflects node health', () => {
            const down = renderStatus({
                ...base,
                health: { kind: 'unreachable', detail: 'ECONNREFUSED' },
            });
            assert.equal(down.text, '$(avalanche-mark) mainnet · Local node $(debug-disconnect)');
            assert.equal(down.background, 'error');
            assert.match(down.tooltip, /unreachable\\: ECONNREFUSED/);
            assert.equal(
                renderStatus({ ...base, health: { kind: 'unhealthy', detail: 'x' } }).background,
                'warning',
            );
        });
        it('an unset node is the public node of the network, a found local one, or on local 127.0.0.1:9650', () => {
            assert.equal(automaticNodeUrl('mainnet', undefined), 'https://api.avax.network');
            assert.equal(automaticNodeUrl('fuji', undefined), 'https://api.avax-test.network');
            assert.equal(automaticNodeUrl('local', undefined), 'http://127.0.0.1:9650');
            assert.equal(
                automaticNodeUrl('mainnet', 'http://127.0.0.1:9652'),
                'http://127.0.0.1:9652',
            );
        });
        it('keeps its colour when the node that fails was chosen by the extension, not the user', () => {
            for (const health of [
                { kind: 'unreachable', detail: 'ECONNREFUSED' },
                { kind: 'unhealthy', detail: 'x' },
            ] as const) {
                assert.equal(
                    renderStatus({ ...base, health, nodeChosen: false }).background,
                    undefined,
                );
                assert.notEqual(
                    renderStatus({ ...base, health, nodeChosen: true }).background,
                    undefined,
                );
            }
        });
        it('keeps hostile node names from injecting icons or links', () => {
            const view = renderStatus({
                ...base,
                nodeUrl: 'http://10.0.0.5:9650',
                userNodes: [{ name: '$(alert) [click](command:x)', url: 'http://10.0.0.5:9650' }],
            });
            // Escaped the way VS Code's own `escapeIcons` does: shown as written, never drawn.
            assert.ok(view.text.includes('\\$(alert)'));
            assert.ok(!/(^|[^\\])\$\(alert\)/.test(view.text));
            assert.ok(!view.tooltip.includes('[click](command:x)'));
        });
        it('keeps a hostile version or error text bounded and inert in the tooltip', () => {
            const detail = `\u202e${'x\n'.repeat(100_000)}\u0007`;
            const view = renderStatus({ ...base, health: { kind: 'unhealthy', detail } });
            assert.ok(view.tooltip.length < 2_000, `${view.tooltip.length}`);
            assert.ok(!/[\u0000-\u0009\u000b-\u001f\u202e\u2028]/.test(view.tooltip));
        });
    });

    describe('error toasts', () => {
        it('offer a remedy for auth, rate-limit and node-API errors, none otherwise', () => {
            const unauthorized = new UnauthorizedError(
                'The Data API refused the key.',
                'u',
                401,
                'Unauthorized',
                undefined,
                'Data API',
            );
            assert.deepEqual(formatError(unauthorized), {
                message: 'The Data API refused the key.',
                actions: ['setApiKey'],
            });
            const limited = new RateLimitedError(
                'Slow down.',
                'u',
                'Too Many Requests',
                undefined,
                'Data API',
                1000,
                0,
                10,
            );
            assert.deepEqual(formatError(limited).actions, ['setApiKey']);
            const admin = new NodeApiUnavailableError(
                'Admin API is off.',
                'adminDisabled',
                'u',
                'admin.x',
                404,
            );
            assert.deepEqual(formatError(admin).actions, ['chooseNode']);
            assert.deepEqual(formatError(new Error('boom')), { message: 'boom', actions: [] });
            assert.match(formatError(undefined).message, /Something went wrong/);
        });
        it('treat aborts and VS Code cancellations as silent', () => {
            assert.ok(isCancellation(abortError()));
            const canceled = new Error('Canceled');
            canceled.name = 'Canceled';
            assert.ok(isCancellation(canceled));
            assert.ok(!isCancellation(new Error('Canceled')));
        });
    });
});
