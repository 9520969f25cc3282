/**
 * The precompiled contracts a trace of an Avalanche EVM chain can call, named:
 * - Ethereum's, 0x01 to 0x0a (`PrecompiledContractsCancun` in go-ethereum v1.13.15
 *   core/vm/contracts.go, which libevm carries), and P-256 verification at 0x0100 (RIP-7212,
 *   `P256VerifyAddress` in avalanchego v1.14.2 graft/coreth/params/hooks_libevm.go and its
 *   Subnet-EVM copy, active from Granite);
 * - the C-Chain's native-asset contracts at 0x0100…0000 to 0x0100…0002
 *   (graft/coreth/nativeasset/contract.go; they revert since Banff);
 * - Subnet-EVM's stateful precompiles, 0x0200…0000 to 0x0200…0005 (each module's
 *   `ContractAddress` in graft/subnet-evm/precompile/contracts/ at v1.14.2), and the gas price
 *   manager at 0x0200…0006 (v1.15.0-fuji).
 */
import { precompileNames } from '../abi/wellKnown';

/** A precompile's name and where it comes from. */
export interface Precompile {
    readonly name: string;
    readonly family: 'Ethereum' | 'Avalanche C-Chain' | 'Subnet-EVM';
    /** A word on what it does or when it stopped, when the name does not say. */
    readonly note?: string | undefined;
}

const ethereum = (last: number, name: string, note?: string): [string, Precompile] => [
    `0x${last.toString(16).padStart(40, '0')}`,
    { name, family: 'Ethereum', ...(note ? { note } : {}) },
];

const table: ReadonlyMap<string, Precompile> = new Map<string, Precompile>([
    ethereum(0x01, 'ecrecover', 'recovers the signer of a signature'),
    ethereum(0x02, 'sha256'),
    ethereum(0x03, 'ripemd160'),
    ethereum(0x04, 'identity', 'returns its input'),
    ethereum(0x05, 'modexp', 'modular exponentiation'),
    ethereum(0x06, 'ecAdd', 'alt_bn128 point addition'),
    ethereum(0x07, 'ecMul', 'alt_bn128 scalar multiplication'),
    ethereum(0x08, 'ecPairing', 'alt_bn128 pairing check'),
    ethereum(0x09, 'blake2f', 'BLAKE2 compression'),
    ethereum(0x0a, 'pointEvaluation', 'KZG point evaluation (EIP-4844)'),
    ethereum(0x0100, 'p256Verify', 'secp256r1 signature check (RIP-7212), from Granite'),
    [
        '0x0100000000000000000000000000000000000000',
        { name: 'Genesis contract', family: 'Avalanche C-Chain', note: 'deprecated' },
    ],
    [
        '0x0100000000000000000000000000000000000001',
        {
            name: 'NativeAssetBalance',
            family: 'Avalanche C-Chain',
            note: 'native asset balance; reverts since Banff',
        },
    ],
    [
        '0x0100000000000000000000000000000000000002',
        {
            name: 'NativeAssetCall',
            family: 'Avalanche C-Chain',
            note: 'native asset transfer with a call; reverts since Banff',
        },
    ],
    ...Object.entries(precompileNames).map(([address, name]): [string, Precompile] => [
        address,
        { name, family: 'Subnet-EVM' },
    ]),
    [
        '0x0200000000000000000000000000000000000006',
        { name: 'Gas Price Manager', family: 'Subnet-EVM', note: 'from AvalancheGo 1.15' },
    ],
]);

/** The precompile at `address` (any case), or undefined. */
export function precompileAt(address: string | undefined): Precompile | undefined {
    return address === undefined ? undefined : table.get(address.toLowerCase());
}
