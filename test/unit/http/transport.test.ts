/**
 * The proxy-aware transport over real sockets: a loopback CONNECT proxy that alone knows the
 * service's host name (so a request that bypasses it fails), a proxy that demands credentials,
 * `noProxy`, and TLS with a test root that only an explicit `ca` trusts. Also checks where the
 * API key goes: to the Data API inside the tunnel, never on the CONNECT line or its headers.
 */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

import {
    bypassesProxy,
    DataApiClient,
    HttpClient,
    networkSettingsFromEnv,
    networkTransport,
    resolveProxy,
} from '../../../src/core';
import { type ConnectProxy, startConnectProxy } from '../../helpers/connectProxy';
import { listenOnLoopback } from '../../helpers/loopbackServer';
import { makeTestCertificates, type TestCertificates } from '../../helpers/testCertificates';
import { outRoot } from '../../helpers/paths';

const fakeHost = 'services.proxy-only.test';
const apiKey = 'secret-key-for-the-data-api-only';
const noRetry = { maxRetries: 0 };

describe('(unit) transport: proxy rules', () => {
    it('resolves the proxy the way @vscode/proxy-agent does', () => {
        const settings = {
            proxy: 'http://proxy.corp:3128',
            noProxy: ['.internal.corp', 'node.example:9650', ' '],
        };
        const cases: [string, string | undefined][] = [
            ['https://data-api.avax.network', settings.proxy],
            ['http://localhost:9650', undefined],
            ['http://127.0.0.1:9650', undefined],
            ['http://[::1]:9650', undefined],
            ['https://a.internal.corp', undefined],
            ['https://internal.corp', undefined],
            ['https://notinternal.corp', settings.proxy],
            ['http://node.example:9650', undefined],
            ['http://node.example:9651', settings.proxy],
            ['http://sub.node.example:9650', undefined],
        ];
        for (const [origin, expected] of cases) {
            assert.equal(resolveProxy(settings, origin), expected, origin);
        }
        assert.equal(bypassesProxy(['*'], 'anything', '443'), true);
        assert.equal(bypassesProxy([' localhost', '*'], 'anything', '443'), true);
    });

    it('reads a NO_PROXY pattern as its domain, never as "every host"', () => {
        // VS Code turns the proxy off for all only on a lone `*`; `*.corp.example` is the
        // pattern corporate setups write for the subdomains of corp.example.
        const settings = networkSettingsFromEnv({
            HTTPS_PROXY: 'http://proxy.corp:3128',
            NO_PROXY: '*.corp.example,*.example:8443,foo*.example, *',
        });
        const partial = { ...settings, noProxy: settings.noProxy?.slice(0, 3) };
        const cases: [string, string | undefined][] = [
            ['https://data-api.avax.network', settings.proxy],
            ['https://api.avax-test.network', settings.proxy],
            ['https://git.corp.example', undefined],
            ['https://a.b.corp.example', undefined],
            ['https://corp.example', undefined],
            ['https://notcorp.example', settings.proxy],
            ['https://x.example:8443', undefined],
            ['https://x.example', settings.proxy],
            ['https://foobar.example', settings.proxy],
        ];
        for (const [origin, expected] of cases) {
            assert.equal(resolveProxy(partial, origin), expected, origin);
        }
        assert.equal(bypassesProxy(['*.'], 'anything', '443'), false);
        assert.equal(bypassesProxy(['**'], 'anything', '443'), false);
        assert.equal(resolveProxy(settings, 'https://data-api.avax.network'), undefined, 'lone *');
        assert.equal(resolveProxy({ noProxy: [] }, 'https://x.example'), undefined);
    });

    it('reads HTTPS_PROXY before HTTP_PROXY, NO_PROXY, and ignores a proxy without a scheme', () => {
        assert.deepEqual(
            networkSettingsFromEnv({
                HTTPS_PROXY: 'http://a:1',
                HTTP_PROXY: 'http://b:2',
                NO_PROXY: 'x.example,.y.example',
            }),
            { proxy: 'http://a:1', noProxy: ['x.example', '.y.example'] },
        );
        assert.equal(networkSettingsFromEnv({ HTTP_PROXY: 'http://b:2' }).proxy, 'http://b:2');
        assert.equal(networkSettingsFromEnv({ HTTPS_PROXY: 'proxy.corp:3128' }).proxy, undefined);
    });
});

describe('(unit) transport: through a CONNECT proxy', () => {
    const seenByServer: IncomingHttpHeaders[] = [];
    let server: Awaited<ReturnType<typeof listenOnLoopback>>;
    let port: number;
    let proxy: ConnectProxy;
    let authProxy: ConnectProxy;
    const credentials = `Basic ${Buffer.from('dev:s3cret').toString('base64')}`;

    before(async () => {
        server = await listenOnLoopback(
            createHttpServer((req, res) => {
                seenByServer.push(req.headers);
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(JSON.stringify({ path: req.url }));
            }),
        );
        port = Number(new URL(server.url).port);
        proxy = await startConnectProxy({ hosts: [fakeHost] });
        authProxy = await startConnectProxy({ hosts: [fakeHost], authorization: credentials });
    });
    after(async () => {
        await Promise.all([server.close(), proxy.close(), authProxy.close()]);
    });
    beforeEach(() => {
        seenByServer.length = 0;
        proxy.seen.length = 0;
        authProxy.seen.length = 0;
    });

    const serviceUrl = (): string => `http://${fakeHost}:${port}`;

    it('sends every request through the proxy, the API key only inside the tunnel', async () => {
        const client = new DataApiClient({
            baseUrl: serviceUrl(),
            apiKey,
            retry: noRetry,
            transport: networkTransport({ proxy: proxy.url }),
        });
        try {
            const http = client.dataApi;
            const { json } = await http.requestJson({ method: 'GET', path: '/v1/health' });
            assert.deepEqual(json, { path: '/v1/health' });
        } finally {
            await client.close();
        }
        assert.equal(proxy.seen.length, 1);
        assert.equal(proxy.seen[0]!.target, `${fakeHost}:${port}`);
        const proxyHeaders = JSON.stringify(proxy.seen[0]!.headers);
        assert.ok(!proxyHeaders.includes(apiKey), 'the proxy saw the API key');
        assert.ok(!('x-glacier-api-key' in proxy.seen[0]!.headers));
        assert.equal(seenByServer[0]?.['x-glacier-api-key'], apiKey);
    });

    it('fails without the proxy: the host name resolves nowhere else', async () => {
        const client = new HttpClient({
            baseUrl: serviceUrl(),
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({ proxy: proxy.url, noProxy: [fakeHost] }),
        });
        try {
            await assert.rejects(
                client.send({ method: 'GET', path: '/' }),
                (error: Error) =>
                    error.name === 'NetworkError' && /host of the Data API/.test(error.message),
            );
        } finally {
            await client.close();
        }
        assert.equal(proxy.seen.length, 0, 'noProxy was not honoured');
    });

    it('names a 407 from the proxy and sends http.proxyAuthorization to the proxy only', async () => {
        const refused = new HttpClient({
            baseUrl: serviceUrl(),
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({ proxy: authProxy.url }),
        });
        try {
            await assert.rejects(refused.send({ method: 'GET', path: '/' }), (error: Error) => {
                assert.equal(error.name, 'NetworkError');
                assert.match(
                    error.message,
                    /the proxy refused the connection \(407: authentication needed\)/i,
                );
                assert.match(error.message, /HTTPS_PROXY/);
                return true;
            });
        } finally {
            await refused.close();
        }
        const allowed = new HttpClient({
            baseUrl: serviceUrl(),
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({ proxy: authProxy.url, proxyAuthorization: credentials }),
        });
        try {
            const response = await allowed.send({ method: 'GET', path: '/ok' });
            assert.equal(response.status, 200);
        } finally {
            await allowed.close();
        }
        assert.equal(authProxy.seen.at(-1)?.headers['proxy-authorization'], credentials);
        assert.ok(seenByServer.every((h) => !('proxy-authorization' in h)));
    });

    it('takes credentials from the proxy URL', async () => {
        const proxyUrl = authProxy.url.replace('http://', 'http://dev:s3cret@');
        const client = new HttpClient({
            baseUrl: serviceUrl(),
            service: 'node',
            retry: noRetry,
            transport: networkTransport({ proxy: proxyUrl }),
        });
        try {
            assert.equal(
                (await client.send({ method: 'POST', path: '/ext/info', body: {} })).status,
                200,
            );
        } finally {
            await client.close();
        }
    });

    it('names the proxy, without its credentials, when it cannot be reached', async () => {
        const closed = await listenOnLoopback(createHttpServer());
        const deadUrl = closed.url;
        await closed.close();
        const client = new HttpClient({
            baseUrl: serviceUrl(),
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({ proxy: deadUrl.replace('http://', 'http://u:pw@') }),
        });
        try {
            await assert.rejects(client.send({ method: 'GET', path: '/' }), (error: Error) => {
                assert.equal(
                    error.message,
                    `Could not connect to the proxy at ${deadUrl} (connection refused) on the way to the Data API. Check HTTPS_PROXY.`,
                );
                return true;
            });
        } finally {
            await client.close();
        }
    });
});

describe("(unit) transport: VS Code's proxy resolution where no setting names a proxy", () => {
    const otherHost = 'other.proxy-only.test';
    let server: Awaited<ReturnType<typeof listenOnLoopback>>;
    let port: number;
    let proxy: ConnectProxy;
    let otherProxy: ConnectProxy;

    before(async () => {
        server = await listenOnLoopback(
            createHttpServer((req, res) => {
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end(JSON.stringify({ host: req.headers.host, path: req.url }));
            }),
        );
        port = Number(new URL(server.url).port);
        proxy = await startConnectProxy({ hosts: [fakeHost] });
        otherProxy = await startConnectProxy({ hosts: [otherHost] });
    });
    after(async () => {
        await Promise.all([server.close(), proxy.close(), otherProxy.close()]);
    });
    beforeEach(() => {
        proxy.seen.length = 0;
        otherProxy.seen.length = 0;
    });

    /** A stand-in for the host's resolver (Electron's PAC in VS Code) that records each question. */
    function pac(answer: (url: string) => Promise<string | undefined>): {
        asked: string[];
        resolve: (url: string) => Promise<string | undefined>;
    } {
        const asked: string[] = [];
        return {
            asked,
            resolve: (url) => {
                asked.push(url);
                return answer(url);
            },
        };
    }

    async function get(client: HttpClient, path: string): Promise<unknown> {
        const response = await client.send({ method: 'GET', path });
        return JSON.parse(response.body) as unknown;
    }

    it('asks once per origin and keeps one tunnel to the proxy it names', async () => {
        const host = pac(() => Promise.resolve(proxy.url));
        const routes: string[] = [];
        const client = new HttpClient({
            baseUrl: `http://${fakeHost}:${port}`,
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({}, undefined, {
                resolve: host.resolve,
                onRoute: (origin, via) => routes.push(`${origin} ${String(via)}`),
            }),
        });
        try {
            // Three at once and two after: the host is asked once, before the first leaves.
            const first = await Promise.all(['/a', '/b', '/c'].map((p) => get(client, p)));
            assert.deepEqual(
                first.map((j) => (j as { path: string }).path),
                ['/a', '/b', '/c'],
            );
            await get(client, '/d');
            await get(client, '/e');
            assert.equal(client.transport.proxyFor(`http://${fakeHost}:${port}`), proxy.url);
        } finally {
            await client.close();
        }
        assert.deepEqual(host.asked, [`http://${fakeHost}:${port}/`]);
        assert.deepEqual(routes, [`http://${fakeHost}:${port} ${proxy.url}`]);
        assert.ok(proxy.seen.length >= 1 && proxy.seen.length <= 3, 'tunnels are pooled');
        assert.ok(proxy.seen.every((c) => c.target === `${fakeHost}:${port}`));
    });

    it('sends each host through the proxy its answer names, and loopback and noProxy without asking', async () => {
        const host = pac((url) =>
            Promise.resolve(url.includes(otherHost) ? otherProxy.url : proxy.url),
        );
        const transport = networkTransport({ noProxy: ['skip.proxy-only.test'] }, undefined, {
            resolve: host.resolve,
        });
        const clients = [fakeHost, otherHost].map(
            (name) =>
                new HttpClient({
                    baseUrl: `http://${name}:${port}`,
                    service: 'node',
                    retry: noRetry,
                    transport,
                }),
        );
        const loopback = new HttpClient({
            baseUrl: server.url,
            service: 'node',
            retry: noRetry,
            transport,
        });
        const bypassed = new HttpClient({
            baseUrl: `http://skip.proxy-only.test:${port}`,
            service: 'node',
            retry: noRetry,
            transport,
        });
        try {
            assert.deepEqual(await get(clients[0]!, '/one'), {
                host: `${fakeHost}:${port}`,
                path: '/one',
            });
            assert.deepEqual(await get(clients[1]!, '/two'), {
                host: `${otherHost}:${port}`,
                path: '/two',
            });
            assert.deepEqual(await get(loopback, '/three'), {
                host: `127.0.0.1:${port}`,
                path: '/three',
            });
            await assert.rejects(bypassed.send({ method: 'GET', path: '/' }), (error: Error) =>
                /Could not find the host of the node/.test(error.message),
            );
        } finally {
            await Promise.all([...clients, loopback, bypassed].map((c) => c.close()));
        }
        assert.deepEqual(
            proxy.seen.map((c) => c.target),
            [`${fakeHost}:${port}`],
        );
        assert.deepEqual(
            otherProxy.seen.map((c) => c.target),
            [`${otherHost}:${port}`],
        );
        assert.deepEqual(host.asked.sort(), [
            `http://${otherHost}:${port}/`,
            `http://${fakeHost}:${port}/`,
        ]);
    });

    it('goes direct when the host says so, fails, names a proxy it cannot use, or is slow', async () => {
        const cases: {
            name: string;
            answer: () => Promise<string | undefined>;
            note?: RegExp;
        }[] = [
            { name: 'direct', answer: () => Promise.resolve(undefined) },
            {
                name: 'fails',
                answer: () => Promise.reject(new Error('resolver gone')),
                note: /could not resolve a proxy \(Error: resolver gone\)/,
            },
            {
                name: 'socks4a',
                answer: () => Promise.resolve('socks4a://127.0.0.1:1080'),
                note: /named socks4a:\/\/127\.0\.0\.1:1080, a kind of proxy this extension cannot use/,
            },
            { name: 'slow', answer: () => new Promise<string>(() => {}) },
        ];
        for (const c of cases) {
            const notes: string[] = [];
            const client = new HttpClient({
                baseUrl: `http://${fakeHost}:${port}`,
                service: 'node',
                retry: noRetry,
                transport: networkTransport({}, undefined, {
                    resolve: c.answer,
                    timeoutMs: 50,
                    onRoute: (_origin, _via, note) => notes.push(note ?? ''),
                }),
            });
            try {
                // Direct, the name resolves nowhere: the request fails at once, never hangs.
                await assert.rejects(
                    client.send({ method: 'GET', path: '/' }),
                    (error: Error) => /Could not find the host of the node/.test(error.message),
                    c.name,
                );
            } finally {
                await client.close();
            }
            if (c.note) assert.match(notes.join(), c.note, c.name);
        }
        assert.equal(proxy.seen.length, 0);
    });

    it('is not asked when a setting or the environment names the proxy', async () => {
        const host = pac(() => Promise.resolve(otherProxy.url));
        const client = new HttpClient({
            baseUrl: `http://${fakeHost}:${port}`,
            service: 'node',
            retry: noRetry,
            transport: networkTransport({ proxy: proxy.url }, undefined, { resolve: host.resolve }),
        });
        try {
            await get(client, '/x');
        } finally {
            await client.close();
        }
        assert.deepEqual(host.asked, []);
        assert.equal(proxy.seen.length, 1);
        assert.equal(otherProxy.seen.length, 0);
    });
});

describe('(unit) transport: TLS inspection', () => {
    let certs: TestCertificates;
    let server: HttpsServer;
    let port: number;
    let proxy: ConnectProxy;

    before(async function () {
        this.timeout(30_000);
        certs = makeTestCertificates([fakeHost]);
        server = createHttpsServer({ key: certs.key, cert: certs.cert }, (_req, res) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"ok":true}');
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        port = (server.address() as AddressInfo).port;
        proxy = await startConnectProxy({ hosts: [fakeHost] });
    });
    after(async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await proxy.close();
        certs.remove();
    });

    const client = (ca?: string[], strictSSL?: boolean): HttpClient =>
        new HttpClient({
            baseUrl: `https://${fakeHost}:${port}`,
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({ proxy: proxy.url, ca, strictSSL }),
        });

    it('fails with a sentence naming the host when the root is not trusted', async () => {
        const c = client();
        try {
            await assert.rejects(c.send({ method: 'GET', path: '/' }), (error: Error) => {
                assert.equal(error.name, 'NetworkError');
                assert.match(
                    error.message,
                    new RegExp(
                        `^The certificate of ${fakeHost.replace(/\./g, '\\.')} is not trusted: if your network inspects TLS`,
                    ),
                );
                return true;
            });
        } finally {
            await c.close();
        }
    });

    it('succeeds when the roots include the inspecting root, or when checks are off', async () => {
        for (const c of [client([certs.rootPem]), client(undefined, false)]) {
            try {
                assert.equal((await c.send({ method: 'GET', path: '/' })).body, '{"ok":true}');
            } finally {
                await c.close();
            }
        }
    });

    it("adds the roots of a reader (VS Code's reader of the system's store) before the first TLS request", async () => {
        let reads = 0;
        const transport = networkTransport({
            proxy: proxy.url,
            loadCa: () => {
                reads++;
                return Promise.resolve([certs.rootPem]);
            },
        });
        const clients = [0, 1].map(
            () =>
                new HttpClient({
                    baseUrl: `https://${fakeHost}:${port}`,
                    service: 'Data API',
                    retry: noRetry,
                    transport,
                }),
        );
        try {
            const answers = await Promise.all(
                clients.map((c) => c.send({ method: 'GET', path: '/' })),
            );
            assert.deepEqual(
                answers.map((a) => a.body),
                ['{"ok":true}', '{"ok":true}'],
            );
        } finally {
            await Promise.all(clients.map((c) => c.close()));
        }
        assert.equal(reads, 1, 'read once');
        // A reader that fails leaves Node's roots: the inspecting root is not trusted.
        const failing = new HttpClient({
            baseUrl: `https://${fakeHost}:${port}`,
            service: 'Data API',
            retry: noRetry,
            transport: networkTransport({
                proxy: proxy.url,
                loadCa: () => Promise.reject(new Error('no store')),
            }),
        });
        try {
            await assert.rejects(failing.send({ method: 'GET', path: '/' }), /is not trusted/);
        } finally {
            await failing.close();
        }
    });

    it('makes the secure context at the first TLS connection, once: plain HTTP never does', async () => {
        // The module object the transport calls through (a named import compiles to a property
        // read at each call), so that the count sees every context made.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const tls = require('node:tls') as typeof import('node:tls');
        const original = tls.createSecureContext;
        let made = 0;
        tls.createSecureContext = (options) => {
            made++;
            return original(options);
        };
        const plain = await listenOnLoopback(
            createHttpServer((_req, res) => {
                res.writeHead(200, { 'content-type': 'application/json' });
                res.end('{"plain":true}');
            }),
        );
        const transport = networkTransport({ ca: [certs.rootPem] });
        const clients = [plain.url, `https://127.0.0.1:${port}`, `https://127.0.0.1:${port}`].map(
            (baseUrl) =>
                new HttpClient({ baseUrl, service: 'Data API', retry: noRetry, transport }),
        );
        const [http, https, again] = clients as [HttpClient, HttpClient, HttpClient];
        try {
            assert.equal((await http.send({ method: 'GET', path: '/' })).body, '{"plain":true}');
            assert.equal(made, 0, 'a plain HTTP connection made a secure context');
            // Direct, and trusted only through `ca`: the context is the one the connection used.
            assert.equal((await https.send({ method: 'GET', path: '/' })).body, '{"ok":true}');
            assert.equal((await again.send({ method: 'GET', path: '/' })).body, '{"ok":true}');
            assert.equal(made, 1, 'one context for every TLS connection of the transport');
        } finally {
            tls.createSecureContext = original;
            await Promise.all(clients.map((c) => c.close()));
            await plain.close();
        }
    });

    it('plain Node honours HTTPS_PROXY and NODE_EXTRA_CA_CERTS from the environment', async function () {
        this.timeout(20_000);
        // A child process, because Node reads NODE_EXTRA_CA_CERTS once, at start.
        const core = path.join(outRoot, 'src', 'core', 'index.js');
        const script = `
            const { HttpClient } = require(${JSON.stringify(core)});
            new HttpClient({ baseUrl: ${JSON.stringify(`https://${fakeHost}:${port}`)}, service: 'Data API', retry: { maxRetries: 0 } })
                .send({ method: 'GET', path: '/' })
                .then((r) => { console.log(r.body); process.exit(0); }, (e) => { console.log(e.message); process.exit(0); });`;
        const run = async (env: Record<string, string>): Promise<string> => {
            const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], {
                env: { PATH: process.env['PATH'] ?? '', ...env },
            });
            return stdout.trim();
        };
        proxy.seen.length = 0;
        assert.equal(
            await run({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: certs.rootFile }),
            '{"ok":true}',
        );
        assert.equal(proxy.seen.length, 1);
        assert.match(
            await run({ HTTPS_PROXY: proxy.url }),
            /is not trusted: if your network inspects TLS, point NODE_EXTRA_CA_CERTS/,
        );
        assert.match(
            await run({ HTTPS_PROXY: proxy.url, NO_PROXY: fakeHost }),
            /Could not find the host of the Data API/,
        );
    });
});
