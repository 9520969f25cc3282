import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
    mkdirSync,
    mkdtempSync,
    readFileSync,
    renameSync,
    rmSync,
    symlinkSync,
    writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { probedLocalNetworks, type LocalNetwork } from '../../../src/core/local/localNetwork';
import {
    parseAvalancheCliMeta,
    parseProcessContext,
    parseSidecar,
    parseTmpnetNetworkConfig,
    parseTmpnetSubnet,
} from '../../../src/core/local/parseLocalFiles';
import { LocalNetworks, processIsAlive } from '../../../src/platform/localNetworks';
import {
    randomCb58Id,
    randomNodeId,
    writeLocalNetworkFiles,
    writeProcessJson,
    type LocalNetworkFileL1,
} from '../../helpers/localNetworkFiles';
import { listenOnLoopback } from '../../helpers/loopbackServer';

const hostile: readonly string[] = [
    '',
    '{',
    '{"pid": 12, "uri": "http://127.0.0.1:96',
    'null',
    '[]',
    '"text"',
    '42',
    '{"uri": 42, "pid": "x"}',
    '{"uri": "ftp://127.0.0.1:9650"}',
    '{"uri": "javascript:alert(1)"}',
    '{"uri": "http://user:pw@127.0.0.1:9650"}',
    `{"uri": "http://127.0.0.1:9650/${'a'.repeat(5000)}"}`,
    '{"Networks": {"Local Network": []}, "Name": 7}',
    '{"Chains": "no", "Name": "x"}',
    '{"networkDir": "relative/dir"}',
    '{"networkDir": 5}',
    `[${'['.repeat(10_000)}`,
];

function tempHome(): string {
    return mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-localnet-'));
}

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
    const child = spawnSync(process.execPath, ['-e', '']);
    return child.pid;
}

function l1(name: string, evmChainId: number): LocalNetworkFileL1 {
    return {
        name,
        subnetId: randomCb58Id(),
        blockchainId: randomCb58Id(),
        evmChainId,
        icmMessenger: '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf',
        icmRegistry: '0x17aB05351fC94a1a67Bf3f56DdbB941aE6c63E25',
        validatorManager: '0x0FEEDC0DE0000000000000000000000000000000',
        tokenSymbol: 'LOC',
    };
}

function waitForChange(networks: LocalNetworks, timeoutMs = 5000): Promise<void> {
    return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
            subscription.dispose();
            reject(new Error(`no onDidChange within ${timeoutMs} ms`));
        }, timeoutMs);
        const subscription = networks.onDidChange(() => {
            clearTimeout(timer);
            subscription.dispose();
            resolve();
        });
    });
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
        return await Promise.race([
            promise,
            new Promise<never>((_, reject) => {
                timer = setTimeout(() => reject(new Error(`${what} hung for ${ms} ms`)), ms);
            }),
        ]);
    } finally {
        clearTimeout(timer);
    }
}

describe('(unit) local networks: parsers', () => {
    it('hostile text gives undefined or nothing, never a throw', () => {
        for (const text of hostile) {
            assert.equal(parseProcessContext(text), undefined, text.slice(0, 60));
            assert.equal(parseSidecar(text, '/s.json'), undefined, text.slice(0, 60));
            assert.deepEqual(parseTmpnetSubnet(text, '/s.json'), [], text.slice(0, 60));
            assert.equal(parseAvalancheCliMeta(text), undefined, text.slice(0, 60));
            parseTmpnetNetworkConfig(text);
        }
        assert.equal(
            parseProcessContext(`{"uri":"http://127.0.0.1:1","x":"${'a'.repeat(1_100_000)}"}`),
            undefined,
        );
    });

    it('a __proto__ key pollutes nothing', () => {
        const context = parseProcessContext(
            '{"__proto__": {"polluted": true}, "uri": "http://127.0.0.1:9650", "pid": 5}',
        );
        assert.deepEqual(context, { uri: 'http://127.0.0.1:9650', offLoopback: false, pid: 5 });
        const sidecar = parseSidecar(
            '{"Name": "x", "Networks": {"__proto__": {"BlockchainID": "y"}}}',
            '/s.json',
            undefined,
            '__proto__',
        );
        assert.ok(sidecar === undefined || sidecar.blockchainId === undefined);
        assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    });

    it('process.json as AvalancheGo writes it; off-loopback and unspecified hosts', () => {
        const text =
            '{\n  "pid": 4242,\n  "uri": "http://127.0.0.1:9650",\n  "stakingAddress": "127.0.0.1:9651"\n}';
        assert.deepEqual(parseProcessContext(text), {
            pid: 4242,
            uri: 'http://127.0.0.1:9650',
            offLoopback: false,
            stakingAddress: '127.0.0.1:9651',
        });
        assert.equal(parseProcessContext('{"uri":"http://10.0.0.5:9650"}')?.offLoopback, true);
        assert.equal(parseProcessContext('{"uri":"http://[::1]:9650"}')?.offLoopback, false);
        assert.equal(
            parseProcessContext('{"uri":"http://[::]:9650"}')?.uri,
            'http://127.0.0.1:9650',
        );
        assert.equal(
            parseProcessContext('{"uri":"http://127.0.0.1:9650","pid":-1}')?.pid,
            undefined,
        );
        assert.equal(
            parseProcessContext('{"uri":"http://127.0.0.1:9650","pid":0}')?.pid,
            undefined,
        );
    });

    it('sidecar fields; ids and addresses checked; names bounded', () => {
        const subnetId = randomCb58Id();
        const blockchainId = randomCb58Id();
        const text = JSON.stringify({
            Name: `  my\u0000L1${'x'.repeat(500)}`,
            VM: 'Subnet-EVM',
            TokenSymbol: 'ABC',
            ChainID: '',
            Networks: {
                'Local Network': {
                    SubnetID: subnetId,
                    BlockchainID: blockchainId,
                    RPCEndpoints: [
                        'http://127.0.0.1:9650/ext/bc/x/rpc',
                        'ws://bad',
                        7,
                        'http://10.1.1.1/rpc',
                    ],
                    TeleporterMessengerAddress: 'not an address',
                    TeleporterRegistryAddress: '0x17aB05351fC94a1a67Bf3f56DdbB941aE6c63E25',
                    ValidatorManagerAddress: '0x0000000000000000000000000000000000000000',
                },
                Fuji: { SubnetID: 'bad' },
            },
        });
        const parsed = parseSidecar(text, '/home/x/sidecar.json', '{"config":{"chainId":777}}');
        assert.ok(parsed);
        assert.equal(parsed.name.length, 200);
        assert.ok(parsed.name.startsWith('myL1'));
        assert.equal(parsed.subnetId, subnetId);
        assert.equal(parsed.blockchainId, blockchainId);
        assert.equal(parsed.evmChainId, 777);
        assert.equal(parsed.icmMessenger, undefined);
        assert.equal(parsed.icmRegistry, '0x17aB05351fC94a1a67Bf3f56DdbB941aE6c63E25');
        assert.equal(parsed.validatorManager, undefined);
        assert.deepEqual(parsed.rpcUrls, [
            'http://127.0.0.1:9650/ext/bc/x/rpc',
            'http://10.1.1.1/rpc',
        ]);
        assert.equal(parsed.offLoopback, true);
        assert.equal(parseSidecar(text, '/s', undefined, 'Mainnet'), undefined);
        const badIds = parseSidecar(
            JSON.stringify({
                Name: 'n',
                Networks: {
                    'Local Network': {
                        SubnetID: 'abc',
                        BlockchainID: '11111111111111111111111111111111LpoYY',
                    },
                },
            }),
            '/s',
        );
        assert.equal(badIds?.subnetId, undefined);
        assert.equal(badIds?.blockchainId, undefined);
    });
});

describe('(unit) local networks: discovery from files', function () {
    this.timeout(20_000);
    const homes: string[] = [];
    const services: LocalNetworks[] = [];
    const home = (): string => {
        const dir = tempHome();
        homes.push(dir);
        return dir;
    };
    const discover = (dir: string, env: Record<string, string> = {}): LocalNetworks => {
        const service = new LocalNetworks({ homeDir: dir, env, debounceMs: 50 });
        services.push(service);
        return service;
    };
    afterEach(() => {
        for (const service of services.splice(0)) service.dispose();
        for (const dir of homes.splice(0)) rmSync(dir, { recursive: true, force: true });
    });

    it('both shapes: one avalanche-cli network with its nodes and the L1 of its sidecar', async () => {
        const dir = home();
        const chain = l1('myl1', 99999);
        const files = writeLocalNetworkFiles(dir, {
            nodes: [
                { uri: 'http://127.0.0.1:9650', pid: process.pid },
                { uri: 'http://127.0.0.1:9652', pid: process.pid },
            ],
            l1s: [chain],
        });
        const networks = await discover(dir).list();
        assert.equal(networks.length, 1, JSON.stringify(networks));
        const network = networks[0]!;
        assert.equal(network.source, 'avalanche-cli');
        assert.equal(network.networkId, 88888);
        assert.ok(network.dir?.endsWith(path.basename(files.cliNetworkDir!)));
        assert.deepEqual(
            network.nodes.map((n) => [n.uri, n.nodeId, n.pid]),
            [
                ['http://127.0.0.1:9650', files.nodeIds[0], process.pid],
                ['http://127.0.0.1:9652', files.nodeIds[1], process.pid],
            ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
        );
        assert.equal(network.l1s.length, 1);
        const found = network.l1s[0]!;
        assert.equal(found.name, 'myl1');
        assert.equal(found.subnetId, chain.subnetId);
        assert.equal(found.blockchainId, chain.blockchainId);
        assert.equal(found.evmChainId, 99999);
        assert.equal(found.tokenSymbol, 'LOC');
        assert.equal(found.icmMessenger, chain.icmMessenger);
        assert.equal(found.icmRegistry, chain.icmRegistry);
        assert.equal(found.validatorManager, chain.validatorManager);
        assert.equal(found.offLoopback, undefined);
        assert.ok(found.rpcUrls.includes(`http://127.0.0.1:9650/ext/bc/${chain.blockchainId}/rpc`));
        assert.ok(found.rpcUrls.includes(`http://127.0.0.1:9652/ext/bc/${chain.blockchainId}/rpc`));
    });

    it('tmpnet only: the latest link, the subnet file and its base64 genesis', async () => {
        const dir = home();
        const chain = l1('tl1', 4321);
        const files = writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9660', pid: process.pid }],
            l1s: [chain],
            shapes: ['tmpnet'],
        });
        const networks = await discover(dir).list();
        assert.equal(networks.length, 1);
        const network = networks[0]!;
        assert.equal(network.source, 'tmpnet');
        assert.equal(network.key, `tmpnet:${files.tmpnetNetworkDir}`);
        assert.equal(network.l1s[0]?.blockchainId, chain.blockchainId);
        assert.equal(network.l1s[0]?.evmChainId, 4321);
        assert.deepEqual(network.l1s[0]?.rpcUrls, [
            `http://127.0.0.1:9660/ext/bc/${chain.blockchainId}/rpc`,
        ]);
    });

    it('TMPNET_NETWORK_DIR names a network outside ~/.tmpnet', async () => {
        const dir = home();
        const elsewhere = home();
        const files = writeLocalNetworkFiles(elsewhere, {
            nodes: [{ uri: 'http://localhost:9670', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        const networks = await discover(dir, {
            TMPNET_NETWORK_DIR: files.tmpnetNetworkDir!,
        }).list();
        assert.deepEqual(
            networks.map((n) => n.nodes.map((node) => node.uri)),
            [['http://localhost:9670']],
        );
    });

    it('a dead pid, a malformed or 5 MB file and an off-loopback URI are handled', async () => {
        assert.equal(processIsAlive(deadPid()), false);
        assert.equal(processIsAlive(process.pid), true);
        const dir = home();
        const files = writeLocalNetworkFiles(dir, {
            nodes: [
                { uri: 'http://127.0.0.1:9650', pid: process.pid },
                { uri: 'http://127.0.0.1:9652', pid: deadPid() },
                { uri: 'http://127.0.0.1:9654', pid: process.pid },
                { uri: 'http://192.0.2.7:9650', pid: process.pid },
            ],
            l1s: [l1('a', 1)],
            shapes: ['tmpnet'],
        });
        const byPort = (port: number): string =>
            files.processFiles.find((f) => {
                return readFileSync(f, 'utf8').includes(`:${port}"`);
            })!;
        const malformed = byPort(9654);
        writeFileSync(malformed, '{"pid": 1, "uri": "http://127.0.0.1:96');
        writeFileSync(
            path.join(files.tmpnetNetworkDir!, 'config.json'),
            `{"networkID": 1, "pad": "${'x'.repeat(5 * 1024 * 1024)}"}`,
        );
        writeFileSync(
            path.join(files.tmpnetNetworkDir!, 'subnets', 'junk.json'),
            '{"Chains": [1, null, {}]',
        );
        const networks = await discover(dir).list();
        assert.equal(networks.length, 1);
        const nodes = networks[0]!.nodes;
        assert.deepEqual(nodes.map((n) => n.uri).sort(), [
            'http://127.0.0.1:9650',
            'http://192.0.2.7:9650',
        ]);
        assert.equal(nodes.find((n) => n.uri.includes('192.0.2.7'))?.offLoopback, true);
        assert.equal(networks[0]!.networkId, undefined);
        // The off-loopback node gives the L1 no RPC URL: only the loopback one does.
        assert.deepEqual(
            networks[0]!.l1s[0]?.rpcUrls.map((u) => new URL(u).host),
            ['127.0.0.1:9650'],
        );
    });

    it('a missing home, a symlink loop and a FIFO neither throw nor hang', async () => {
        const missing = path.join(
            os.tmpdir(),
            `avalanche-explorer-none-${process.pid}-${Date.now()}`,
        );
        assert.deepEqual(await withTimeout(discover(missing).list(), 5000, 'missing home'), []);
        const dir = home();
        const root = path.join(dir, '.tmpnet', 'networks');
        mkdirSync(root, { recursive: true });
        symlinkSync('a', path.join(root, 'latest'));
        symlinkSync('b', path.join(root, 'a'));
        symlinkSync('a', path.join(root, 'b'));
        const cli = path.join(dir, '.avalanche-cli');
        mkdirSync(path.join(cli, 'subnets'), { recursive: true });
        writeFileSync(
            path.join(cli, 'localNetworks.json'),
            JSON.stringify({ networkDir: path.join(cli, 'runs', 'net') }),
        );
        mkdirSync(path.join(cli, 'runs', 'net'), { recursive: true });
        symlinkSync(path.join(cli, 'runs', 'net'), path.join(cli, 'runs', 'net', 'NodeID-loop'));
        symlinkSync(path.join(cli, 'subnets'), path.join(cli, 'subnets', 'self'));
        if (process.platform !== 'win32') {
            const fifoDir = path.join(cli, 'runs', 'net', randomNodeId());
            mkdirSync(fifoDir);
            spawnSync('mkfifo', [path.join(fifoDir, 'process.json')]);
        }
        assert.deepEqual(await withTimeout(discover(dir).list(), 5000, 'symlink loop'), []);
    });

    it('a removed node disappears and a new port is picked up, with onDidChange', async () => {
        const dir = home();
        const files = writeLocalNetworkFiles(dir, {
            nodes: [
                { uri: 'http://127.0.0.1:9650', pid: process.pid },
                { uri: 'http://127.0.0.1:9652', pid: process.pid },
            ],
            shapes: ['tmpnet'],
        });
        const service = discover(dir);
        const ports = (networks: readonly LocalNetwork[]): string[] =>
            networks.flatMap((n) => n.nodes.map((node) => new URL(node.uri).port)).sort();
        assert.deepEqual(ports(await service.list()), ['9650', '9652']);

        let changed = waitForChange(service);
        // AvalancheGo removes process.json on a clean stop (node/node.go).
        rmSync(files.processFiles[1]!);
        await changed;
        assert.deepEqual(ports(await service.list()), ['9650']);

        changed = waitForChange(service);
        const temp = `${files.processFiles[0]!}.tmp`;
        writeProcessJson(temp, { uri: 'http://127.0.0.1:9700', pid: process.pid });
        renameSync(temp, files.processFiles[0]!);
        await changed;
        assert.deepEqual(ports(await service.list()), ['9700']);

        changed = waitForChange(service);
        rmSync(files.processFiles[0]!);
        await changed;
        assert.deepEqual(await service.list(), []);
    });

    it('reads nothing before the first list(), and nothing after dispose()', async () => {
        const dir = home();
        const service = discover(dir);
        let events = 0;
        service.onDidChange(() => events++);
        writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9650', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(events, 0);
        assert.equal((await service.list()).length, 1);
        service.dispose();
        writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9651', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        await new Promise((resolve) => setTimeout(resolve, 200));
        assert.equal(events, 0);
        assert.deepEqual(await service.list(), []);
    });

    it('forget(): the next list() reads the files again, as on a first run', async () => {
        const dir = home();
        // Watching off (a debounce longer than the test): only a new read can see the change.
        const service = new LocalNetworks({ homeDir: dir, env: {}, debounceMs: 60_000 });
        services.push(service);
        writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9650', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        assert.deepEqual(
            (await service.list()).flatMap((n) => n.nodes.map((x) => x.uri)),
            ['http://127.0.0.1:9650'],
        );
        writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9657', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        assert.deepEqual(
            (await service.list()).flatMap((n) => n.nodes.map((x) => x.uri)),
            ['http://127.0.0.1:9650'],
        );
        service.forget();
        assert.deepEqual(
            (await service.list()).flatMap((n) => n.nodes.map((x) => x.uri)),
            ['http://127.0.0.1:9657'],
        );
    });

    it('caps the node directories read and flags an L1 whose stored RPC URL is off loopback', async () => {
        const dir = home();
        writeLocalNetworkFiles(dir, {
            nodes: [9650, 9652, 9654, 9656, 9658].map((port) => ({
                uri: `http://127.0.0.1:${port}`,
                pid: process.pid,
            })),
            l1s: [{ ...l1('far', 5), rpcUrl: 'http://203.0.113.5:9650/ext/bc/far/rpc' }],
            shapes: ['avalanche-cli'],
        });
        const service = new LocalNetworks({ homeDir: dir, env: {}, maxNodeDirs: 2 });
        services.push(service);
        const [network] = await service.list();
        assert.equal(network?.nodes.length, 2);
        assert.equal(network.l1s[0]?.offLoopback, true);
        assert.ok(network.l1s[0]?.rpcUrls.includes('http://203.0.113.5:9650/ext/bc/far/rpc'));
    });

    it('a network started after the first list and a re-pointed latest link are seen', async () => {
        const dir = home();
        const service = discover(dir);
        assert.deepEqual(await service.list(), []);
        let changed = waitForChange(service);
        writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9650', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        await changed;
        assert.equal((await service.list())[0]?.nodes[0]?.uri, 'http://127.0.0.1:9650');
        changed = waitForChange(service);
        const second = writeLocalNetworkFiles(dir, {
            nodes: [{ uri: 'http://127.0.0.1:9651', pid: process.pid }],
            shapes: ['tmpnet'],
        });
        await changed;
        const networks = await service.list();
        assert.equal(networks.length, 1);
        assert.equal(networks[0]?.key, `tmpnet:${second.tmpnetNetworkDir}`);
        assert.equal(networks[0]?.nodes[0]?.uri, 'http://127.0.0.1:9651');
    });
});

describe('(unit) local networks: probe', function () {
    this.timeout(20_000);

    it('finds a node answering info.getNodeID and skips silent and closed ports', async () => {
        const nodeId = randomNodeId();
        const seen: string[] = [];
        const answering = await listenOnLoopback(
            createServer((request: IncomingMessage, response: ServerResponse) => {
                let body = '';
                request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
                request.on('end', () => {
                    seen.push(`${request.url} ${body}`);
                    const { id } = JSON.parse(body) as { id: number };
                    response.setHeader('content-type', 'application/json');
                    response.end(
                        JSON.stringify({
                            jsonrpc: '2.0',
                            id,
                            result: {
                                nodeID: nodeId,
                                nodePOP: { publicKey: '0x00', proofOfPossession: '0x00' },
                            },
                        }),
                    );
                });
            }),
        );
        // Accepts connections and never answers.
        const sockets: Socket[] = [];
        const silent = createTcpServer((socket) => sockets.push(socket));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const silentPort = (silent.address() as { port: number }).port;
        const closed = createTcpServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
        const closedPort = (closed.address() as { port: number }).port;
        await new Promise<void>((resolve) => closed.close(() => resolve()));
        const answeringPort = Number(new URL(answering.url).port);
        const service = new LocalNetworks({
            homeDir: tempHome(),
            env: {},
            probePorts: [answeringPort, silentPort, closedPort, 0, 70000],
            probeTimeoutMs: 300,
        });
        try {
            const started = Date.now();
            const nodes = await service.probe();
            const elapsed = Date.now() - started;
            assert.deepEqual(nodes, [{ uri: answering.url, source: 'probe', nodeId }]);
            assert.ok(elapsed < 3000, `probe took ${elapsed} ms`);
            assert.equal(seen.length, 1);
            assert.match(seen[0]!, /^\/ext\/info .*"method":"info.getNodeID"/);
            const listed = await service.list();
            assert.deepEqual(probedLocalNetworks(nodes, listed), [
                {
                    key: `probe:${answering.url}`,
                    name: `Node at ${new URL(answering.url).host}`,
                    nodes,
                    l1s: [],
                    source: 'probe',
                },
            ]);
            const asListed: LocalNetwork = { ...probedLocalNetworks(nodes)[0]!, source: 'tmpnet' };
            assert.deepEqual(probedLocalNetworks(nodes, [asListed]), []);
            const aborted = new AbortController();
            aborted.abort();
            assert.deepEqual(await service.probe(aborted.signal), []);
        } finally {
            service.dispose();
            for (const socket of sockets) socket.destroy();
            await new Promise<void>((resolve) => silent.close(() => resolve()));
            await answering.close();
        }
    });
});
