/**
 * Writes, under a throwaway home directory, the files avalanche-cli and AvalancheGo's tmpnet leave
 * for a running local network, in the shapes those tools write them, so that discovery
 * (`src/platform/localNetworks.ts`) can be pointed at any node: a fake one in the unit tests, the
 * real AvalancheGo of test/realnode in the node tier.
 *
 * Shapes, from the tools' sources:
 * - tmpnet (https://github.com/ava-labs/avalanchego/tree/v1.14.2/tests/fixture/tmpnet): a network
 *   directory named by its start time under `~/.tmpnet/networks`, the relative symlink `latest` to
 *   it (`tmpnetctl/main.go`), `config.json` (`serializedNetworkConfig`), `network.env`, one
 *   `NodeID-…` directory per node with `config.json` and the `process.json` AvalancheGo writes
 *   (`config/node/process_context.go`, `json.MarshalIndent` in `node/node.go`), and
 *   `subnets/<name>.json` (`Subnet`, Go field names, `Genesis` as base64).
 * - avalanche-cli (https://github.com/ava-labs/avalanche-cli): `~/.avalanche-cli/localNetworks.json`
 *   naming its tmpnet directory under `runs/network_<time>` (`pkg/localnet/localnetMeta.go`,
 *   `cmd/networkcmd/start.go`), and `subnets/<name>/sidecar.json` (`pkg/models/sidecar.go`) with
 *   `genesis.json`.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { cb58Encode, nodeIdPrefix } from '../../src/core/ids/cb58';

export interface LocalNetworkFileNode {
    /** The node's base URL, `http://127.0.0.1:<port>`. */
    readonly uri: string;
    /** Default: a random valid node id. */
    readonly nodeId?: string;
    readonly pid: number;
    /** Default `127.0.0.1:<port + 1>`. */
    readonly stakingAddress?: string;
}

export interface LocalNetworkFileL1 {
    readonly name: string;
    readonly subnetId: string;
    readonly blockchainId: string;
    /** Stored in the sidecar's RPCEndpoints; default: the first node's chain URL. */
    readonly rpcUrl?: string;
    readonly evmChainId: number;
    readonly vmId?: string;
    readonly tokenSymbol?: string;
    readonly icmMessenger?: string;
    readonly icmRegistry?: string;
    readonly validatorManager?: string;
}

export interface LocalNetworkFilesSpec {
    readonly nodes: readonly LocalNetworkFileNode[];
    readonly l1s?: readonly LocalNetworkFileL1[];
    /** Which tools' files to write; default both. */
    readonly shapes?: readonly ('avalanche-cli' | 'tmpnet')[];
    /** tmpnet's `networkID`; default 88888 (tmpnet's default; avalanche-cli uses 1337). */
    readonly networkId?: number;
}

export interface LocalNetworkFiles {
    /** The tmpnet directory avalanche-cli's localNetworks.json names, if written. */
    readonly cliNetworkDir?: string;
    /** The tmpnet network directory under ~/.tmpnet/networks, if written. */
    readonly tmpnetNetworkDir?: string;
    /** Every process.json written, per node in the order given. */
    readonly processFiles: readonly string[];
    /** Node ids used, in the order given. */
    readonly nodeIds: readonly string[];
}

/** A random valid `NodeID-…`. */
export function randomNodeId(): string {
    return nodeIdPrefix + cb58Encode(randomBytes(20));
}

/** A random valid cb58 id (32 bytes). */
export function randomCb58Id(): string {
    return cb58Encode(randomBytes(32));
}

function json(value: unknown): string {
    return JSON.stringify(value, null, 2);
}

/** Writes process.json as AvalancheGo does (`json.MarshalIndent(processContext, "", "  ")`). */
export function writeProcessJson(file: string, node: LocalNetworkFileNode): void {
    const port = Number(new URL(node.uri).port || 80);
    writeFileSync(
        file,
        json({
            pid: node.pid,
            uri: node.uri,
            stakingAddress: node.stakingAddress ?? `127.0.0.1:${port + 1}`,
        }),
    );
}

function genesis(l1: LocalNetworkFileL1): Record<string, unknown> {
    return {
        config: { chainId: l1.evmChainId, feeConfig: { gasLimit: 12000000 } },
        alloc: {},
        timestamp: '0x0',
        gasLimit: '0xb71b00',
    };
}

function writeTmpnetDir(
    dir: string,
    spec: LocalNetworkFilesSpec,
    nodeIds: readonly string[],
    owner: string,
): string[] {
    mkdirSync(path.join(dir, 'subnets'), { recursive: true });
    writeFileSync(
        path.join(dir, 'config.json'),
        json({ uuid: randomBytes(16).toString('hex'), owner, networkID: spec.networkId ?? 88888 }),
    );
    writeFileSync(path.join(dir, 'network.env'), `export TMPNET_NETWORK_DIR=${dir}`);
    const files: string[] = [];
    spec.nodes.forEach((node, i) => {
        const nodeDir = path.join(dir, nodeIds[i]!);
        mkdirSync(nodeDir, { recursive: true });
        writeFileSync(path.join(nodeDir, 'config.json'), json({ flags: {} }));
        const file = path.join(nodeDir, 'process.json');
        writeProcessJson(file, node);
        files.push(file);
    });
    for (const l1 of spec.l1s ?? []) {
        writeFileSync(
            path.join(dir, 'subnets', `${l1.name}.json`),
            json({
                Name: l1.name,
                Config: {},
                SubnetID: l1.subnetId,
                OwningKey: null,
                ValidatorIDs: [...nodeIds],
                Chains: [
                    {
                        VMID: l1.vmId ?? randomCb58Id(),
                        Config: '',
                        Genesis: Buffer.from(json(genesis(l1))).toString('base64'),
                        VersionArgs: null,
                        ChainID: l1.blockchainId,
                        PreFundedKey: null,
                    },
                ],
            }),
        );
    }
    return files;
}

/** A directory name in the form tmpnet and avalanche-cli use (`20060102-150405.999999`). */
function timestampName(): string {
    const d = new Date();
    const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
    return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}-${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}${randomBytes(2).toString('hex')}`;
}

/**
 * Writes the files of one running local network under `home`, as avalanche-cli and tmpnet would.
 * Both shapes name the same nodes, as when avalanche-cli's network is also the one a developer
 * points `TMPNET_NETWORK_DIR` at.
 */
export function writeLocalNetworkFiles(
    home: string,
    spec: LocalNetworkFilesSpec,
): LocalNetworkFiles {
    const shapes = spec.shapes ?? ['avalanche-cli', 'tmpnet'];
    const nodeIds = spec.nodes.map((n) => n.nodeId ?? randomNodeId());
    const processFiles: string[] = [];
    let cliNetworkDir: string | undefined;
    let tmpnetNetworkDir: string | undefined;
    if (shapes.includes('tmpnet')) {
        const root = path.join(home, '.tmpnet', 'networks');
        const name = timestampName();
        tmpnetNetworkDir = path.join(root, name);
        processFiles.push(...writeTmpnetDir(tmpnetNetworkDir, spec, nodeIds, 'tmpnetctl'));
        const latest = path.join(root, 'latest');
        rmSync(latest, { force: true });
        symlinkSync(name, latest);
    }
    if (shapes.includes('avalanche-cli')) {
        const base = path.join(home, '.avalanche-cli');
        cliNetworkDir = path.join(base, 'runs', `network_${timestampName()}`);
        processFiles.push(...writeTmpnetDir(cliNetworkDir, spec, nodeIds, 'avalanche-cli'));
        writeFileSync(
            path.join(base, 'localNetworks.json'),
            JSON.stringify({ networkDir: cliNetworkDir }),
        );
        const firstNode = spec.nodes[0]?.uri;
        for (const l1 of spec.l1s ?? []) {
            const dir = path.join(base, 'subnets', l1.name);
            mkdirSync(dir, { recursive: true });
            const rpcUrl =
                l1.rpcUrl ?? (firstNode ? `${firstNode}/ext/bc/${l1.blockchainId}/rpc` : undefined);
            writeFileSync(
                path.join(dir, 'sidecar.json'),
                json({
                    Name: l1.name,
                    VM: 'Subnet-EVM',
                    VMVersion: 'v0.8.0',
                    RPCVersion: 42,
                    Subnet: l1.name,
                    ExternalToken: false,
                    TokenName: `${l1.name} Token`,
                    TokenSymbol: l1.tokenSymbol ?? 'TST',
                    ChainID: String(l1.evmChainId),
                    Version: '1.4.0',
                    Networks: {
                        'Local Network': {
                            SubnetID: l1.subnetId,
                            BlockchainID: l1.blockchainId,
                            RPCVersion: 42,
                            TeleporterMessengerAddress: l1.icmMessenger ?? '',
                            TeleporterRegistryAddress: l1.icmRegistry ?? '',
                            RPCEndpoints: rpcUrl ? [rpcUrl] : [],
                            WSEndpoints: rpcUrl
                                ? [rpcUrl.replace(/^http/, 'ws').replace(/\/rpc$/, '/ws')]
                                : [],
                            BootstrapValidators: [],
                            ClusterName: '',
                            ValidatorManagerAddress: l1.validatorManager ?? '',
                            ValidatorManagerBlockchainID: l1.blockchainId,
                            ValidatorManagerRPCEndpoint: rpcUrl ?? '',
                            SpecializedValidatorManagerAddress: '',
                        },
                    },
                    ImportedFromAPM: false,
                    ImportedVMID: '',
                    CustomVMRepoURL: '',
                    CustomVMBranch: '',
                    CustomVMBuildScript: '',
                    TeleporterReady: l1.icmMessenger !== undefined,
                    TeleporterKey: '',
                    TeleporterVersion: '',
                    RunRelayer: false,
                    SubnetEVMMainnetChainID: 0,
                    ValidatorManagement: 'Proof Of Authority',
                    ValidatorManagerOwner: '',
                    ProxyContractOwner: '',
                    Sovereign: true,
                }),
            );
            writeFileSync(path.join(dir, 'genesis.json'), json(genesis(l1)));
        }
    }
    return {
        processFiles,
        nodeIds,
        ...(cliNetworkDir !== undefined ? { cliNetworkDir } : {}),
        ...(tmpnetNetworkDir !== undefined ? { tmpnetNetworkDir } : {}),
    };
}
