/**
 * An L1's files as avalanche-cli keeps them (`~/.avalanche-cli/subnets/<name>/sidecar.json` and
 * `genesis.json`, or `<name>_sidecar.json` and `<name>_genesis.json` from before its migration),
 * when a workspace holds a copy: the L1's contracts and the roles of addresses, per network it was
 * deployed on.
 *
 * The sidecar is read by `core/local`'s `parseSidecar` (one call per entry of `Networks`), so the
 * fields and their checks are those of the local network discovery; see there for
 * `pkg/models/sidecar.go`. Of `NetworkData`, the contracts are `TeleporterMessengerAddress`,
 * `TeleporterRegistryAddress`, `ValidatorManagerAddress` (on `ValidatorManagerBlockchainID`,
 * which may be another chain) and `SpecializedValidatorManagerAddress`; of the sidecar,
 * `ValidatorManagerOwner` and `ProxyContractOwner` are addresses with a role. avalanche-cli has no
 * `ProxyContractAddress` field: the proxies are at fixed addresses in the genesis (below).
 *
 * The genesis is Subnet-EVM's (`core.Genesis` in https://github.com/ava-labs/subnet-evm/blob/master/core/genesis.go):
 * `config.chainId`, the precompile configs inline in `config` under their module's `ConfigKey`
 * (`ChainConfig.UnmarshalJSON` in `params/extras/config.go`) with `adminAddresses`,
 * `managerAddresses`, `enabledAddresses` (`precompile/allowlist/config.go`) and, for the reward
 * manager, `initialRewardConfig.rewardAddress`; `alloc` keyed by address without 0x, each with
 * `code` (0x hex), `balance`, `storage`, `nonce`.
 */
import { parseSidecar, sidecarNetworkNames } from '../local/parseLocalFiles';
import type { LocalL1 } from '../local/localNetwork';
import { deploymentRecorder, nothingFrom } from './artifacts';
import { codeBytes, hashWithZeroedRanges } from './bytecode';
import { address, chainId as chainIdOf, field, isObject, parseJson, Problems } from './json';
import type { DeployedContract, FileKnowledge, NamedAddress, Origin } from './types';

/**
 * Subnet-EVM's stateful precompiles: `ConfigKey` and `ContractAddress` of each module
 * (`precompile/contracts/*\/module.go`), and the Solidity interface it answers
 * (`INativeMinter.sol`, `IAllowList.sol`, … beside each module).
 */
const precompiles = [
    {
        key: 'contractDeployerAllowListConfig',
        address: '0x0200000000000000000000000000000000000000',
        interface: 'IAllowList',
        title: 'Contract Deployer Allow List',
    },
    {
        key: 'contractNativeMinterConfig',
        address: '0x0200000000000000000000000000000000000001',
        interface: 'INativeMinter',
        title: 'Native Minter',
    },
    {
        key: 'txAllowListConfig',
        address: '0x0200000000000000000000000000000000000002',
        interface: 'IAllowList',
        title: 'Transaction Allow List',
    },
    {
        key: 'feeManagerConfig',
        address: '0x0200000000000000000000000000000000000003',
        interface: 'IFeeManager',
        title: 'Fee Manager',
    },
    {
        key: 'rewardManagerConfig',
        address: '0x0200000000000000000000000000000000000004',
        interface: 'IRewardManager',
        title: 'Reward Manager',
    },
    {
        key: 'warpConfig',
        address: '0x0200000000000000000000000000000000000005',
        interface: 'IWarpMessenger',
        title: 'Warp Messenger',
    },
] as const;

/**
 * Contracts avalanche-cli puts in a genesis at fixed addresses, named as `avalanche-cli blockchain
 * describe` names them (`printSmartContracts` in `cmd/blockchaincmd/describe.go`): the ICM
 * messenger (`DefaultMessengerContractAddress`, avalanche-tooling-sdk-go `icm`) and the validator
 * manager set (`validatormanager/root.go` of
 * https://github.com/ava-labs/avalanche-tooling-sdk-go).
 */
const knownGenesisContracts: ReadonlyMap<string, string> = new Map([
    ['0x253b2784c75e510dd0ff1da844684a1ac0aa5fcf', 'ICM Messenger'],
    ['0x9c00629ce712b0255b17a4a657171acd15720b8c', 'Validator Messages Lib'],
    ['0x0c0deba5e0000000000000000000000000000000', 'Validator Manager'],
    ['0x0feedc0de0000000000000000000000000000000', 'Validator Transparent Proxy'],
    ['0xa0affe1234567890abcdef1234567890abcdef34', 'Validator Proxy Admin'],
    ['0x100c0de1c0ffee00000000000000000000000000', 'Validator Specialization Transparent Proxy'],
    ['0x97a35a4a2a8a56256de7a32160819c7b3f4c9da6', 'Validator Specialization Proxy Admin'],
    ['0x0deadc0de0000000000000000000000000000000', 'Reward Calculator'],
]);

/** Most genesis allocations read; avalanche-cli writes a handful. */
const maxAllocations = 10_000;
/** Most addresses read from one precompile role list. */
const maxRoleAddresses = 1_000;

function withChain(chain: string | undefined): { chainId?: string } {
    return chain !== undefined ? { chainId: chain } : {};
}

/** The contracts and roles one sidecar network entry names. */
function fromSidecarNetwork(
    l1: LocalL1,
    network: string,
    origin: Origin,
    deployments: DeployedContract[],
    named: NamedAddress[],
): void {
    const chain = l1.evmChainId !== undefined ? String(l1.evmChainId) : undefined;
    const here = {
        ...withChain(chain),
        networkName: network,
        ...(l1.blockchainId !== undefined ? { blockchainId: l1.blockchainId } : {}),
    };
    const contract = deploymentRecorder(deployments, here, origin);
    contract(l1.icmMessenger, 'ICM messenger', 'TeleporterMessenger');
    contract(l1.icmRegistry, 'ICM registry', 'TeleporterRegistry');
    const managerElsewhere =
        l1.validatorManagerBlockchainId !== undefined &&
        l1.validatorManagerBlockchainId !== l1.blockchainId;
    const manager = address(l1.validatorManager);
    if (manager !== undefined) {
        // On another chain (the C-Chain, or the L1 that manages this one) the EVM chain id is not
        // this L1's, and the sidecar does not say it.
        deployments.push({
            ...(managerElsewhere ? {} : withChain(chain)),
            networkName: network,
            ...(l1.validatorManagerBlockchainId !== undefined
                ? { blockchainId: l1.validatorManagerBlockchainId }
                : l1.blockchainId !== undefined
                  ? { blockchainId: l1.blockchainId }
                  : {}),
            address: manager,
            label: `validator manager of ${l1.name}`,
            origin,
        });
    }
    contract(l1.specializedValidatorManager, `specialized validator manager of ${l1.name}`);
    const role = (at: string | undefined, name: string): void => {
        const lower = address(at);
        if (lower !== undefined) named.push({ ...here, address: lower, name, origin });
    };
    role(l1.validatorManagerOwner, `validator manager owner of ${l1.name}`);
    role(l1.proxyContractOwner, `validator proxy admin owner of ${l1.name}`);
}

/**
 * An avalanche-cli sidecar: per entry of `Networks`, the L1's ICM messenger and registry, its
 * validator manager and the owners avalanche-cli recorded. A `sidecar.json` of another tool (no
 * `Name`, no `Networks`) gives nothing and one problem.
 */
export function parseAvalancheCliSidecar(file: string, fileText: string): FileKnowledge {
    const problems = new Problems(file);
    const json = parseJson(fileText, problems);
    if (json === undefined) return nothingFrom(file, problems);
    const networks = sidecarNetworkNames(fileText);
    const origin: Origin = { tool: 'avalanche-cli', file };
    const deployments: DeployedContract[] = [];
    const named: NamedAddress[] = [];
    let any = false;
    for (const network of networks) {
        const l1 = parseSidecar(fileText, file, undefined, network);
        if (!l1) continue;
        any = true;
        fromSidecarNetwork(l1, network, origin, deployments, named);
    }
    if (!any) {
        problems.add('not an avalanche-cli sidecar (no `Name` and `Networks`)');
        return nothingFrom(file, problems);
    }
    return {
        ...nothingFrom(file, problems),
        deployments,
        ...(named.length > 0 ? { namedAddresses: named } : {}),
    };
}

function roleList(value: unknown, problems: Problems, what: string): string[] {
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
        problems.add(`${what} is not a list`);
        return [];
    }
    const addresses: string[] = [];
    for (const item of value.slice(0, maxRoleAddresses)) {
        const lower = address(item);
        if (lower !== undefined && !addresses.includes(lower)) addresses.push(lower);
    }
    if (value.length > maxRoleAddresses) {
        problems.add(`${what}: entries past the first ${maxRoleAddresses} not read`);
    }
    return addresses;
}

/**
 * A Subnet-EVM genesis: the precompiles it enables (as contracts at their fixed addresses), their
 * admins, managers and enabled addresses and the reward address (as named addresses), and every
 * allocation with code (a predeployed contract: its code hash, and its role when avalanche-cli
 * put it there). A JSON without `config.chainId` is another genesis and gives nothing.
 */
export function parseSubnetEvmGenesis(file: string, fileText: string): FileKnowledge {
    const problems = new Problems(file);
    const json = parseJson(fileText, problems);
    if (json === undefined) return nothingFrom(file, problems);
    const config = field(json, 'config');
    const chain = chainIdOf(field(config, 'chainId'));
    if (!isObject(json) || !isObject(config) || chain === undefined) {
        problems.add('not an EVM genesis (no `config.chainId`)');
        return nothingFrom(file, problems);
    }
    const origin: Origin = { tool: 'avalanche-cli', file };
    const deployments: DeployedContract[] = [];
    const named: NamedAddress[] = [];
    for (const precompile of precompiles) {
        const settings = field(config, precompile.key);
        if (!isObject(settings) || field(settings, 'disable') === true) continue;
        deployments.push({
            chainId: chain,
            address: precompile.address,
            contractName: precompile.interface,
            label: `${precompile.title} precompile`,
            origin,
        });
        for (const [key, role] of [
            ['adminAddresses', 'admin'],
            ['managerAddresses', 'manager'],
            ['enabledAddresses', 'enabled'],
        ] as const) {
            for (const at of roleList(field(settings, key), problems, `${precompile.key}.${key}`)) {
                named.push({
                    chainId: chain,
                    address: at,
                    name: `${precompile.title} ${role}`,
                    origin,
                });
            }
        }
        const reward = address(field(field(settings, 'initialRewardConfig'), 'rewardAddress'));
        if (reward !== undefined) {
            named.push({
                chainId: chain,
                address: reward,
                name: 'Reward Manager reward address',
                origin,
            });
        }
    }
    const alloc = field(json, 'alloc');
    if (isObject(alloc)) {
        const keys = Object.keys(alloc);
        for (const key of keys.slice(0, maxAllocations)) {
            const code = field(alloc[key], 'code');
            const at = address(key);
            if (at === undefined || typeof code !== 'string') continue;
            const bytes = codeBytes(code);
            if (!bytes) continue;
            const label = knownGenesisContracts.get(at);
            deployments.push({
                chainId: chain,
                address: at,
                label: label ?? 'contract in the genesis',
                codeHash: hashWithZeroedRanges(bytes, [])!,
                codeLength: bytes.length,
                origin,
            });
        }
        if (keys.length > maxAllocations) {
            problems.add(`allocations past the first ${maxAllocations} not read`);
        }
    }
    return {
        ...nothingFrom(file, problems),
        deployments,
        ...(named.length > 0 ? { namedAddresses: named } : {}),
    };
}
