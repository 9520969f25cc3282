/**
 * The node's P-Chain (`platform.*` on `/ext/bc/P`) and X-Chain (`avm.*` on `/ext/bc/X`) APIs,
 * answered from the same dataset as the sandbox's Data API, so that both agree on subnets,
 * blockchains, L1 validators, blocks and balances. Shapes and error texts follow AvalancheGo
 * v1.14.2 (vms/platformvm/service.go and vms/avm/service.go,
 * https://github.com/ava-labs/avalanchego/tree/v1.14.2/vms); test/fixtures/realnode/primary.json
 * holds what a real node answered and test/unit/sandbox/sandbox.realnode.test.ts holds this file to it.
 * The json2 transport (errors, batches refused) is nodeApi.ts's.
 */
import { blsPublicKey } from './bls';
import type { SandboxHolds } from './context';
import type { Dataset } from './dataset';
import { cb58Decode, cb58Encode, isNodeId, parseChainAddress, wellKnown } from './ids';
import type { L1ValidatorRecord, PTxRecord, PUtxo, SubnetRecord, XTx } from './primaryNetwork';
import { bytesToHex, deriveSeed, Prng } from './prng';

type Params = Record<string, unknown>;
type Method = (params: Params) => unknown;

/** A json2 handler error (code -32000); nodeApi.ts turns it into the error object. */
export class PrimaryFailure extends Error {}

/** ids.ID's and json.Uint64's unmarshal failures, which json2 reports with one sentence. */
export class PrimaryUnmarshal extends Error {}

const emptyId = wellKnown.pChainId;
/** secp256k1fx's id, as every node reports it. */
const secpFxId = 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ';

/** An `ids.ID` parameter: absent means ids.Empty; anything but 32 cb58 bytes fails to unmarshal. */
function idParam(p: Params, key: string): string {
    const value = p[key];
    if (value === undefined || value === null || value === '') return emptyId;
    if (typeof value !== 'string' || cb58Decode(value)?.length !== 32) {
        throw new PrimaryUnmarshal();
    }
    return value;
}

/** A `json.Uint64` parameter: a quoted or bare decimal. */
function uint64Param(p: Params, key: string): bigint {
    const value = p[key];
    if (value === undefined || value === null) return 0n;
    const text = typeof value === 'number' ? String(value) : value;
    if (typeof text !== 'string' || !/^\d{1,20}$/.test(text) || BigInt(text) >= 2n ** 64n) {
        throw new PrimaryUnmarshal();
    }
    return BigInt(text);
}

function rfc3339(seconds: number): string {
    return new Date(seconds * 1000).toISOString().replace(/\.000Z$/, 'Z');
}

export class PrimaryApi {
    constructor(
        private readonly data: Dataset,
        private readonly holds?: SandboxHolds,
        private readonly helicon: () => boolean = () => false,
    ) {}

    private get primary() {
        return this.data.primary;
    }

    private get networkId(): number {
        return this.data.network === 'mainnet' ? 1 : 5;
    }

    private pAddress(bare: string): string {
        return `P-${bare}`;
    }

    // ---- lookups ------------------------------------------------------------------------

    private subnets(): SubnetRecord[] {
        const out: SubnetRecord[] = [];
        for (let i = 0; i < this.primary.subnetCount; i++) out.push(this.primary.subnet(i));
        return out;
    }

    private subnetOf(id: string): SubnetRecord | undefined {
        const index = this.primary.subnetIndexOf(id);
        return index === undefined ? undefined : this.primary.subnet(index);
    }

    /** Every P-Chain transaction the dataset names, with what it is and its block height. */
    private txs(): ReadonlyMap<string, PTxRecord> {
        return this.primary.pTransactions();
    }

    private blockchains(): { id: string; name: string; subnetID: string; vmID: string }[] {
        const out: { id: string; name: string; subnetID: string; vmID: string }[] = [
            {
                id: this.primary.cChainBlockchainId,
                name: 'C-Chain',
                subnetID: emptyId,
                vmID: wellKnown.vms.evm,
            },
            {
                id: this.primary.xChainId,
                name: 'X-Chain',
                subnetID: emptyId,
                vmID: wellKnown.vms.avm,
            },
        ];
        for (const subnet of this.subnets()) {
            for (const c of subnet.blockchains) {
                out.push({ id: c.blockchainId, name: c.name, subnetID: c.subnetId, vmID: c.vmId });
            }
        }
        return out;
    }

    // ---- transaction JSON (the shapes of vms/platformvm/txs with encoding "json") ----------

    private owner(addresses: readonly string[], threshold: number): Params {
        return { addresses: addresses.map((a) => this.pAddress(a)), locktime: 0, threshold };
    }

    private baseParts(rng: Prng): Params {
        const owner = this.primary.addresses[rng.int(0, this.primary.addresses.length)]!;
        const spent = rng.int(2, 5000) * 1e9;
        return {
            networkID: this.networkId,
            blockchainID: emptyId,
            outputs: [
                {
                    assetID: this.primary.avaxAssetId,
                    fxID: secpFxId,
                    output: {
                        addresses: [this.pAddress(owner)],
                        amount: spent - 1_000_000,
                        locktime: 0,
                        threshold: 1,
                    },
                },
            ],
            inputs: [
                {
                    txID: cb58Encode(rng.bytes(32)),
                    outputIndex: rng.int(0, 3),
                    assetID: this.primary.avaxAssetId,
                    fxID: secpFxId,
                    input: { amount: spent, signatureIndices: [0] },
                },
            ],
            memo: '0x',
        };
    }

    private signed(txId: string, unsigned: Params, rng: Prng, credentials: number): Params {
        const creds: Params[] = [];
        for (let i = 0; i < credentials; i++)
            creds.push({ signatures: [bytesToHex(rng.bytes(65))] });
        return { unsignedTx: unsigned, credentials: creds, id: txId };
    }

    /** A P-Chain transaction as `platform.getTx` / `getBlockByHeight` show it with JSON encoding. */
    private pTxJson(txId: string): Params {
        const rng = new Prng(deriveSeed(this.primary.spec.seed, 'ptxjson', txId));
        const known = this.txs().get(txId);
        const base = this.baseParts(rng);
        const auth = { signatureIndices: [0] };
        if (known?.kind === 'subnet') {
            const subnet = this.subnetOf(txId)!;
            return this.signed(
                txId,
                { ...base, owner: this.owner(subnet.owners, subnet.threshold) },
                rng,
                1,
            );
        }
        if (known?.kind === 'chain') {
            const chain = this.subnets()
                .flatMap((s) => s.blockchains)
                .find((c) => c.blockchainId === txId)!;
            const genesis =
                chain.rawGenesis ??
                JSON.stringify({ config: { chainId: chain.evmChainId }, alloc: {} });
            return this.signed(
                txId,
                {
                    ...base,
                    subnetID: chain.subnetId,
                    chainName: chain.name,
                    vmID: chain.vmId,
                    fxIDs: [],
                    genesisData: Buffer.from(genesis, 'utf8').toString('base64'),
                    subnetAuthorization: auth,
                },
                rng,
                2,
            );
        }
        if (known?.kind === 'convert') {
            const subnet = this.subnetOf(
                this.subnets().find((s) => s.conversionTxHash === txId)!.subnetId,
            )!;
            const validators = this.primary.l1Validators(subnet.index).map((v) => ({
                // The transaction carries the node id's raw bytes, as hex.
                nodeID: bytesToHex(
                    cb58Decode(v.nodeId.slice('NodeID-'.length)) ?? new Uint8Array(),
                ),
                weight: v.weight,
                balance: v.remainingBalance,
                signer: { publicKey: v.publicKey, proofOfPossession: v.proofOfPossession },
                remainingBalanceOwner: {
                    threshold: 1,
                    addresses: v.remainingBalanceOwner.map((a) => this.pAddress(a)),
                },
                deactivationOwner: {
                    threshold: 1,
                    addresses: v.deactivationOwner.map((a) => this.pAddress(a)),
                },
            }));
            return this.signed(
                txId,
                {
                    ...base,
                    subnetID: subnet.subnetId,
                    chainID: subnet.managerBlockchainId,
                    address: (subnet.managerContract ?? '0x').toLowerCase(),
                    validators,
                    subnetAuthorization: auth,
                },
                rng,
                2,
            );
        }
        return this.signed(txId, base, rng, 1);
    }

    private pBlockJson(height: number): Params | undefined {
        const block = this.primary.pBlock(height);
        if (!block) return undefined;
        const json: Params = {
            time: block.timestamp,
            parentID: block.parentHash,
            height: block.height,
            id: block.hash,
        };
        if (block.blockType !== 'BanffCommitBlock') {
            json['txs'] = block.txs.map((tx) => this.pTxJson(tx));
        }
        return json;
    }

    // ---- validators ---------------------------------------------------------------------

    private ownerJson(addresses: readonly string[]): Params {
        return {
            locktime: '0',
            threshold: '1',
            addresses: addresses.map((a) => this.pAddress(a)),
        };
    }

    private l1ValidatorJson(v: L1ValidatorRecord): Params {
        return {
            nodeID: v.nodeId,
            weight: String(v.weight),
            startTime: String(v.creationTimestamp),
            validationID: v.validationId,
            publicKey: v.publicKey,
            remainingBalanceOwner: this.ownerJson(v.remainingBalanceOwner),
            deactivationOwner: this.ownerJson(v.deactivationOwner),
            minNonce: '0',
            balance: String(v.remainingBalance),
        };
    }

    private readonly signers = new Map<
        number,
        { connected: boolean; publicKey: string; proofOfPossession: string }
    >();

    /** The i-th primary validator's connection and BLS signer, the same on every call. */
    private primarySigner(i: number) {
        let signer = this.signers.get(i);
        if (!signer) {
            const rng = new Prng(deriveSeed(this.primary.spec.seed, 'pvalidator', i));
            const connected = i === 0 || rng.chance(0.9);
            signer = {
                connected,
                publicKey: blsPublicKey(rng.bytes(48)),
                proofOfPossession: bytesToHex(rng.bytes(96)),
            };
            this.signers.set(i, signer);
        }
        return signer;
    }

    /**
     * On a Helicon network, every fifth primary validator from the second on was added by
     * AddAutoRenewedValidatorTx (ACP-236): 14-day cycles from its start, the current one listed as
     * its start and end as the node lists it; the sixth leaves after this cycle (next period 0).
     * The node's own validator (the first) is not, so its hovers stay as before Helicon.
     */
    private autoRenewedCycle(
        i: number,
        start: number,
    ):
        | {
              cycleStart: number;
              period: number;
              nextPeriod: number;
              shares: number;
              restakedValidation: number;
          }
        | undefined {
        if (!this.helicon() || i % 5 !== 1) return undefined;
        const period = 14 * 86_400;
        const cycles = Math.max(
            0,
            Math.floor((this.primary.spec.latestTimestamp - start) / period),
        );
        return {
            cycleStart: start + cycles * period,
            period,
            nextPeriod: i === 6 ? 0 : period,
            shares: i === 1 ? 500_000 : 1_000_000,
            restakedValidation: cycles * 1_234_567_890,
        };
    }

    private primaryValidatorsJson(wanted: Set<string> | undefined): Params[] {
        const rewardOwner = this.ownerJson([this.primary.addresses[0]!]);
        // Each validator keeps its own index when the node ids filter the list: its signer and
        // its ACP-236 settings are the same asked alone or among all.
        return this.primary.primaryValidators
            .map((v, i) => ({ v, i }))
            .filter(({ v }) => !wanted || wanted.has(v.nodeId))
            .map(({ v, i }) => {
                const signer = this.primarySigner(i);
                const renewed = this.autoRenewedCycle(i, v.start);
                const json: Params = {
                    txID: v.txId,
                    startTime: String(renewed?.cycleStart ?? v.start),
                    endTime: String(
                        renewed ? renewed.cycleStart + renewed.period : v.start + 365 * 86_400,
                    ),
                    weight: String(v.weight),
                    nodeID: v.nodeId,
                    validationRewardOwner: rewardOwner,
                    delegationRewardOwner: rewardOwner,
                    potentialReward: String(Math.floor(v.weight * 0.08)),
                    accruedDelegateeReward: '0',
                    delegationFee: '2.0000',
                    uptime: v.uptime.toFixed(4),
                    connected: signer.connected,
                    signer: {
                        publicKey: signer.publicKey,
                        proofOfPossession: signer.proofOfPossession,
                    },
                    // AutoRenewedConfig, embedded: after the signer, before the delegators, each
                    // number a decimal string (test/fixtures/realnode-v1.15/primary-helicon.json),
                    // with v1.15.2's restaked sums (ava-labs/avalanchego pull 5983).
                    ...(renewed
                        ? {
                              validatorAuthority: rewardOwner,
                              nextPeriod: String(renewed.nextPeriod),
                              autoCompoundRewardShares: String(renewed.shares),
                              restakedValidationRewards: String(renewed.restakedValidation),
                              restakedDelegateeRewards: '0',
                          }
                        : {}),
                    delegatorCount: '0',
                    delegatorWeight: '0',
                };
                // service.go lists the delegators only when one node id was asked for.
                if (wanted?.size === 1) json['delegators'] = [];
                return json;
            });
    }

    /**
     * `GetValidatorsAtReply` as AvalancheGo 1.14 marshals it: the map itself, node id →
     * `{publicKey, weight}` (the weight a json.Uint64 string). The primary network's validators
     * are the same at every height; an L1's exist from its conversion; an unknown subnet, or one
     * that is not an L1, has none (the node answers `{}` for those too).
     */
    private validatorsAtJson(subnetId: string, height: bigint): Params {
        const list: [string, Params][] = [];
        if (subnetId === emptyId) {
            this.primary.primaryValidators.forEach((v, i) => {
                const publicKey = this.primarySigner(i).publicKey;
                list.push([v.nodeId, { publicKey, weight: String(v.weight) }]);
            });
        } else {
            const subnet = this.subnetOf(subnetId);
            if (subnet?.isL1 && height >= BigInt(subnet.conversionHeight!)) {
                for (const v of this.primary.l1Validators(subnet.index)) {
                    list.push([v.nodeId, { publicKey: v.publicKey, weight: String(v.weight) }]);
                }
            }
        }
        // Go's encoding/json writes a map's keys sorted.
        return Object.fromEntries(list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    }

    // ---- balances -----------------------------------------------------------------------

    private unspentP(addresses: readonly string[]): PUtxo[] {
        return addresses.flatMap((a) =>
            (this.primary.pUtxos.get(a) ?? []).filter((u) => u.consumingTxHash === undefined),
        );
    }

    private bareAddress(value: unknown, chain: 'P' | 'X'): string {
        const text = typeof value === 'string' ? value : '';
        const parsed = parseChainAddress(text);
        if (!parsed || parsed.chain !== chain || parsed.hrp !== this.primary.hrp) {
            throw new PrimaryFailure(
                `couldn't parse address ${JSON.stringify(text)}: no separator found`,
            );
        }
        return text.slice(2);
    }

    private assetOf(value: unknown): string {
        const text = typeof value === 'string' ? value : '';
        if (text === 'AVAX') return this.primary.avaxAssetId;
        if (cb58Decode(text)?.length === 32) return text;
        throw new PrimaryFailure(`asset '${text}' not found`);
    }

    private xTx(txId: string): XTx | undefined {
        return this.primary.xTxs.find((t) => t.txHash === txId);
    }

    /** An X-Chain transaction with JSON encoding (vms/avm/txs). */
    private xTxJson(txId: string): Params | undefined {
        const asset = this.primary.assets.find((a) => a.assetId === txId);
        const tx = this.xTx(txId);
        if (!asset && !tx) return undefined;
        const rng = new Prng(deriveSeed(this.primary.spec.seed, 'xtxjson', txId));
        const base: Params = {
            networkID: this.networkId,
            blockchainID: this.primary.xChainId,
            outputs: (tx?.emitted ?? []).map((u) => ({
                assetID: u.assetId,
                fxID: secpFxId,
                output: {
                    addresses: u.addresses.map((a) => `X-${a}`),
                    amount: u.amount,
                    locktime: 0,
                    threshold: 1,
                },
            })),
            inputs: (tx?.consumed ?? []).map((u) => ({
                txID: u.creationTxHash,
                outputIndex: u.outputIndex,
                assetID: u.assetId,
                fxID: secpFxId,
                input: { amount: u.amount, signatureIndices: [0] },
            })),
            memo: '0x',
        };
        const created = asset ?? tx?.assetCreated;
        // Genesis transactions name no chain: the AVAX asset's CreateAssetTx has ids.Empty.
        if (asset?.assetId === this.primary.avaxAssetId) base['blockchainID'] = emptyId;
        const unsigned: Params = created
            ? {
                  ...base,
                  name: created.name,
                  symbol: created.symbol,
                  denomination: created.denomination,
                  initialStates: [
                      {
                          fxIndex: 0,
                          fxID: secpFxId,
                          outputs: [
                              {
                                  addresses: [`X-${this.primary.addresses[0]!}`],
                                  amount: 300_000_000_000_000_000,
                                  locktime: 0,
                                  threshold: 1,
                              },
                          ],
                      },
                  ],
              }
            : base;
        return {
            unsignedTx: unsigned,
            credentials: created
                ? []
                : [{ fxID: secpFxId, credential: { signatures: [bytesToHex(rng.bytes(65))] } }],
            id: txId,
        };
    }

    // ---- the services -------------------------------------------------------------------

    readonly platform: Record<string, Method> = {
        getHeight: () => ({ height: String(this.primary.latestPHeight) }),
        getSubnets: (p) => {
            const ids = p['ids'];
            if (ids !== undefined && ids !== null && !Array.isArray(ids)) {
                throw new PrimaryUnmarshal();
            }
            const list: unknown[] = Array.isArray(ids) ? ids : [];
            const wanted = list.map((id) => idParam({ id }, 'id'));
            const row = (s: SubnetRecord) => ({
                id: s.subnetId,
                controlKeys: s.owners.map((a) => this.pAddress(a)),
                threshold: String(s.threshold),
            });
            if (wanted.length === 0) {
                return {
                    subnets: [
                        ...this.subnets().map(row),
                        { id: emptyId, controlKeys: [], threshold: '0' },
                    ],
                };
            }
            return {
                subnets: wanted.flatMap((id) => {
                    const s = this.subnetOf(id);
                    return s ? [row(s)] : [];
                }),
            };
        },
        getSubnet: (p) => {
            const id = idParam(p, 'subnetID');
            if (id === emptyId) throw new PrimaryFailure("the primary network isn't a subnet");
            const s = this.subnetOf(id);
            if (!s) throw new PrimaryFailure('not found');
            return {
                isPermissioned: !s.isL1,
                controlKeys: s.owners.map((a) => this.pAddress(a)),
                threshold: String(s.threshold),
                locktime: String(s.locktime),
                subnetTransformationTxID: emptyId,
                conversionID: s.isL1
                    ? cb58Encode(
                          new Prng(deriveSeed(this.primary.spec.seed, 'conversion', s.index)).bytes(
                              32,
                          ),
                      )
                    : emptyId,
                managerChainID: s.isL1 ? s.managerBlockchainId : emptyId,
                managerAddress: s.isL1 ? (s.managerContract ?? '').toLowerCase() : null,
            };
        },
        getBlockchains: () => ({ blockchains: this.blockchains() }),
        getBlockchainStatus: (p) => {
            const text = typeof p['blockchainID'] === 'string' ? p['blockchainID'] : '';
            if (text === '') throw new PrimaryFailure("argument 'blockchainID' not given");
            const served =
                text === 'P' ||
                text === 'X' ||
                text === 'C' ||
                [
                    wellKnown.pChainId,
                    this.primary.xChainId,
                    this.primary.cChainBlockchainId,
                ].includes(text) ||
                this.data.chains.some((c) => c.blockchainId === text);
            if (served) return { status: 'Validating' };
            if (cb58Decode(text)?.length !== 32) {
                throw new PrimaryFailure(
                    `problem parsing blockchainID ${JSON.stringify(text)}: invalid input checksum`,
                );
            }
            const exists = this.blockchains().some((b) => b.id === text);
            return { status: exists ? 'Created' : 'Unknown' };
        },
        validatedBy: (p) => {
            const id = idParam(p, 'blockchainID');
            const chain = this.blockchains().find((b) => b.id === id);
            if (!chain) throw new PrimaryFailure('not found');
            return { subnetID: chain.subnetID };
        },
        validates: (p) => {
            const id = idParam(p, 'subnetID');
            if (id !== emptyId && !this.subnetOf(id)) {
                throw new PrimaryFailure(`problem retrieving subnet "${id}": not found`);
            }
            return {
                blockchainIDs: this.blockchains()
                    .filter((b) => b.subnetID === id)
                    .map((b) => b.id),
            };
        },
        getCurrentValidators: (p) => {
            const subnetId = idParam(p, 'subnetID');
            const ids = p['nodeIDs'];
            if (
                ids !== undefined &&
                ids !== null &&
                (!Array.isArray(ids) || ids.some((x) => typeof x !== 'string' || !isNodeId(x)))
            ) {
                throw new PrimaryUnmarshal();
            }
            const wanted =
                Array.isArray(ids) && ids.length > 0 ? new Set(ids as string[]) : undefined;
            if (subnetId === emptyId) return { validators: this.primaryValidatorsJson(wanted) };
            const subnet = this.subnetOf(subnetId);
            if (!subnet?.isL1) return { validators: [] };
            return {
                validators: this.primary
                    .l1Validators(subnet.index)
                    .filter((v) => !wanted || wanted.has(v.nodeId))
                    .map((v) => this.l1ValidatorJson(v)),
            };
        },
        getL1Validator: (p) => {
            const id = idParam(p, 'validationID');
            const v = this.primary.allL1Validators().find((x) => x.validationId === id);
            if (!v) throw new PrimaryFailure(`fetching L1 validator "${id}" failed: not found`);
            return {
                ...this.l1ValidatorJson(v),
                subnetID: v.subnetId,
                height: String(this.primary.latestPHeight),
            };
        },
        getValidatorsAt: (p) => {
            const subnetId = idParam(p, 'subnetID');
            const latest = BigInt(this.primary.latestPHeight);
            // platformapi.Height: "proposed" is the ProposerVM's height (the tip here).
            const height = p['height'] === 'proposed' ? latest : uint64Param(p, 'height');
            if (height === 2n ** 64n - 1n) throw new PrimaryUnmarshal();
            if (height > latest) {
                throw new PrimaryFailure(
                    `failed to get validator set at ${height}: failed to fetch validator set at unfinalized height with SubnetID = ${subnetId}: current P-chain height (${latest}) < requested P-Chain height (${height})`,
                );
            }
            return this.validatorsAtJson(subnetId, height);
        },
        getTx: (p) => {
            const id = idParam(p, 'txID');
            if (!this.txs().has(id)) throw new PrimaryFailure("couldn't get tx: not found");
            return { tx: this.pTxJson(id), encoding: 'json' };
        },
        getTxStatus: (p) => {
            const id = idParam(p, 'txID');
            // A status the control route set: `reason` only when it has one, as AvalancheGo's
            // GetTxStatusResponse omits it (`json:"reason,omitempty"`).
            const held = this.holds?.pTxStatuses.get(id);
            if (held) return held.reason ? { ...held } : { status: held.status };
            return { status: this.txs().has(id) ? 'Committed' : 'Unknown' };
        },
        getBalance: (p) => {
            const list = p['addresses'];
            if (!Array.isArray(list)) throw new PrimaryUnmarshal();
            const bare = list.map((a) => this.bareAddress(a, 'P'));
            const utxos = this.unspentP(bare);
            const sum = (filter: (u: PUtxo) => boolean): string =>
                String(utxos.filter(filter).reduce((t, u) => t + BigInt(u.amount), 0n));
            const unlocked = sum((u) => !u.staked);
            const locked = sum((u) => u.staked);
            const total = sum(() => true);
            const asset = this.primary.avaxAssetId;
            return {
                balance: total,
                unlocked,
                lockedStakeable: locked,
                lockedNotStakeable: '0',
                balances: { [asset]: total },
                unlockeds: { [asset]: unlocked },
                lockedStakeables: locked === '0' ? {} : { [asset]: locked },
                lockedNotStakeables: {},
                utxoIDs: utxos.map((u) => ({ txID: u.txHash, outputIndex: u.outputIndex })),
            };
        },
        getStakingAssetID: (p) => {
            const id = idParam(p, 'subnetID');
            if (id !== emptyId) {
                throw new PrimaryFailure(
                    `failed fetching subnet transformation for ${id}: not found`,
                );
            }
            return { assetID: this.primary.avaxAssetId };
        },
        getCurrentSupply: () => ({
            supply: this.data.network === 'mainnet' ? '461931545120375040' : '461931545120375045',
            height: String(this.primary.latestPHeight),
        }),
        getTimestamp: () => ({ timestamp: rfc3339(this.primary.spec.latestTimestamp) }),
        getBlockByHeight: (p) => {
            const height = uint64Param(p, 'height');
            const block =
                height <= BigInt(this.primary.latestPHeight)
                    ? this.pBlockJson(Number(height))
                    : undefined;
            if (!block) {
                throw new PrimaryFailure(`couldn't get block at height ${height}: not found`);
            }
            return { block, encoding: 'json' };
        },
        getFeeState: () => ({
            capacity: 1_000_000,
            excess: 0,
            price: 1,
            timestamp: rfc3339(this.primary.spec.latestTimestamp),
        }),
        getValidatorFeeState: () => ({
            excess: 0,
            price: 512,
            timestamp: rfc3339(this.primary.spec.latestTimestamp),
        }),
        getValidatorFeeConfig: () => ({
            capacity: 20_000,
            target: 10_000,
            minPrice: 512,
            excessConversionConstant: 1_246_488_515,
        }),
        getMinStake: () => ({
            minValidatorStake: '2000000000000',
            minDelegatorStake: '25000000000',
        }),
        getTotalStake: () => {
            const total = this.primary.primaryValidators.reduce((t, v) => t + BigInt(v.weight), 0n);
            return { stake: String(total), weight: String(total) };
        },
    };

    readonly avm: Record<string, Method> = {
        getHeight: () => ({ height: String(Math.max(0, this.primary.xBlocks.length - 1)) }),
        getAssetDescription: (p) => {
            const id = this.assetOf(p['assetID']);
            const asset = this.primary.assets.find((a) => a.assetId === id);
            if (!asset) throw new PrimaryFailure('not found');
            return {
                assetID: asset.assetId,
                name: asset.name,
                symbol: asset.symbol,
                denomination: String(asset.denomination),
            };
        },
        getBalance: (p) => {
            const address = this.bareAddress(p['address'], 'X');
            const asset = this.assetOf(p['assetID']);
            const utxos = this.primary.xUtxos.filter(
                (u) =>
                    u.assetId === asset &&
                    u.consumingTxHash === undefined &&
                    u.addresses.length === 1 &&
                    u.addresses[0] === address,
            );
            return {
                balance: String(utxos.reduce((t, u) => t + BigInt(u.amount), 0n)),
                utxoIDs: utxos.map((u) => ({ txID: u.creationTxHash, outputIndex: u.outputIndex })),
            };
        },
        getAllBalances: (p) => {
            const address = this.bareAddress(p['address'], 'X');
            const totals = new Map<string, bigint>();
            for (const u of this.primary.xUtxos) {
                if (u.consumingTxHash !== undefined || !u.addresses.includes(address)) continue;
                totals.set(u.assetId, (totals.get(u.assetId) ?? 0n) + BigInt(u.amount));
            }
            return {
                balances: [...totals].map(([asset, balance]) => ({
                    asset: asset === this.primary.avaxAssetId ? 'AVAX' : asset,
                    balance: String(balance),
                })),
            };
        },
        getBlockByHeight: (p) => {
            const height = uint64Param(p, 'height');
            const block =
                height < BigInt(this.primary.xBlocks.length)
                    ? this.primary.xBlocks[Number(height)]
                    : undefined;
            if (!block) {
                throw new PrimaryFailure(`couldn't get block at height ${height}: not found`);
            }
            return {
                block: {
                    parentID: block.parentHash,
                    height: block.height,
                    time: block.timestamp,
                    merkleRoot: emptyId,
                    txs: block.txs.flatMap((id) => this.xTxJson(id) ?? []),
                    id: block.hash,
                },
                encoding: 'json',
            };
        },
        getTx: (p) => {
            const id = idParam(p, 'txID');
            const tx = this.xTxJson(id);
            if (!tx) throw new PrimaryFailure('not found');
            return { tx, encoding: 'json' };
        },
        getTxStatus: (p) => {
            const id = idParam(p, 'txID');
            return { status: this.xTxJson(id) ? 'Accepted' : 'Unknown' };
        },
    };
}
