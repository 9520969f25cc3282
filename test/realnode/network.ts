/**
 * A real local Avalanche network for tests: one AvalancheGo node on loopback that is the whole
 * network, a subnet with a Subnet-EVM chain on it (converted to an L1 validated by the node), and
 * real activity on the C-Chain and on the L1. `startRealNetwork()` returns the URLs, ids and
 * hashes it made; `network.stop()` stops the node and removes its data unless told to keep it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { blockchainIdHex } from '../../src/core/icm/messageId';
import { tracingEthApis } from '../../src/core/trace/unavailable';
import { makeActivity, repoRoot, type ChainActivity } from './activity';
import { heliconNetwork, makeAutoRenewedValidator, type AutoRenewedActivity } from './helicon';
import { AvalancheNode, freePort, primaryChains, rpc } from './node';
import { icmContracts, makeIcmActivity, type IcmActivity } from './teleporter';

/** What `scripts/avalanchego.mjs --json` provides. */
export interface NodeTools {
    version: string;
    avalanchego: string;
    pluginDir: string;
    l1setup: string;
    source: 'env' | 'cache' | 'built';
    /**
     * The Helicon helper (test/realnode/go/cmd/helicon) of a v1.15 build from source
     * (scripts/avalanchego-source.mjs). With it the network runs with Helicon active from genesis
     * (test/realnode/helicon.ts) and gets an auto-renewed validator.
     */
    heliconHelper?: string;
    /** The commit the node was built from, when built from source. */
    commit?: string;
}

/** What l1setup printed. */
export interface L1Setup {
    subnetID: string;
    blockchainID: string;
    convertAttempted: boolean;
    convertTxID?: string;
    validationID?: string;
    /** The L1 validator's weight, decimal (2^53 + 1, past what a JS number holds). */
    validatorWeight?: string;
    convertError?: string;
    nodeID?: string;
    elapsedMs: number;
}

/** Everything a test needs to reach the network and to know what is on it. */
export interface RealNetworkInfo {
    version: string;
    /** The node's base URL, for example http://127.0.0.1:40123. */
    uri: string;
    nodeId: string;
    networkId: number;
    /** The AVAX asset id: the id of the genesis CreateAssetTx, which names the network id. */
    avaxAssetId: string;
    dataDir: string;
    logDir: string;
    /**
     * The node's `--chain-config-dir`: `C/config.json` and `<L1 blockchain id>/config.json` turn
     * on the tracer (`tracingEthApis` of src/core/trace/unavailable.ts: the default `eth-apis` and
     * `debug-tracer`); a chain created later has no file there and serves no `debug_*` until the
     * node restarts with one.
     */
    chainConfigDir: string;
    cChain: { blockchainId: string; rpcUrl: string; activity: ChainActivity };
    l1: {
        subnetId: string;
        blockchainId: string;
        rpcUrl: string;
        validatorsUrl: string;
        /** True when ConvertSubnetToL1Tx was accepted. */
        converted: boolean;
        convertTxId?: string;
        validationId?: string;
        /** The converted L1's one validator's weight, as a decimal string. */
        validatorWeight?: string;
        convertError?: string;
        activity: ChainActivity;
    };
    xChainId: string;
    /** Present when Helicon is active (tools with a Helicon helper). */
    helicon?: { autoRenewed: AutoRenewedActivity };
    timings: Record<string, number>;
    /**
     * The workspace `cli.ts --workspace` wrote (workspaceRecords.ts): the Foundry and Hardhat
     * trees with the deployment records of this network's activity; absent without that option.
     */
    workspaceDir?: string;
    /**
     * The real TeleporterMessenger and TeleporterRegistry on both chains and one message sent each
     * way (teleporter.ts); absent on the Helicon network and with `teleporter: false`.
     */
    icm?: IcmActivity;
}

export interface RealNetwork {
    readonly info: RealNetworkInfo;
    readonly node: AvalancheNode;
    /** Stops the node; keeps its data dir and logs when `keep` is true. */
    stop(keep?: boolean): Promise<void>;
}

/** Name and chain id of the L1 (test/realnode/l1-genesis.json). */
export const l1ChainName = 'explorertest';
export const l1EvmChainId = 78999;

/** Writes `<dir>/<chain>/config.json`, the file AvalancheGo's `--chain-config-dir` reads per chain. */
export function writeChainConfig(dir: string, chain: string, config: unknown): void {
    mkdirSync(path.join(dir, chain), { recursive: true });
    writeFileSync(path.join(dir, chain, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
}

/** Runs scripts/avalanchego.mjs (env overrides, build or cache) unless the runner did already. */
export function provideTools(): NodeTools {
    const fromRunner = process.env['REALNODE_TOOLS'];
    if (fromRunner) return JSON.parse(fromRunner) as NodeTools;
    const result = spawnSync(
        process.execPath,
        [path.join(repoRoot(), 'scripts/avalanchego.mjs'), '--json'],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (result.status !== 0) {
        throw new Error('scripts/avalanchego.mjs could not provide AvalancheGo (see above).');
    }
    const last = result.stdout.trim().split('\n').pop() ?? '';
    return JSON.parse(last) as NodeTools;
}

export async function startRealNetwork(
    options: {
        tools?: NodeTools;
        log?: (line: string) => void;
        convert?: boolean;
        teleporter?: boolean;
    } = {},
): Promise<RealNetwork> {
    const log = options.log ?? ((line: string) => console.log(`[realnode] ${line}`));
    const tools = options.tools ?? provideTools();
    // The Helicon C-Chain serves no `warp_*` (README.md), so Teleporter runs on v1.14.2 only.
    const contracts =
        (options.teleporter ?? true) && !tools.heliconHelper ? icmContracts() : undefined;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'avx-realnode-'));
    const timings: Record<string, number> = {};
    const started = Date.now();
    // Chain configs are read when the node starts; the L1's is written before the restart below.
    const chainConfigDir = path.join(dataDir, 'chain-configs');
    // `warp-api-enabled`: the relayer of teleporter.ts asks the source chain's `warp_*` for a
    // message's aggregate signature.
    writeChainConfig(chainConfigDir, 'C', { 'eth-apis': tracingEthApis, 'warp-api-enabled': true });
    const mark = (name: string, since: number): void => {
        timings[name] = Date.now() - since;
    };
    const node = new AvalancheNode({
        binary: tools.avalanchego,
        pluginDir: tools.pluginDir,
        dataDir,
        httpPort: await freePort(),
        chainConfigDir,
        ...(tools.heliconHelper
            ? { network: await heliconNetwork(tools.heliconHelper, dataDir) }
            : {}),
    });
    const network: RealNetwork = {
        get info(): RealNetworkInfo {
            if (!info) throw new Error('the network is not ready');
            return info;
        },
        node,
        async stop(keep = false) {
            await node.stop();
            if (!keep) rmSync(dataDir, { recursive: true, force: true });
        },
    };
    let info: RealNetworkInfo | undefined;
    try {
        let t = Date.now();
        await node.start();
        await node.waitBootstrapped(primaryChains);
        mark('firstBootstrap', t);
        log(
            `avalanchego ${tools.version} at ${node.uri}: P, X, C bootstrapped in ${timings['firstBootstrap']} ms`,
        );

        t = Date.now();
        const setup = await runL1Setup(tools, node.uri, options.convert ?? true);
        mark('l1setup', t);
        log(
            `subnet ${setup.subnetID}, chain ${setup.blockchainID}` +
                (setup.convertTxID
                    ? `, converted to an L1 (${setup.convertTxID})`
                    : setup.convertError
                      ? `, conversion refused: ${setup.convertError}`
                      : ''),
        );

        // With sybil protection off the node creates every subnet's chains at once, so the
        // restart is not needed to serve the chain; it is what an operator does, and it checks
        // that the node comes back on the same data dir and port with the subnet tracked.
        const servedBefore = await node
            .waitBootstrapped([setup.blockchainID], 15_000)
            .then(() => true)
            .catch(() => false);
        log(`before the restart with --track-subnets the chain is served: ${servedBefore}`);
        t = Date.now();
        await node.stop();
        writeChainConfig(chainConfigDir, setup.blockchainID, {
            'eth-apis': tracingEthApis,
            'warp-api-enabled': true,
        });
        node.setTrackSubnets([setup.subnetID]);
        await node.start();
        await node.waitBootstrapped([...primaryChains, setup.blockchainID]);
        mark('restartTracking', t);

        const nodeId = (
            (await rpc(node.uri, '/ext/info', 'info.getNodeID', {})) as { nodeID: string }
        ).nodeID;
        const networkId = Number(
            ((await rpc(node.uri, '/ext/info', 'info.getNetworkID', {})) as { networkID: string })
                .networkID,
        );
        const idOf = async (alias: string): Promise<string> =>
            (
                (await rpc(node.uri, '/ext/info', 'info.getBlockchainID', { alias })) as {
                    blockchainID: string;
                }
            ).blockchainID;

        t = Date.now();
        const cRpc = `${node.uri}/ext/bc/C/rpc`;
        const l1Rpc = `${node.uri}/ext/bc/${setup.blockchainID}/rpc`;
        const [cActivity, l1Activity] = await Promise.all([
            makeActivity(cRpc, 'C-Chain'),
            makeActivity(l1Rpc, l1ChainName),
        ]);
        mark('activity', t);
        let icm: IcmActivity | undefined;
        if (contracts) {
            t = Date.now();
            const [cId, lId] = [await idOf('C'), setup.blockchainID];
            icm = await makeIcmActivity(
                {
                    cChain: { rpcUrl: cRpc, blockchainId: cId, blockchainIdHex: hexOf(cId) },
                    l1: {
                        rpcUrl: l1Rpc,
                        blockchainId: lId,
                        blockchainIdHex: hexOf(lId),
                        subnetId: setup.subnetID,
                    },
                },
                contracts,
            );
            mark('teleporter', t);
            log(
                `Teleporter at ${icm.cChain.messenger} on both chains, ${icm.messages.length} messages sent` +
                    (icm.downloadedBytes ? `, ${icm.downloadedBytes} bytes downloaded` : ''),
            );
        }
        let helicon: RealNetworkInfo['helicon'];
        if (tools.heliconHelper) {
            t = Date.now();
            helicon = {
                autoRenewed: await makeAutoRenewedValidator(tools.heliconHelper, node.uri, log),
            };
            mark('autoRenewed', t);
        }
        const avaxAssetId = (
            (await rpc(node.uri, '/ext/bc/X', 'avm.getAssetDescription', { assetID: 'AVAX' })) as {
                assetID: string;
            }
        ).assetID;
        timings['total'] = Date.now() - started;
        info = {
            version: tools.version,
            uri: node.uri,
            nodeId,
            networkId,
            avaxAssetId,
            dataDir,
            logDir: node.logDir,
            chainConfigDir,
            cChain: { blockchainId: await idOf('C'), rpcUrl: cRpc, activity: cActivity },
            xChainId: await idOf('X'),
            l1: {
                subnetId: setup.subnetID,
                blockchainId: setup.blockchainID,
                rpcUrl: l1Rpc,
                validatorsUrl: `${node.uri}/ext/bc/${setup.blockchainID}/validators`,
                converted: setup.convertTxID !== undefined,
                ...(setup.convertTxID ? { convertTxId: setup.convertTxID } : {}),
                ...(setup.validationID ? { validationId: setup.validationID } : {}),
                ...(setup.validatorWeight ? { validatorWeight: setup.validatorWeight } : {}),
                ...(setup.convertError ? { convertError: setup.convertError } : {}),
                activity: l1Activity,
            },
            ...(helicon ? { helicon } : {}),
            ...(icm ? { icm } : {}),
            timings,
        };
        log(`network ready in ${timings['total']} ms (${JSON.stringify(timings)})`);
        return network;
    } catch (error) {
        const kept = keepLogs(dataDir, 'setup-failed');
        await node.stop().catch(() => undefined);
        throw new Error(`${(error as Error).message}\n(node logs kept in ${kept})`, {
            cause: error,
        });
    }
}

/** A cb58 blockchain id as the `0x` + 64 hex digits Teleporter takes. */
function hexOf(id: string): `0x${string}` {
    const hex = blockchainIdHex(id);
    if (!hex) throw new Error(`${id} is not a blockchain id`);
    return hex as `0x${string}`;
}

/**
 * Creates a subnet and a Subnet-EVM chain on it with l1setup (and converts it to an L1 when
 * `convert`). With sybil protection off the node serves the chain at once, with the chain configs
 * it read when it started: none for a chain created since.
 */
export async function runL1Setup(
    tools: NodeTools,
    uri: string,
    convert: boolean,
    name = l1ChainName,
): Promise<L1Setup> {
    const genesis = path.join(repoRoot(), 'test/realnode/l1-genesis.json');
    const args = [`-uri=${uri}`, `-genesis=${genesis}`, `-name=${name}`];
    // The validator manager address is only recorded by the P-Chain; no contract is needed there
    // for the conversion to be accepted.
    if (convert) args.push('-convert', '-manager=0x0feedc0de0000000000000000000000000000000');
    return new Promise((resolve, reject) => {
        const child = spawn(tools.l1setup, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
        const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
        child.once('exit', (code) => {
            clearTimeout(timer);
            if (code !== 0) {
                reject(new Error(`l1setup exited with ${code}:\n${err}`));
                return;
            }
            try {
                resolve(JSON.parse(out) as L1Setup);
            } catch {
                reject(new Error(`l1setup printed no JSON:\n${out}\n${err}`));
            }
        });
    });
}

/**
 * Issues an IncreaseL1ValidatorBalanceTx of `amountNAvax` for `validationId` through l1setup and
 * returns its transaction id once the node has taken it, without waiting for it to be decided.
 */
export async function increaseL1ValidatorBalance(
    uri: string,
    validationId: string,
    amountNAvax: bigint,
    tools: NodeTools = provideTools(),
): Promise<string> {
    const args = [`-uri=${uri}`, `-increase-balance=${validationId}`, `-amount=${amountNAvax}`];
    const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(tools.l1setup, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('exit', (code) => {
            clearTimeout(timer);
            if (code === 0) resolve(stdout);
            else reject(new Error(`l1setup -increase-balance exited with ${code}:\n${stderr}`));
        });
    });
    const { txID } = JSON.parse(out) as { txID?: string };
    if (!txID) throw new Error(`l1setup -increase-balance printed no txID:\n${out}`);
    return txID;
}

/**
 * Copies the node's logs to test-results/realnode-logs/<label>-<time>/ in the repository, where
 * CI keeps artifacts, and returns that path.
 */
export function keepLogs(dataDir: string, label: string): string {
    const target = path.join(
        repoRoot(),
        'test-results/realnode-logs',
        `${label}-${new Date().toISOString().replace(/[:.]/g, '-')}`,
    );
    try {
        mkdirSync(target, { recursive: true });
        cpSync(path.join(dataDir, 'logs'), target, { recursive: true });
        writeFileSync(path.join(target, 'data-dir.txt'), `${dataDir}\n`);
    } catch {
        // nothing written yet
    }
    return target;
}
