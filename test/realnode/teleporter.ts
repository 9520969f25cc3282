/**
 * The real TeleporterMessenger and TeleporterRegistry on the node tier's chains, and a relayer of
 * our own that does what icm-services' relayer does for one message: the unsigned Warp message
 * from the Warp precompile's `SendWarpMessage` log, its aggregate signature from the node's Warp
 * API, the signed message as the predicate in the access list of `receiveCrossChainMessage`.
 *
 * The contracts are the published bytecode from a registry package (the Go module proxy's
 * `github.com/ava-labs/icm-contracts@v1.0.9`: its abi-bindings carry the compiled bytecode in
 * their `MetaData.Bin`), because GitHub is not reachable from every machine that runs this tier,
 * npm has no package of them, and the proxy is what the node tier already uses to build
 * AvalancheGo. Nothing of theirs is copied into this repository: the module is downloaded at test
 * time into the real-node cache (~/.cache/avalanche-explorer/realnode/gomodcache).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
    concatHex,
    createPublicClient,
    createWalletClient,
    decodeAbiParameters,
    defineChain,
    encodeFunctionData,
    http,
    keccak256,
    parseEther,
    toHex,
    type Abi,
    type Hex,
    type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

import { cb58Encode } from '../../src/core/ids/cb58';
import { ewoqPrivateKey } from './activity';

/** The module and version whose bindings carry the bytecode. */
export const icmContractsModule = 'github.com/ava-labs/icm-contracts@v1.0.9';
/** The Warp precompile (subnet-evm precompile/contracts/warp). */
export const warpPrecompile = '0x0200000000000000000000000000000000000005';
/** `SendWarpMessage(address indexed sourceAddress, bytes32 indexed unsignedMessageID, bytes message)`. */
const sendWarpMessageTopic = keccak256(toHex('SendWarpMessage(address,bytes32,bytes)'));

/**
 * The key that deploys the messenger: fresh on every chain, so its first transaction (nonce 0)
 * puts the messenger at the same address everywhere, as Teleporter's keyless deployment does. A
 * test key of ours, funded by the local network's ewoq key; never a user's.
 */
const deployerKey = keccak256(toHex('avalanche-explorer realnode teleporter deployer'));

export interface IcmContracts {
    messenger: { abi: Abi; bin: Hex };
    registry: { abi: Abi; bin: Hex };
    /** The module's folder and the bytes its zip took (0 when it was cached already). */
    dir: string;
    downloadedBytes: number;
}

/** Downloads (or finds cached) the module and reads the two contracts' ABI and bytecode. */
export function icmContracts(): IcmContracts {
    const modCache = path.join(os.homedir(), '.cache/avalanche-explorer/realnode/gomodcache');
    const zip = path.join(
        modCache,
        'cache/download/github.com/ava-labs/icm-contracts/@v/v1.0.9.zip',
    );
    const cached = existsSync(zip);
    const result = spawnSync('go', ['mod', 'download', '-json', icmContractsModule], {
        cwd: os.tmpdir(),
        encoding: 'utf8',
        env: { ...process.env, GOMODCACHE: modCache, GOFLAGS: '-modcacherw', GO111MODULE: 'on' },
        timeout: 300_000,
    });
    if (result.status !== 0) {
        throw new Error(`go mod download ${icmContractsModule} failed:\n${result.stderr}`);
    }
    const { Dir: dir, Zip: zipPath } = JSON.parse(result.stdout) as { Dir: string; Zip: string };
    const bindings = path.join(dir, 'abi-bindings/go/teleporter');
    return {
        messenger: readBinding(path.join(bindings, 'TeleporterMessenger/TeleporterMessenger.go')),
        registry: readBinding(
            path.join(bindings, 'registry/TeleporterRegistry/TeleporterRegistry.go'),
        ),
        dir,
        downloadedBytes: cached ? 0 : readFileSync(zipPath).length,
    };
}

/** The `ABI` and `Bin` of an abigen binding's `MetaData` (Go string literals). */
function readBinding(file: string): { abi: Abi; bin: Hex } {
    const text = readFileSync(file, 'utf8');
    const abi = /\n\tABI: "((?:[^"\\]|\\.)*)",\n/.exec(text)?.[1];
    const bin = /\n\tBin: "(0x[0-9a-f]+)",\n/.exec(text)?.[1];
    if (!abi || !bin) throw new Error(`no ABI or Bin in ${file}`);
    return { abi: JSON.parse(JSON.parse(`"${abi}"`) as string) as Abi, bin: bin as Hex };
}

function chainAt(rpcUrl: string, id: number) {
    return defineChain({
        id,
        name: `chain ${id}`,
        nativeCurrency: { name: 'AVAX', symbol: 'AVAX', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
    });
}

/** Clients on one chain: the ewoq wallet, the deployer's wallet and a public client. */
export async function chainClients(rpcUrl: string) {
    const transport = http(rpcUrl, { timeout: 20_000, retryCount: 0 });
    const id = await createPublicClient({ transport }).getChainId();
    const chain = chainAt(rpcUrl, id);
    const client = createPublicClient({ chain, transport }) as PublicClient;
    const ewoq = createWalletClient({
        account: privateKeyToAccount(ewoqPrivateKey),
        chain,
        transport,
    });
    const deployer = createWalletClient({
        account: privateKeyToAccount(deployerKey),
        chain,
        transport,
    });
    const wait = async (hash: Hex) =>
        client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 60_000 });
    return { rpcUrl, evmChainId: id, client, ewoq, deployer, wait };
}
export type ChainClients = Awaited<ReturnType<typeof chainClients>>;

/** What `deployTeleporter` put on one chain. */
export interface TeleporterDeployment {
    messenger: Hex;
    registry: Hex;
    messengerTx: Hex;
    registryTx: Hex;
}

/**
 * Funds the deployer, deploys the messenger at its nonce 0 and a registry naming it as version
 * 1, and initialises the messenger's blockchain id (read from the Warp precompile).
 */
export async function deployTeleporter(
    c: ChainClients,
    contracts: IcmContracts,
): Promise<TeleporterDeployment> {
    const fund = await c.ewoq.sendTransaction({
        to: c.deployer.account.address,
        value: parseEther('10'),
    });
    await c.wait(fund);
    const messengerTx = await c.deployer.deployContract({
        abi: contracts.messenger.abi,
        bytecode: contracts.messenger.bin,
    });
    const m = await c.wait(messengerTx);
    if (m.status !== 'success' || !m.contractAddress)
        throw new Error(`messenger ${messengerTx} failed`);
    const messenger = m.contractAddress;
    const registryTx = await c.deployer.deployContract({
        abi: contracts.registry.abi,
        bytecode: contracts.registry.bin,
        args: [[{ version: 1n, protocolAddress: messenger }]],
    });
    const r = await c.wait(registryTx);
    if (r.status !== 'success' || !r.contractAddress)
        throw new Error(`registry ${registryTx} failed`);
    const init = await c.deployer.writeContract({
        address: messenger,
        abi: contracts.messenger.abi,
        functionName: 'initializeBlockchainID',
        args: [],
    });
    await c.wait(init);
    return { messenger, registry: r.contractAddress, messengerTx, registryTx };
}

/** What a send made: its transaction, the message id and the unsigned Warp message. */
export interface SentMessage {
    txHash: Hex;
    blockNumber: bigint;
    messageId: Hex;
    unsignedWarpMessage: Hex;
    unsignedMessageId: Hex;
}

export async function sendMessage(
    c: ChainClients,
    contracts: IcmContracts,
    messenger: Hex,
    input: {
        destinationBlockchainID: Hex;
        destinationAddress: Hex;
        requiredGasLimit: bigint;
        message: Hex;
    },
): Promise<SentMessage> {
    const txHash = await c.ewoq.writeContract({
        address: messenger,
        abi: contracts.messenger.abi,
        functionName: 'sendCrossChainMessage',
        args: [
            {
                ...input,
                feeInfo: {
                    feeTokenAddress: '0x0000000000000000000000000000000000000000',
                    amount: 0n,
                },
                allowedRelayerAddresses: [],
            },
        ],
    });
    const receipt = await c.wait(txHash);
    if (receipt.status !== 'success') throw new Error(`send ${txHash} failed`);
    const warp = receipt.logs.find(
        (l) => l.address.toLowerCase() === warpPrecompile && l.topics[0] === sendWarpMessageTopic,
    );
    if (!warp) throw new Error(`send ${txHash} has no SendWarpMessage log`);
    const [unsignedWarpMessage] = decodeAbiParameters([{ type: 'bytes' }], warp.data);
    const sent = receipt.logs.find((l) => l.address.toLowerCase() === messenger.toLowerCase());
    return {
        txHash,
        blockNumber: receipt.blockNumber,
        messageId: sent!.topics[1]!,
        unsignedWarpMessage,
        unsignedMessageId: warp.topics[2]!,
    };
}

/**
 * The signed Warp message from the source chain's Warp API: its aggregate signature over the
 * validators of `subnetId` (the primary network when empty). Throws the node's own error.
 */
export async function aggregateSignature(
    sourceRpcUrl: string,
    unsignedMessageId: Hex,
    subnetId = '',
): Promise<Hex> {
    const id = cb58Encode(Buffer.from(unsignedMessageId.slice(2), 'hex'));
    const response = await fetch(sourceRpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'warp_getMessageAggregateSignature',
            params: [id, 67, subnetId],
        }),
    });
    const body = (await response.json()) as { result?: Hex; error?: { message: string } };
    if (!body.result)
        throw new Error(`warp_getMessageAggregateSignature: ${JSON.stringify(body.error ?? body)}`);
    return body.result;
}

/** The predicate of a signed Warp message: its bytes, 0xff, zeros to a multiple of 32 bytes. */
export function warpPredicate(signed: Hex): Hex[] {
    const bytes = concatHex([signed, '0xff']);
    const length = (bytes.length - 2) / 2;
    const padded = bytes + '00'.repeat((32 - (length % 32)) % 32);
    const words: Hex[] = [];
    for (let i = 2; i < padded.length; i += 64) words.push(`0x${padded.slice(i, i + 64)}`);
    return words;
}

/** Delivers a signed message: `receiveCrossChainMessage(0, relayer)` with the predicate. */
export async function deliver(
    c: ChainClients,
    contracts: IcmContracts,
    messenger: Hex,
    signed: Hex,
    gas = 2_000_000n,
): Promise<{ txHash: Hex; status: string; blockNumber: bigint }> {
    const txHash = await c.ewoq.writeContract({
        address: messenger,
        abi: contracts.messenger.abi,
        functionName: 'receiveCrossChainMessage',
        args: [0, c.ewoq.account.address],
        accessList: [{ address: warpPrecompile, storageKeys: warpPredicate(signed) }],
        gas,
    });
    const receipt = await c.wait(txHash);
    return { txHash, status: receipt.status, blockNumber: receipt.blockNumber };
}

/** One message the harness sent, and what the node said when asked to sign it. */
export interface IcmSent extends SentMessage {
    /** `l1ToC` or `cToL1`. */
    direction: 'l1ToC' | 'cToL1';
    sourceBlockchainId: string;
    destinationBlockchainId: string;
    /** The node's own error from `warp_getMessageAggregateSignature`, verbatim. */
    signatureError?: string;
    /** The signed message, when the node could aggregate one. */
    signed?: Hex;
    /**
     * A delivery tried anyway, with the message carrying an empty signature as its predicate:
     * the destination's transaction (mined, reverted) and the node's revert reason for it.
     */
    unsignedDelivery?: {
        txHash: Hex;
        status: string;
        /** What `eth_call` of the same delivery answered ("none": it succeeded). */
        call: string;
        /** The mined transaction's revert reason, from its `callTracer` frame. */
        revert: string;
    };
}

/** What the harness did with Teleporter (RealNetworkInfo.icm). */
export interface IcmActivity {
    module: string;
    downloadedBytes: number;
    cChain: TeleporterDeployment;
    l1: TeleporterDeployment;
    messages: IcmSent[];
    elapsedMs: number;
}

/**
 * Deploys Teleporter on both chains, sends one message each way and asks the source chain's Warp
 * API for its aggregate signature, as a relayer would. On the one-node network (sybil protection
 * off) the node cannot sign: avalanchego's chains/manager.go gives every chain
 * `validators.NewNoValidatorsState` then, whose `GetWarpValidatorSets` is empty, so the Warp API
 * answers "cannot retrieve validator set: <subnet> source subnet not found" and the destination's
 * predicate check would fail the same way (test/realnode/README.md, "ICM").
 */
export async function makeIcmActivity(
    chains: {
        cChain: { rpcUrl: string; blockchainId: string; blockchainIdHex: Hex };
        l1: { rpcUrl: string; blockchainId: string; blockchainIdHex: Hex; subnetId: string };
    },
    contracts: IcmContracts = icmContracts(),
): Promise<IcmActivity> {
    const started = Date.now();
    const [c, l] = await Promise.all([
        chainClients(chains.cChain.rpcUrl),
        chainClients(chains.l1.rpcUrl),
    ]);
    const [cChain, l1] = await Promise.all([
        deployTeleporter(c, contracts),
        deployTeleporter(l, contracts),
    ]);
    if (cChain.messenger !== l1.messenger) throw new Error('the messengers differ in address');
    const sendAndSign = async (
        direction: IcmSent['direction'],
        from: ChainClients,
        source: { rpcUrl: string; blockchainId: string },
        destination: { blockchainId: string; blockchainIdHex: Hex },
    ): Promise<IcmSent> => {
        const sent = await sendMessage(from, contracts, cChain.messenger, {
            destinationBlockchainID: destination.blockchainIdHex,
            // A payload for a receiver that is not there: the message can be delivered, and
            // its execution would fail.
            destinationAddress: '0x1000000000000000000000000000000000000001',
            requiredGasLimit: 100_000n,
            message: toHex(`explorer ${direction}`),
        });
        const base: IcmSent = {
            ...sent,
            direction,
            sourceBlockchainId: source.blockchainId,
            destinationBlockchainId: destination.blockchainId,
        };
        try {
            return {
                ...base,
                signed: await aggregateSignature(source.rpcUrl, sent.unsignedMessageId),
            };
        } catch (error) {
            return { ...base, signatureError: (error as Error).message };
        }
    };
    const [toC, toL1] = await Promise.all([
        sendAndSign('l1ToC', l, chains.l1, chains.cChain),
        sendAndSign('cToL1', c, chains.cChain, chains.l1),
    ]);
    // What the destination says to a delivery that no validator signed (the L1→C message).
    const to = toC.signed ?? emptySignature(toC.unsignedWarpMessage);
    const attempt = await deliver(c, contracts, cChain.messenger, to);
    const why = await revertReason(c, contracts, cChain.messenger, to, attempt.txHash);
    toC.unsignedDelivery = {
        txHash: attempt.txHash,
        status: attempt.status,
        call: why.call,
        revert: why.mined,
    };
    return {
        module: icmContractsModule,
        downloadedBytes: contracts.downloadedBytes,
        cChain,
        l1,
        messages: [toC, toL1],
        elapsedMs: Date.now() - started,
    };
}

/**
 * A signed Warp message with no signers: the unsigned message (which starts with its codec
 * version), the BitSetSignature's type id 0, an empty signer bit set and a zero 96-byte BLS
 * signature (avalanchego vms/platformvm/warp/message.go and signature.go).
 */
export function emptySignature(unsigned: Hex): Hex {
    return concatHex([unsigned, '0x00000000', '0x00000000', `0x${'00'.repeat(96)}`]);
}

/**
 * The node's answer to `eth_call` of the delivery ("none" when it succeeds), and its `callTracer`
 * frame of the mined transaction (`revertReason`, else `error`).
 */
async function revertReason(
    c: ChainClients,
    contracts: IcmContracts,
    messenger: Hex,
    signed: Hex,
    txHash: Hex,
): Promise<{ call: string; mined: string }> {
    let call = 'none';
    try {
        await c.client.call({
            account: c.ewoq.account.address,
            to: messenger,
            data: encodeFunctionData({
                abi: contracts.messenger.abi,
                functionName: 'receiveCrossChainMessage',
                args: [0, c.ewoq.account.address],
            }),
            accessList: [{ address: warpPrecompile, storageKeys: warpPredicate(signed) }],
            gas: 2_000_000n,
        });
    } catch (error) {
        const e = error as { details?: string; shortMessage?: string; message: string };
        call = e.details ?? e.shortMessage ?? e.message;
    }
    const response = await fetch(c.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'debug_traceTransaction',
            params: [txHash, { tracer: 'callTracer' }],
        }),
    });
    const body = (await response.json()) as {
        result?: { revertReason?: string; error?: string };
        error?: { message: string };
    };
    const frame = body.result;
    return {
        call,
        mined: frame?.revertReason ?? frame?.error ?? `no frame: ${JSON.stringify(body.error)}`,
    };
}
