/**
 * Interchain Kit's local networks: its work directory's files (written in the kit's own shapes by
 * test/helpers/interchainKitFiles.ts) parsed by `core/local/interchainKit.ts`, found and watched
 * in a workspace folder by `LocalNetworks`, and read by the workspace index
 * (`core/workspace/interchainKit.ts`) so that hovers name its contracts on the right chain. And
 * above all: the funded account's private key (and the relayer's) is in nothing any of it makes.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describeLocalNetwork } from '../../../src/connection/localNetworkModel';
import { identifierAt, labelledAsSecret, parseIdentifier } from '../../../src/core/identifiers';
import { liveHoverMarkdown } from '../../../src/core/hover/markdown';
import type { LiveResult } from '../../../src/core/hover/types';
import {
    buildInterchainKitNetwork,
    nodeBaseUrl,
    parseInterchainKitNetwork,
    parseInterchainKitPids,
    parseInterchainKitServiceConfig,
    type InterchainKitDirContents,
} from '../../../src/core/local/interchainKit';
import type { LocalNetwork } from '../../../src/core/local/localNetwork';
import { classify, parseWorkspaceFile } from '../../../src/core/workspace';
import {
    directoryWorkspaceFiles,
    WorkspaceKnowledge,
} from '../../../src/core/workspace/workspaceKnowledge';
import { ContractKnowledge, nameText } from '../../../src/core/workspace/knowledge';
import { LocalNetworks, type LocalNetworksLog } from '../../../src/platform/localNetworks';
import {
    kitFundedAddress,
    kitRelayerAddress,
    tracesIn,
    writeInterchainKitFiles,
    type InterchainKitFilesSpec,
} from '../../helpers/interchainKitFiles';
import { randomCb58Id } from '../../helpers/localNetworkFiles';
import { indexOf } from '../../helpers/workspaceTree';
import { outRoot } from '../../helpers/paths';

/** Distinctive keys: their hex appears nowhere else. */
const fundedKey = '0x7a31f00dfeed5ecde7c0de0ddba11c0ffee1d5ea5e5ba5ebe11b0a710ad5eed1';
const relayerKey = '0x9e1a7e5ec4e7b0b5c0de1e55f00d5a1adba5eba11deadbeefcafe0b1e5eed042';
const keys = [fundedKey, relayerKey];

const teleporter = '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf';
const registry = '0x17aB05351fC94a1a67Bf3f56DdbB941aE6c63E25';
const l1Registry = '0x5DB9A7629912EBF95876228C24A848de0bfB43A9';
const manager = '0xfacade0000000000000000000000000000000000';
const workerScript = path.join(outRoot, 'src', 'core', 'workspace', 'parseWorker.js');

function spec(overrides: Partial<InterchainKitFilesSpec> = {}): InterchainKitFilesSpec {
    return {
        fundedKey,
        relayerKey,
        cChain: {
            name: 'cchain',
            evmChainId: 43112,
            blockchainId: randomCb58Id(),
            rpcUrl: 'http://127.0.0.1:9650/ext/bc/C/rpc',
            teleporter,
            teleporterRegistry: registry,
        },
        l1s: [
            {
                name: 'myl1',
                evmChainId: 999001,
                blockchainId: randomCb58Id(),
                subnetId: randomCb58Id(),
                rpcUrl: 'http://127.0.0.1:10250/ext/bc/2abc/rpc',
                teleporter,
                teleporterRegistry: l1Registry,
                validatorManager: manager,
            },
        ],
        processes: [
            { name: 'node-0', pid: process.pid, kind: 'primary' },
            { name: 'myl1-validator-0', pid: process.pid, kind: 'l1' },
            { name: 'icm-relayer', pid: process.pid, kind: 'relayer' },
            { name: 'signature-aggregator', pid: process.pid, kind: 'sigagg' },
        ],
        ...overrides,
    };
}

function tempDir(): string {
    return mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-kit-'));
}

/** A pid that belonged to a process that has exited. */
function deadPid(): number {
    return spawnSync(process.execPath, ['-e', '']).pid;
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

/** A log that keeps every line and every detail given to it. */
function recordingLog(): LocalNetworksLog & { readonly lines: unknown[] } {
    const lines: unknown[] = [];
    return {
        lines,
        debug: (message, ...details) => void lines.push(message, ...details.map(String)),
        warn: (message, ...details) => void lines.push(message, ...details.map(String)),
    };
}

function contentsOf(project: string, filesSpec = spec()): InterchainKitDirContents {
    const files = writeInterchainKitFiles(project, filesSpec);
    const read = (file: string): string => readFileSync(file, 'utf8');
    return {
        workDir: files.workDir,
        networkFile: files.networkJson,
        network: parseInterchainKitNetwork(read(files.networkJson), files.networkJson)!,
        processes: parseInterchainKitPids(read(files.pidsJson)),
        relayer: parseInterchainKitServiceConfig(read(files.relayerConfig)),
        signatureAggregator: parseInterchainKitServiceConfig(
            read(path.join(files.workDir, 'signature-aggregator.config.json')),
        ),
    };
}

describe('(unit) Interchain Kit: its files', () => {
    const dirs: string[] = [];
    afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
    const project = (): string => {
        const dir = tempDir();
        dirs.push(dir);
        return dir;
    };

    it('network.json: each chain’s RPC URL, ids, EVM id, ICM contracts, validator manager, the relayer', () => {
        const s = spec();
        const files = writeInterchainKitFiles(project(), s);
        const file = parseInterchainKitNetwork(
            readFileSync(files.networkJson, 'utf8'),
            files.networkJson,
        );
        assert.ok(file);
        assert.deepEqual(file.cChain, {
            name: 'cchain',
            rpcUrls: ['http://127.0.0.1:9650/ext/bc/C/rpc'],
            sourceFile: files.networkJson,
            blockchainId: s.cChain.blockchainId,
            evmChainId: 43112,
            icmMessenger: teleporter,
            icmRegistry: registry,
        });
        const l1 = s.l1s[0]!;
        assert.deepEqual(file.l1s, [
            {
                name: 'myl1',
                rpcUrls: [l1.rpcUrl],
                sourceFile: files.networkJson,
                subnetId: l1.subnetId,
                blockchainId: l1.blockchainId,
                evmChainId: 999001,
                icmMessenger: teleporter,
                icmRegistry: l1Registry,
                validatorManager: manager,
            },
        ]);
        assert.equal(file.relayerAddress, kitRelayerAddress);
    });

    it('the services’ ports, the processes, and the node base of an RPC URL', () => {
        const files = writeInterchainKitFiles(project(), spec({ relayerApiPort: 18080 }));
        assert.deepEqual(
            parseInterchainKitServiceConfig(readFileSync(files.relayerConfig, 'utf8')),
            {
                apiPort: 18080,
                metricsPort: 9090,
            },
        );
        assert.deepEqual(parseInterchainKitPids(readFileSync(files.pidsJson, 'utf8')), [
            { pid: process.pid, kind: 'primary' },
            { pid: process.pid, kind: 'l1' },
            { pid: process.pid, kind: 'relayer' },
            { pid: process.pid, kind: 'sigagg' },
        ]);
        // The kit's own readers take a record without a kind, and the legacy shape, as primary.
        assert.deepEqual(
            parseInterchainKitPids('{"processes":[{"pid":7},{"pid":-1},{"pid":8,"kind":"x"}]}'),
            [{ pid: 7, kind: 'primary' }],
        );
        assert.deepEqual(parseInterchainKitPids('{"pids":[5, 0, "6"]}'), [
            { pid: 5, kind: 'primary' },
        ]);
        assert.equal(nodeBaseUrl('http://127.0.0.1:9650/ext/bc/C/rpc'), 'http://127.0.0.1:9650');
        assert.equal(
            nodeBaseUrl('https://node.example/prefix/ext/bc/abc/rpc?token=x'),
            'https://node.example/prefix',
        );
        assert.equal(nodeBaseUrl('http://127.0.0.1:9650/rpc'), undefined);
        assert.equal(nodeBaseUrl('not a url'), undefined);
    });

    it('hostile text gives undefined or nothing, never a throw', () => {
        const hostile = [
            '',
            '{',
            'null',
            '[]',
            '"x"',
            '{"cChain": 5, "l1s": "no"}',
            '{"cChain": {"rpcUrl": "javascript:alert(1)"}}',
            '{"cChain": {"rpcUrl": "http://user:pw@127.0.0.1:9650/ext/bc/C/rpc"}}',
            `{"l1s": [${'['.repeat(10_000)}`,
            `{"cChain": {"rpcUrl": "http://127.0.0.1:1/ext/bc/C/rpc", "x": "${'a'.repeat(1_100_000)}"}}`,
        ];
        for (const text of hostile) {
            assert.equal(parseInterchainKitNetwork(text, '/n.json'), undefined, text.slice(0, 60));
            parseInterchainKitServiceConfig(text);
            parseInterchainKitPids(text);
        }
        const odd = parseInterchainKitNetwork(
            JSON.stringify({
                __proto__: { polluted: true },
                cChain: {
                    name: `a\u202eb${'n'.repeat(500)}`,
                    rpcUrl: 'http://203.0.113.9:9650/ext/bc/C/rpc',
                    evmChainId: '1e3',
                    teleporter: '0x0000000000000000000000000000000000000000',
                },
                l1s: Array.from({ length: 100 }, (_, i) => ({
                    name: `l${i}`,
                    rpcUrl: `http://127.0.0.1:${10000 + i}/ext/bc/x/rpc`,
                })),
            }),
            '/n.json',
        );
        assert.ok(odd?.cChain);
        assert.equal(odd.cChain.name.length, 64);
        assert.doesNotMatch(odd.cChain.name, /\u202e/);
        assert.equal(odd.cChain.offLoopback, true);
        assert.equal(odd.cChain.evmChainId, undefined);
        assert.equal(odd.cChain.icmMessenger, undefined);
        assert.equal(odd.l1s.length, 64);
        assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    });

    it('a network runs while one of its nodes does; the services’ URLs while theirs do', () => {
        const dir = project();
        const contents = contentsOf(dir);
        const network = buildInterchainKitNetwork(contents, () => true);
        assert.ok(network);
        assert.equal(network.source, 'interchain-kit');
        assert.equal(network.key, `interchain-kit:${contents.workDir}`);
        assert.equal(network.name, `Interchain Kit (${path.basename(dir)})`);
        assert.deepEqual(
            network.nodes.map((n) => [n.uri, n.source, n.offLoopback]),
            [
                ['http://127.0.0.1:9650', 'interchain-kit', undefined],
                ['http://127.0.0.1:10250', 'interchain-kit', undefined],
            ],
        );
        assert.equal(network.cChain?.icmMessenger, teleporter);
        assert.deepEqual(network.relayer, {
            address: kitRelayerAddress,
            apiUrl: 'http://127.0.0.1:8080',
            metricsUrl: 'http://127.0.0.1:9090',
        });
        assert.equal(network.signatureAggregatorUrl, 'http://127.0.0.1:8090');
        assert.deepEqual(describeLocalNetwork(network), {
            label: `Interchain Kit (${path.basename(dir)})`,
            description: 'http://127.0.0.1:9650',
            detail: 'Interchain Kit · 2 nodes · L1: myl1 · ICM relayer 127.0.0.1:8080',
        });

        const dead = deadPid();
        const relayerDown = buildInterchainKitNetwork(
            {
                ...contents,
                processes: [
                    { pid: process.pid, kind: 'primary' },
                    { pid: dead, kind: 'relayer' },
                ],
            },
            (pid) => pid !== dead,
        );
        assert.deepEqual(relayerDown?.relayer, { address: kitRelayerAddress });
        assert.equal(relayerDown?.signatureAggregatorUrl, undefined);
        // `down` deletes pids.json; a record naming only the relayer is no running network.
        assert.equal(
            buildInterchainKitNetwork({ ...contents, processes: undefined }, () => true),
            undefined,
        );
        assert.equal(
            buildInterchainKitNetwork(
                { ...contents, processes: [{ pid: process.pid, kind: 'relayer' }] },
                () => true,
            ),
            undefined,
        );
        assert.equal(
            buildInterchainKitNetwork(contents, () => false),
            undefined,
        );
    });
});

describe('(unit) Interchain Kit: the workspace index names its contracts on their chains', () => {
    const dirs: string[] = [];
    afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

    it('classifies network.json alone in the work directory', () => {
        assert.equal(classify('.interchain-kit/artifacts/network.json'), 'interchain-kit-network');
        assert.equal(
            classify('app/.interchain-kit/artifacts/network.json'),
            'interchain-kit-network',
        );
        for (const other of [
            '.interchain-kit/relayer.config.json',
            '.interchain-kit/signature-aggregator.config.json',
            '.interchain-kit/pids.json',
            '.interchain-kit/artifacts/.env',
            '.interchain-kit/data/myl1-validator-0/configs/genesis.json',
            '.interchain-kit/snapshots/x/sidecar.json',
            '.interchain-kit/artifacts/Foo.sol/Foo.json',
            'artifacts/network.json',
        ]) {
            assert.equal(classify(other), undefined, other);
        }
    });

    it('hovers name the messenger, registry, validator manager and relayer on the right chain only', () => {
        const s = spec();
        const dir = tempDir();
        dirs.push(dir);
        const files = writeInterchainKitFiles(dir, s);
        const rel = '.interchain-kit/artifacts/network.json';
        const knowledge = parseWorkspaceFile(rel, readFileSync(files.networkJson, 'utf8'));
        assert.ok(knowledge);
        assert.deepEqual(knowledge.problems, []);
        const contracts = new ContractKnowledge(indexOf(knowledge));
        const named = (chain: string, at: string): string | undefined => {
            const name = contracts.nameOf(chain, at) ?? contracts.roleOf(chain, at);
            return name && nameText(name);
        };
        const per = `per ${rel} (Interchain Kit network file)`;
        assert.equal(named('43112', teleporter), `TeleporterMessenger · deployed, ${per}`);
        assert.equal(named('999001', teleporter), `TeleporterMessenger · deployed, ${per}`);
        assert.equal(named('43112', registry), `TeleporterRegistry · deployed, ${per}`);
        assert.equal(
            named('999001', registry),
            undefined,
            'the C-Chain’s registry is not the L1’s',
        );
        assert.equal(named('999001', l1Registry), `TeleporterRegistry · deployed, ${per}`);
        assert.equal(named('999001', manager), `validator manager of myl1 · deployed, ${per}`);
        assert.equal(named('43112', manager), undefined);
        assert.equal(named('43114', teleporter), undefined, 'not on mainnet');
        assert.equal(named('999001', kitRelayerAddress), `ICM relayer · named, ${per}`);
        assert.equal(
            named('43112', kitRelayerAddress.toLowerCase()),
            `ICM relayer · named, ${per}`,
        );
        assert.equal(named('43112', kitFundedAddress), undefined, 'the funded account is not read');
        assert.equal(
            knowledge.deployments.find((d) => d.address === manager)?.blockchainId,
            s.l1s[0]!.blockchainId,
        );

        // The hover's line, as a person reads it.
        const result: LiveResult = {
            kind: 'evmAddress',
            address: kitRelayerAddress,
            chain: {
                evmChainId: '999001',
                blockchainId: s.l1s[0]!.blockchainId,
                name: 'myl1',
                symbol: 'AVAX',
                decimals: 18,
                network: 'local',
                isCChain: false,
            },
            tokens: [],
            tokenCount: 0,
            moreTokens: false,
            spamHidden: 0,
            isContract: false,
            notes: [],
        };
        const md = liveHoverMarkdown(result, { nowMs: Date.now(), contracts }).markdown;
        assert.match(md, /\*\*ICM relayer\*\* · named, per \\\.interchain\\-kit/);
    });

    it('a malformed network.json is one problem; the walk skips the kit’s node data', async () => {
        const dir = tempDir();
        dirs.push(dir);
        writeInterchainKitFiles(dir, spec());
        const data = path.join(dir, '.interchain-kit', 'data', 'node-0', 'configs');
        mkdirSync(data, { recursive: true });
        // A genesis named like avalanche-cli's: under the kit's data it is not read.
        writeFileSync(path.join(data, 'genesis.json'), '{"config":{"chainId":1}}');
        mkdirSync(path.join(dir, 'other', '.interchain-kit', 'artifacts'), { recursive: true });
        writeFileSync(
            path.join(dir, 'other', '.interchain-kit', 'artifacts', 'network.json'),
            '{"x"',
        );
        const k = new WorkspaceKnowledge(directoryWorkspaceFiles(dir), { workerScript });
        try {
            const index = await k.get();
            assert.deepEqual(index.fileNames().sort(), [
                '.interchain-kit/artifacts/network.json',
                'other/.interchain-kit/artifacts/network.json',
            ]);
            assert.deepEqual(index.file('other/.interchain-kit/artifacts/network.json')?.problems, [
                'other/.interchain-kit/artifacts/network.json: not an Interchain Kit network.json (not JSON, or no `cChain` and `l1s`)',
            ]);
            assert.deepEqual(
                tracesIn(
                    JSON.stringify(index.file('.interchain-kit/artifacts/network.json')),
                    keys,
                ),
                [],
            );
        } finally {
            k.dispose();
        }
    });
});

describe('(unit) Interchain Kit: found in a workspace folder and watched', function () {
    this.timeout(20_000);
    const dirs: string[] = [];
    const services: LocalNetworks[] = [];
    const dir = (): string => {
        const made = tempDir();
        dirs.push(made);
        return made;
    };
    const discover = (
        folders: readonly string[],
        options: {
            env?: Record<string, string>;
            log?: LocalNetworksLog;
            maxFileBytes?: number;
        } = {},
    ): LocalNetworks => {
        const service = new LocalNetworks({
            homeDir: dir(),
            env: options.env ?? {},
            workspaceFolders: () => folders,
            debounceMs: 50,
            ...(options.log ? { log: options.log } : {}),
            ...(options.maxFileBytes ? { maxFileBytes: options.maxFileBytes } : {}),
        });
        services.push(service);
        return service;
    };
    afterEach(() => {
        for (const service of services.splice(0)) service.dispose();
        for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    });

    it('the network of a folder’s .interchain-kit, with its chains and relayer', async () => {
        const folder = dir();
        const s = spec();
        writeInterchainKitFiles(folder, s);
        const [network, ...rest] = await discover([folder]).list();
        assert.deepEqual(rest, []);
        assert.ok(network);
        assert.equal(network.source, 'interchain-kit');
        assert.deepEqual(
            network.nodes.map((n) => n.uri),
            ['http://127.0.0.1:9650', 'http://127.0.0.1:10250'],
        );
        assert.equal(network.l1s[0]?.blockchainId, s.l1s[0]!.blockchainId);
        assert.equal(network.l1s[0]?.subnetId, s.l1s[0]!.subnetId);
        assert.equal(network.cChain?.icmRegistry, registry);
        assert.equal(network.relayer?.apiUrl, 'http://127.0.0.1:8080');
    });

    it('created after the first list, brought down (pids.json gone), and up again: onDidChange each time', async () => {
        const folder = dir();
        const service = discover([folder]);
        assert.deepEqual(await service.list(), []);
        let changed = waitForChange(service);
        const files = writeInterchainKitFiles(folder, spec());
        await changed;
        assert.equal((await service.list())[0]?.source, 'interchain-kit');
        changed = waitForChange(service);
        rmSync(files.pidsJson);
        await changed;
        assert.deepEqual(await service.list(), []);
        changed = waitForChange(service);
        writeInterchainKitFiles(folder, spec());
        await changed;
        assert.equal((await service.list()).length, 1);
    });

    it('INTERCHAIN_KIT_WORK_DIR names a work directory anywhere; the same one is listed once', async () => {
        const elsewhere = dir();
        const files = writeInterchainKitFiles(
            elsewhere,
            spec({ workDir: path.join(elsewhere, 'kit') }),
        );
        const networks = await discover([], {
            env: { INTERCHAIN_KIT_WORK_DIR: files.workDir },
        }).list();
        assert.equal(networks.length, 1);
        const folder = dir();
        const same = writeInterchainKitFiles(folder, spec());
        const twice = await discover([folder], {
            env: { INTERCHAIN_KIT_WORK_DIR: same.workDir },
        }).list();
        assert.equal(twice.length, 1);
    });

    it('a link out of the folder, a FIFO, a directory and an oversized file are not read', async () => {
        const folder = dir();
        const outside = dir();
        writeInterchainKitFiles(outside, spec());
        symlinkSync(path.join(outside, '.interchain-kit'), path.join(folder, '.interchain-kit'));
        assert.deepEqual(await discover([folder]).list(), []);
        // Without the confinement (the variable is the user's own) the same link is followed.
        assert.equal(
            (
                await discover([], {
                    env: { INTERCHAIN_KIT_WORK_DIR: path.join(folder, '.interchain-kit') },
                }).list()
            ).length,
            1,
        );

        const fifoFolder = dir();
        writeInterchainKitFiles(fifoFolder, spec());
        const network = path.join(fifoFolder, '.interchain-kit', 'artifacts', 'network.json');
        rmSync(network);
        spawnSync('mkfifo', [network]);
        const started = Date.now();
        assert.deepEqual(await discover([fifoFolder]).list(), []);
        assert.ok(Date.now() - started < 3000, 'the FIFO did not block the scan');

        const dirFolder = dir();
        writeInterchainKitFiles(dirFolder, spec());
        const asDir = path.join(dirFolder, '.interchain-kit', 'artifacts', 'network.json');
        rmSync(asDir);
        mkdirSync(asDir);
        assert.deepEqual(await discover([dirFolder]).list(), []);

        // network.json padded to 64 kB, past every other file of the kit.
        const big = dir();
        const files = writeInterchainKitFiles(big, spec());
        writeFileSync(
            files.networkJson,
            readFileSync(files.networkJson, 'utf8').padEnd(64 * 1024 - 1, ' ') + '\n',
        );
        assert.deepEqual(await discover([big], { maxFileBytes: 64 * 1024 - 1 }).list(), []);
        assert.equal((await discover([big], { maxFileBytes: 64 * 1024 }).list()).length, 1);
    });

    it('an RPC URL off this machine is kept, flagged offLoopback', async () => {
        const folder = dir();
        const s = spec();
        writeInterchainKitFiles(folder, {
            ...s,
            l1s: [{ ...s.l1s[0]!, rpcUrl: 'http://203.0.113.7:9650/ext/bc/x/rpc' }],
        });
        const [network] = await discover([folder]).list();
        assert.equal(network?.l1s[0]?.offLoopback, true);
        assert.equal(
            network?.nodes.find((n) => n.uri === 'http://203.0.113.7:9650')?.offLoopback,
            true,
        );
        assert.equal(network?.nodes[0]?.offLoopback, undefined);
        assert.match(describeLocalNetwork(network).detail, /Interchain Kit · 2 nodes/);
    });
});

describe('(unit) Interchain Kit: the private keys are in nothing made from the files', function () {
    this.timeout(20_000);
    const dirs: string[] = [];
    afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

    it('every parsed structure, log line, description and hover of a kit with distinctive keys', async () => {
        const folder = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-kit-'));
        const home = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-kit-home-'));
        dirs.push(folder, home);
        const s = spec();
        const files = writeInterchainKitFiles(folder, s);
        // The keys are in the files the kit writes, so that their absence below means something.
        const written = files.files.map((f) => readFileSync(f, 'utf8')).join('\n');
        assert.equal(tracesIn(written, [fundedKey]).length, 4);
        assert.equal(tracesIn(written, [relayerKey]).length, 4);

        // A second folder whose files are hostile: keys where names and URLs go, and a network
        // file that is not JSON (its parse error must not quote it).
        const hostile = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-kit-'));
        dirs.push(hostile);
        const hostileFiles = writeInterchainKitFiles(hostile, {
            ...s,
            cChain: {
                ...s.cChain,
                name: fundedKey,
                rpcUrl: `http://127.0.0.1:9650/ext/bc/${fundedKey}/rpc`,
            },
            // Another port: two work directories naming the same nodes are one network.
            l1s: [{ ...s.l1s[0]!, rpcUrl: 'http://127.0.0.1:10350/ext/bc/x/rpc' }],
        });
        const broken = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-kit-'));
        dirs.push(broken);
        const brokenFiles = writeInterchainKitFiles(broken, s);
        writeFileSync(brokenFiles.networkJson, `{"funded":{"privateKey":"${fundedKey}"`);

        const log = recordingLog();
        const service = new LocalNetworks({
            homeDir: home,
            env: {},
            workspaceFolders: () => [folder, hostile, broken],
            log,
        });
        let networks: readonly LocalNetwork[];
        try {
            networks = await service.list();
        } finally {
            service.dispose();
        }
        assert.equal(networks.length, 2);
        // The key-shaped name and URL are not kept: the C-Chain keeps its id, under a plain name.
        const kept = networks.find((n) => n.key.includes(path.basename(hostile)))?.cChain;
        assert.deepEqual([kept?.name, kept?.rpcUrls], ['C-Chain', []]);

        const produced: unknown[] = [networks, log.lines, networks.map(describeLocalNetwork)];
        for (const f of [files, hostileFiles, brokenFiles]) {
            const read = (file: string): string => readFileSync(file, 'utf8');
            produced.push(
                parseInterchainKitNetwork(read(f.networkJson), f.networkJson),
                parseInterchainKitServiceConfig(read(f.relayerConfig)),
                parseInterchainKitPids(read(f.pidsJson)),
                parseWorkspaceFile('.interchain-kit/artifacts/network.json', read(f.networkJson)),
            );
        }
        const knowledge = parseWorkspaceFile(
            '.interchain-kit/artifacts/network.json',
            readFileSync(files.networkJson, 'utf8'),
        )!;
        const contracts = new ContractKnowledge(indexOf(knowledge));
        for (const at of [teleporter, registry, manager, kitRelayerAddress]) {
            for (const chain of ['43112', '999001']) {
                const name = contracts.nameOf(chain, at) ?? contracts.roleOf(chain, at);
                produced.push(name, name && nameText(name));
            }
        }
        const text = JSON.stringify(produced);
        assert.ok(text.includes(teleporter) && text.includes('ICM relayer'), 'something was made');
        assert.deepEqual(tracesIn(text, keys), []);
    });

    it('a 32-byte hex a key labels a private key is no identifier under the pointer', () => {
        const lines = [
            `    "privateKey": "${fundedKey}"`,
            `  privateKey: "${fundedKey}" as Hex,`,
            `FUNDED_KEY=${fundedKey}`,
            `      "account-private-key": "${relayerKey}"`,
            `PRIVATE_KEY = '${fundedKey}'`,
        ];
        for (const line of lines) {
            const at = line.indexOf('0x') + 5;
            assert.equal(identifierAt(line, at), undefined, line);
            const start = line.indexOf('0x');
            assert.equal(
                parseIdentifier(line.slice(start, start + 66), { text: line, offset: start }),
                undefined,
                line,
            );
            assert.ok(labelledAsSecret(line, start), line);
        }
        // A hash beside other keys is still one; so is the key's text without a label.
        const hash = `0x${'ab'.repeat(32)}`;
        for (const line of [`"transactionHash": "${hash}"`, `tx ${hash}`, `"keyHash": "${hash}"`]) {
            assert.equal(identifierAt(line, line.indexOf('0x') + 5)?.kind, 'hash32', line);
        }
        assert.equal(parseIdentifier(fundedKey)?.kind, 'hash32');
    });
});
