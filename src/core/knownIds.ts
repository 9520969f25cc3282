/**
 * Well-known Avalanche ids, named offline so that a hover can say "C-Chain (mainnet)" without a
 * request. Values are from AvalancheGo's sources (https://github.com/ava-labs/avalanchego:
 * `utils/constants/network_ids.go`, `genesis/genesis_test.go`, and coreth's `params/config.go`).
 */
import { cb58Decode } from './ids/cb58';
import { bytesToHex } from './ids/hex';
import { pChainId } from './ids/primaryNetwork';

/** The networks a well-known id belongs to; the P-Chain id is the same on every network. */
export type KnownNetwork = 'mainnet' | 'fuji' | 'local';

/** A well-known id with a display name. */
export interface KnownId {
    /** Display name, e.g. "C-Chain (mainnet)". */
    readonly name: string;
    /** Network of the id, or 'all' for ids shared by every network (the P-Chain id). */
    readonly network: KnownNetwork | 'all';
    /** What the id names. */
    readonly kind: 'blockchain' | 'asset' | 'evmChain';
    /** Primary-network chain it designates, for blockchain ids and EVM chain ids. */
    readonly chain?: 'P' | 'X' | 'C';
}

export { pChainId };

// Entries are frozen: every identifier that names one shares the same object.
function blockchain(chain: 'P' | 'X' | 'C', network: KnownNetwork | 'all'): KnownId {
    const where = network === 'all' ? 'all networks' : network;
    return Object.freeze({ name: `${chain}-Chain (${where})`, network, kind: 'blockchain', chain });
}

function avaxAsset(network: KnownNetwork): KnownId {
    return Object.freeze({ name: `AVAX asset (${network})`, network, kind: 'asset' });
}

/** Well-known cb58 ids: primary-network blockchain ids and AVAX asset ids, keyed by cb58 text. */
export const knownCb58Ids: ReadonlyMap<string, KnownId> = new Map<string, KnownId>([
    [pChainId, blockchain('P', 'all')],
    ['2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM', blockchain('X', 'mainnet')],
    ['2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm', blockchain('X', 'fuji')],
    ['2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed', blockchain('X', 'local')],
    ['2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5', blockchain('C', 'mainnet')],
    ['yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp', blockchain('C', 'fuji')],
    ['2owdGqyG6FFzTHy5qhenDXQcEghvr571KZE3gSfRJERSJinuwC', blockchain('C', 'local')],
    ['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', avaxAsset('mainnet')],
    ['U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK', avaxAsset('fuji')],
    ['2fombhL7aGPwj3KH4bfrmJwW6PVnMobf9Y2fn9GwxiAAJyFDbe', avaxAsset('local')],
]);

/** The same ids keyed by their bytes32 form (`0x` + 64 lower-case hex), as Solidity code holds them. */
export const knownHexIds: ReadonlyMap<string, KnownId> = new Map(
    [...knownCb58Ids].map(([cb58, known]): [string, KnownId] => {
        const bytes = cb58Decode(cb58);
        if (bytes?.length !== 32) throw new Error(`knownIds: ${cb58} is not a 32-byte cb58 id`);
        return [bytesToHex(bytes), known];
    }),
);

/**
 * The well-known id named by `id`, given as cb58 or as bytes32 hex (`0x` + 64 hex digits, any
 * case), or undefined.
 */
export function knownId(id: string): KnownId | undefined {
    if (id.length === 66 && id.startsWith('0x')) return knownHexIds.get(id.toLowerCase());
    return knownCb58Ids.get(id);
}

function evmChain(network: KnownNetwork): KnownId {
    return Object.freeze({ name: `C-Chain (${network})`, network, kind: 'evmChain', chain: 'C' });
}

const knownEvmChains: ReadonlyMap<number, KnownId> = new Map<number, KnownId>([
    [43114, evmChain('mainnet')],
    [43113, evmChain('fuji')],
    [43112, evmChain('local')],
]);

/**
 * The primary-network C-Chain that uses EVM chain id `id` (43114 mainnet, 43113 fuji, 43112
 * local), or undefined. Accepts a number, a bigint, or a decimal or `0x` hex string.
 */
export function knownEvmChain(id: number | bigint | string): KnownId | undefined {
    let value: number;
    if (typeof id === 'string') {
        const text = id.trim();
        if (!/^(?:0x[0-9a-fA-F]{1,12}|[0-9]{1,15})$/.test(text)) return undefined;
        value = Number(text);
    } else {
        value = Number(id);
    }
    return knownEvmChains.get(value);
}

/** A network AvalancheGo knows by id, with its name and bech32 HRP. */
export interface NetworkInfo {
    readonly id: number;
    readonly name: string;
    readonly hrp: string;
}

/**
 * Network ids AvalancheGo names (`utils/constants/network_ids.go`). 2–4 are retired test
 * networks that still have their own HRPs; 10 is the unit-test network.
 */
const avalancheNetworks: readonly NetworkInfo[] = [
    { id: 1, name: 'mainnet', hrp: 'avax' },
    { id: 2, name: 'cascade', hrp: 'cascade' },
    { id: 3, name: 'denali', hrp: 'denali' },
    { id: 4, name: 'everest', hrp: 'everest' },
    { id: 5, name: 'fuji', hrp: 'fuji' },
    { id: 10, name: 'testing', hrp: 'testing' },
    { id: 12345, name: 'local', hrp: 'local' },
];

/** The HRP AvalancheGo uses for networks it does not name. */
const fallbackHrp = 'custom';

/** The network with id `id`, or undefined when AvalancheGo does not name it. */
function networkById(id: number): NetworkInfo | undefined {
    return avalancheNetworks.find((n) => n.id === id);
}

/** The network called `name` ("testnet" is fuji, as in AvalancheGo), or undefined. */
export function networkByName(name: string): NetworkInfo | undefined {
    const wanted = name.toLowerCase() === 'testnet' ? 'fuji' : name.toLowerCase();
    return avalancheNetworks.find((n) => n.name === wanted);
}

/** The bech32 HRP of network `id`: its own for named networks, otherwise "custom". */
export function hrpForNetworkId(id: number): string {
    return networkById(id)?.hrp ?? fallbackHrp;
}

/** AvalancheGo's name for network `id`: its own for named networks, otherwise `network-<id>`. */
export function networkNameForId(id: number): string {
    return networkById(id)?.name ?? `network-${id}`;
}

/** Which network an address HRP points at, as far as a hover can tell. */
export type AddressNetwork = KnownNetwork | 'custom';

/** Maps an address HRP to its network: avax → mainnet, fuji → fuji, local → local, else custom. */
export function networkFromHrp(hrp: string): AddressNetwork {
    switch (hrp.toLowerCase()) {
        case 'avax':
            return 'mainnet';
        case 'fuji':
            return 'fuji';
        case 'local':
            return 'local';
        default:
            return 'custom';
    }
}
