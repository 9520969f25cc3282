/**
 * The one-node network with Helicon (AvalancheGo 1.15) active from genesis, and the Helicon
 * activity on it that a single node can show: an auto-renewed primary network validator (ACP-236)
 * whose configuration is changed and whose first cycle is rewarded.
 *
 * A local network cannot take an upgrade schedule (avalanchego's config/config.go,
 * getUpgradeConfig, refuses `--upgrade-file-content` for mainnet, Fuji and local), so the network
 * runs under network id 88888 (tmpnet's default) with the local genesis re-targeted at that id,
 * printed by the helper (test/realnode/go/cmd/helicon). Addresses then read `custom1…` and the AVAX
 * asset id differs from the local network's; the funded test key and the initial stakers are the
 * same.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import type { CustomNetwork } from './node';
import { rpc, sleep } from './node';

/** tmpnet's default network id (tests/fixture/tmpnet/network.go in avalanchego). */
export const heliconNetworkId = 88888;

/**
 * `upgrade.InitiallyActiveTime` (upgrade/upgrade.go at v1.15.0-fuji,
 * https://github.com/ava-labs/avalanchego/blob/v1.15.0-fuji/upgrade/upgrade.go): every upgrade
 * through Helicon is active from genesis.
 */
const initiallyActive = '2020-12-05T05:00:00Z';

/**
 * The upgrade config (upgrade.Config's JSON names at v1.15.0-fuji): AvalancheGo's default local
 * schedule with Helicon, unscheduled there, active from the start.
 */
export function heliconUpgradeConfig(): string {
    const times = [
        'apricotPhase1Time',
        'apricotPhase2Time',
        'apricotPhase3Time',
        'apricotPhase4Time',
        'apricotPhase5Time',
        'apricotPhasePre6Time',
        'apricotPhase6Time',
        'apricotPhasePost6Time',
        'banffTime',
        'cortinaTime',
        'durangoTime',
        'etnaTime',
        'fortunaTime',
        'graniteTime',
        'heliconTime',
    ];
    return JSON.stringify({
        ...Object.fromEntries(times.map((name) => [name, initiallyActive])),
        apricotPhase4MinPChainHeight: 0,
        cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
        // The default config's 30 s, in nanoseconds (a time.Duration).
        graniteEpochDuration: 30_000_000_000,
    });
}

/**
 * The shortest validation cycle the network accepts after Helicon (`--helicon-min-stake-duration`,
 * 1 h by default on local and custom networks), short enough that a cycle ends during a recording.
 */
export const minStakeDurationSeconds = 15;
/** The first cycle of the auto-renewed validator, and the one its config change asks for next. */
export const firstPeriodSeconds = 20;
export const nextPeriodSeconds = 30;

/** Writes the genesis into `dir` and returns the network the node is to start on. */
export async function heliconNetwork(helper: string, dir: string): Promise<CustomNetwork> {
    const genesis = await runHelper(helper, ['-print-genesis', `-network-id=${heliconNetworkId}`]);
    const genesisFile = path.join(dir, 'genesis.json');
    writeFileSync(genesisFile, genesis);
    return {
        id: heliconNetworkId,
        genesisFile,
        upgradeConfig: heliconUpgradeConfig(),
        flags: [`--helicon-min-stake-duration=${minStakeDurationSeconds}s`],
    };
}

/** What `makeAutoRenewedValidator` made on the P-Chain. */
export interface AutoRenewedActivity {
    nodeId: string;
    /** The AddAutoRenewedValidatorTx. */
    addTxId: string;
    /** The SetAutoRenewedValidatorConfigTx that asked for the next cycle's period. */
    setConfigTxId: string;
    /** The RewardAutoRenewedValidatorTx of the first cycle, and the proposal block holding it. */
    rewardTxId: string;
    rewardBlockHeight: string;
}

interface BlockTx {
    id?: string;
    unsignedTx?: { txID?: string; timestamp?: number };
}

/**
 * Adds the node itself as an auto-renewed validator (2,000 AVAX of the funded key, a first cycle
 * of `firstPeriodSeconds`, half the rewards restaked), changes its config (all rewards restaked,
 * `nextPeriodSeconds` from the next cycle on) and waits until the first cycle's reward
 * transaction is in a block. With sybil protection off the node counts itself connected, so the
 * cycle is rewarded.
 */
export async function makeAutoRenewedValidator(
    helper: string,
    uri: string,
    log: (line: string) => void,
): Promise<AutoRenewedActivity> {
    const startHeight = await pHeight(uri);
    const added = JSON.parse(
        await runHelper(helper, [
            `-uri=${uri}`,
            '-add-auto-renewed',
            `-period=${firstPeriodSeconds}s`,
            '-auto-compound=500000',
        ]),
    ) as { txID: string; nodeID: string };
    log(`auto-renewed validator ${added.nodeID}: ${added.txID}`);
    const set = JSON.parse(
        await runHelper(helper, [
            `-uri=${uri}`,
            `-set-auto-renewed=${added.txID}`,
            `-period=${nextPeriodSeconds}s`,
            '-auto-compound=1000000',
        ]),
    ) as { txID: string };
    log(`its config changed by ${set.txID}; waiting for the first cycle's reward`);
    const deadline = Date.now() + (firstPeriodSeconds + 90) * 1000;
    let height = startHeight + 1;
    while (Date.now() < deadline) {
        const top = await pHeight(uri);
        for (; height <= top; height++) {
            const { block } = (await rpc(uri, '/ext/bc/P', 'platform.getBlockByHeight', {
                height: String(height),
                encoding: 'json',
            })) as { block: { tx?: BlockTx; txs?: BlockTx[] } };
            for (const tx of [...(block.txs ?? []), ...(block.tx ? [block.tx] : [])]) {
                const u = tx.unsignedTx;
                if (u?.txID === added.txID && u.timestamp !== undefined && tx.id) {
                    log(`reward ${tx.id} at P-Chain height ${height}`);
                    return {
                        nodeId: added.nodeID,
                        addTxId: added.txID,
                        setConfigTxId: set.txID,
                        rewardTxId: tx.id,
                        rewardBlockHeight: String(height),
                    };
                }
            }
        }
        await sleep(1000);
    }
    throw new Error(`no RewardAutoRenewedValidatorTx for ${added.txID} within the deadline`);
}

async function pHeight(uri: string): Promise<number> {
    const { height } = (await rpc(uri, '/ext/bc/P', 'platform.getHeight', {})) as {
        height: string;
    };
    return Number(height);
}

/** Runs the helper and returns its stdout; its stderr is in the error when it fails. */
function runHelper(helper: string, args: string[], timeoutMs = 120_000): Promise<string> {
    return new Promise((resolve, reject) => {
        const child = spawn(helper, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
        child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.once('exit', (code) => {
            clearTimeout(timer);
            if (code === 0) resolve(out);
            else
                reject(
                    new Error(`${path.basename(helper)} ${args[0]} exited with ${code}:\n${err}`),
                );
        });
    });
}
