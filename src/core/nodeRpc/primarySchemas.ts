/**
 * Wire schemas, wire types, domain types and normalisers of the P-Chain (`platform.*`, served at
 * `/ext/bc/P`) and X-Chain (`avm.*`, at `/ext/bc/X`) results in the method table. They mirror
 * AvalancheGo v1.14.2's vms/platformvm/service.go and vms/avm/service.go
 * (https://github.com/ava-labs/avalanchego/blob/v1.14.2/vms/platformvm/service.go,
 * https://github.com/ava-labs/avalanchego/blob/v1.14.2/vms/avm/service.go) and the reference at
 * https://build.avax.network/docs/api-reference/p-chain/api and
 * https://build.avax.network/docs/api-reference/x-chain/api; test/fixtures/realnode/primary.json
 * holds what a real node answers.
 *
 * 64-bit values (`json.Uint64`: heights, weights, balances, supplies, times) stay decimal strings
 * in the domain results: balances and supplies exceed 2^53. Transactions and blocks asked for
 * with `encoding: "json"` are open unions (a new transaction type arrives with each upgrade), so
 * only their envelope is checked; the body is kept as sent and what a view needs is read from it
 * by normalisers that tolerate missing fields.
 */
import { hex } from '@scure/base';
import * as z from 'zod';

import { cb58Encode, nodeIdPrefix } from '../ids/cb58';
import {
    bigUintWire,
    floatWire,
    lazy,
    listOf,
    listWire,
    smallUintWire,
    sortedEntries,
    toDecimal,
    toNumber,
} from './wire';

/** The id AvalancheGo prints for "none" (`ids.Empty`): the primary network's subnet id too. */
export const emptyCb58Id = '11111111111111111111111111111111LpoYY';

/** Most transactions of one block, inputs or outputs of one transaction, that a schema admits. */
const maxListLength = 100_000;

function idWire() {
    return z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{1,64}$/, 'expected a cb58 id');
}

function nodeIdWire() {
    return z.string().regex(/^NodeID-[1-9A-HJ-NP-Za-km-z]{1,64}$/, 'expected a node id');
}

function textWire(max = 1_000) {
    return z.string().max(max);
}

/** An id that AvalancheGo sends as `ids.Empty` for "none", as undefined. */
function presentId(id: string | null | undefined): string | undefined {
    return id == null || id === '' || id === emptyCb58Id ? undefined : id;
}

// ---------------------------------------------------------------------------------------------
// Shared shapes

/** Wire schema of `{height}` (platform.getHeight, avm.getHeight), built on first use. */
export const HeightWireSchema = lazy(() => z.object({ height: bigUintWire() }));
/** The platform.getHeight or avm.getHeight result, as the node sends it. */
export type HeightWire = z.infer<ReturnType<typeof HeightWireSchema>>;
/** The height of the chain's last accepted block, as a decimal string. */
export interface ChainHeight {
    height: string;
}
/** Turns a getHeight result into its camelCase domain form. */
export function normalizeHeight(wire: HeightWire): ChainHeight {
    return { height: toDecimal(wire.height) };
}

function ownerWire() {
    return z.object({
        locktime: bigUintWire().nullish(),
        threshold: smallUintWire().nullish(),
        addresses: listWire(textWire(200)),
    });
}
type OwnerWire = z.infer<ReturnType<typeof ownerWire>>;
/** Who may spend or control something: `threshold` of `addresses`, after `locktime`. */
export interface PlatformOwner {
    /** Unix seconds, decimal string. */
    locktime: string;
    threshold: number;
    addresses: string[];
}
function normalizeOwner(wire: OwnerWire): PlatformOwner {
    return {
        locktime: toDecimal(wire.locktime ?? 0),
        threshold: toNumber(wire.threshold ?? 0),
        addresses: listOf(wire.addresses),
    };
}

/** `{status}` of getTxStatus and getBlockchainStatus: open sets, so any short text. */
export const StatusWireSchema = lazy(() =>
    z.object({ status: textWire(64), reason: textWire().nullish() }),
);
/** A status result, as the node sends it. */
export type StatusWire = z.infer<ReturnType<typeof StatusWireSchema>>;
/**
 * A transaction's status (`Committed`, `Aborted`, `Processing`, `Dropped`, `Unknown` on the
 * P-Chain; `Accepted`, `Processing`, `Unknown` on the X-Chain) or a blockchain's (`Validating`,
 * `Created`, `Preferred`, `Syncing`, `Unknown`).
 */
export interface StatusResult {
    status: string;
    /** Why a P-Chain transaction was dropped, when the node says. */
    reason?: string;
}
/** Turns a status result into its camelCase domain form. */
export function normalizeStatus(wire: StatusWire): StatusResult {
    const result: StatusResult = { status: wire.status };
    if (wire.reason != null && wire.reason !== '') result.reason = wire.reason;
    return result;
}

// ---------------------------------------------------------------------------------------------
// platform.getSubnets, getSubnet

/** Wire schema of the platform.getSubnets result, built on first use. */
export const SubnetsWireSchema = lazy(() =>
    z.object({
        subnets: listWire(
            z.object({
                id: idWire(),
                controlKeys: listWire(textWire(200)),
                threshold: smallUintWire(),
            }),
        ),
    }),
);
/** The platform.getSubnets result, as the node sends it. */
export type SubnetsWire = z.infer<ReturnType<typeof SubnetsWireSchema>>;
/** One subnet of platform.getSubnets. */
export interface SubnetSummary {
    subnetId: string;
    /** Empty for the primary network and for elastic or converted subnets. */
    controlKeys: string[];
    threshold: number;
}
/** The subnets platform.getSubnets lists (deprecated upstream, still served). */
export interface Subnets {
    subnets: SubnetSummary[];
}
/** Turns the platform.getSubnets result into its camelCase domain form. */
export function normalizeSubnets(wire: SubnetsWire): Subnets {
    return {
        subnets: listOf(wire.subnets).map((s) => ({
            subnetId: s.id,
            controlKeys: listOf(s.controlKeys),
            threshold: toNumber(s.threshold),
        })),
    };
}

/** Wire schema of the platform.getSubnet result, built on first use. */
export const PlatformSubnetWireSchema = lazy(() =>
    z.object({
        isPermissioned: z.boolean(),
        controlKeys: listWire(textWire(200)),
        threshold: smallUintWire(),
        locktime: bigUintWire(),
        subnetTransformationTxID: idWire().nullish(),
        // Since Etna (ACP-77); older nodes do not send them.
        conversionID: idWire().nullish(),
        managerChainID: idWire().nullish(),
        // types.JSONByteSlice: `null` when the subnet was never converted.
        managerAddress: z
            .string()
            .regex(/^0x([0-9a-fA-F]{2})*$/, 'expected hex bytes')
            .max(1_000)
            .nullish(),
    }),
);
/** The platform.getSubnet result, as the node sends it. */
export type PlatformSubnetWire = z.infer<ReturnType<typeof PlatformSubnetWireSchema>>;
/** A subnet's owner, and whether it was transformed (elastic) or converted to an L1. */
export interface SubnetDetails {
    isPermissioned: boolean;
    controlKeys: string[];
    threshold: number;
    /** Unix seconds, decimal string. */
    locktime: string;
    /** The TransformSubnetTx of an elastic subnet. */
    subnetTransformationTxId?: string;
    /** Set once the subnet is an L1 (ConvertSubnetToL1Tx). */
    conversionId?: string;
    /** The chain of the L1's validator manager contract. */
    managerChainId?: string;
    /** The validator manager contract's address (hex). */
    managerAddress?: string;
    isL1: boolean;
}
/** Turns the platform.getSubnet result into its camelCase domain form. */
export function normalizeSubnet(wire: PlatformSubnetWire): SubnetDetails {
    const result: SubnetDetails = {
        isPermissioned: wire.isPermissioned,
        controlKeys: listOf(wire.controlKeys),
        threshold: toNumber(wire.threshold),
        locktime: toDecimal(wire.locktime),
        isL1: presentId(wire.conversionID) !== undefined,
    };
    const transformation = presentId(wire.subnetTransformationTxID);
    if (transformation) result.subnetTransformationTxId = transformation;
    const conversion = presentId(wire.conversionID);
    if (conversion) result.conversionId = conversion;
    const managerChain = presentId(wire.managerChainID);
    if (managerChain) result.managerChainId = managerChain;
    if (wire.managerAddress != null && wire.managerAddress !== '0x') {
        result.managerAddress = wire.managerAddress;
    }
    return result;
}

// ---------------------------------------------------------------------------------------------
// platform.getBlockchains, validatedBy, validates

/** Wire schema of the platform.getBlockchains result, built on first use. */
export const BlockchainsWireSchema = lazy(() =>
    z.object({
        blockchains: listWire(
            z.object({
                id: idWire(),
                name: textWire(),
                subnetID: idWire(),
                vmID: idWire(),
            }),
        ),
    }),
);
/** The platform.getBlockchains result, as the node sends it. */
export type BlockchainsWire = z.infer<ReturnType<typeof BlockchainsWireSchema>>;
/** One blockchain the P-Chain knows (the P-Chain itself is not listed). */
export interface PlatformBlockchain {
    blockchainId: string;
    /** Chosen by whoever created the chain: untrusted text. */
    name: string;
    subnetId: string;
    vmId: string;
}
/** Every blockchain of every subnet (deprecated upstream, still served). */
export interface PlatformBlockchains {
    blockchains: PlatformBlockchain[];
}
/** Turns the platform.getBlockchains result into its camelCase domain form. */
export function normalizeBlockchains(wire: BlockchainsWire): PlatformBlockchains {
    return {
        blockchains: listOf(wire.blockchains).map((b) => ({
            blockchainId: b.id,
            name: b.name,
            subnetId: b.subnetID,
            vmId: b.vmID,
        })),
    };
}

/** Wire schema of the platform.validatedBy result, built on first use. */
export const ValidatedByWireSchema = lazy(() => z.object({ subnetID: idWire() }));
/** The platform.validatedBy result, as the node sends it. */
export type ValidatedByWire = z.infer<ReturnType<typeof ValidatedByWireSchema>>;
/** The subnet (or L1) that validates a blockchain. */
export interface ValidatedBy {
    subnetId: string;
}
/** Turns the platform.validatedBy result into its camelCase domain form. */
export function normalizeValidatedBy(wire: ValidatedByWire): ValidatedBy {
    return { subnetId: wire.subnetID };
}

/** Wire schema of the platform.validates result, built on first use. */
export const ValidatesWireSchema = lazy(() => z.object({ blockchainIDs: listWire(idWire()) }));
/** The platform.validates result, as the node sends it. */
export type ValidatesWire = z.infer<ReturnType<typeof ValidatesWireSchema>>;
/** The blockchains a subnet validates. */
export interface Validates {
    blockchainIds: string[];
}
/** Turns the platform.validates result into its camelCase domain form. */
export function normalizeValidates(wire: ValidatesWire): Validates {
    return { blockchainIds: listOf(wire.blockchainIDs) };
}

// ---------------------------------------------------------------------------------------------
// platform.getCurrentValidators, getL1Validator

function signerWire() {
    return z.object({
        publicKey: textWire(200),
        proofOfPossession: textWire(400).nullish(),
    });
}

/**
 * One entry of platform.getCurrentValidators. Three shapes share the list (service.go's
 * getPrimaryOrSubnetValidators and getL1Validators): primary-network and elastic validators
 * (`PermissionlessValidator`), legacy subnet validators (a bare `Staker`) and L1 validators
 * (`APIL1Validator`); only `nodeID` and `weight` are in all of them.
 */
function platformValidatorWire() {
    return z.object({
        nodeID: nodeIdWire(),
        weight: bigUintWire(),
        txID: idWire().nullish(),
        startTime: bigUintWire().nullish(),
        endTime: bigUintWire().nullish(),
        // APIL1Validator (BaseL1Validator)
        validationID: idWire().nullish(),
        publicKey: textWire(200).nullish(),
        remainingBalanceOwner: ownerWire().nullish(),
        deactivationOwner: ownerWire().nullish(),
        minNonce: bigUintWire().nullish(),
        balance: bigUintWire().nullish(),
        // PermissionlessValidator
        validationRewardOwner: ownerWire().nullish(),
        delegationRewardOwner: ownerWire().nullish(),
        potentialReward: bigUintWire().nullish(),
        accruedDelegateeReward: bigUintWire().nullish(),
        delegationFee: floatWire().nullish(),
        uptime: floatWire().nullish(),
        connected: z.boolean().nullish(),
        signer: signerWire().nullish(),
        delegatorCount: bigUintWire().nullish(),
        delegatorWeight: bigUintWire().nullish(),
        // AutoRenewedConfig (ACP-236, Helicon): vms/platformvm/api/validator.go at v1.15.0-fuji,
        // embedded in PermissionlessValidator, so the keys sit beside the others.
        validatorAuthority: ownerWire().nullish(),
        nextPeriod: bigUintWire().nullish(),
        autoCompoundRewardShares: smallUintWire().nullish(),
        // The rewards restaked over the cycles so far, AvalancheGo v1.15.2 on (ava-labs/avalanchego
        // pull 5983, https://github.com/ava-labs/avalanchego/pull/5983): StakingInfo's accrued
        // sums, so that weight = the tx's stake + both.
        restakedValidationRewards: bigUintWire().nullish(),
        restakedDelegateeRewards: bigUintWire().nullish(),
    });
}
type PlatformValidatorWire = z.infer<ReturnType<typeof platformValidatorWire>>;

/** A validator as the P-Chain reports it; 64-bit values are decimal strings. */
export interface PlatformValidator {
    /** `l1` for an L1 validator, `staker` for primary-network, elastic and legacy subnet ones. */
    kind: 'l1' | 'staker';
    nodeId: string;
    weight: string;
    /** The transaction that added a staker. */
    txId?: string;
    /** Unix seconds, decimal strings. */
    startTime?: string;
    endTime?: string;
    validationId?: string;
    /** BLS public key (hex): L1 validators' `publicKey` or stakers' `signer.publicKey`. */
    publicKey?: string;
    remainingBalanceOwner?: PlatformOwner;
    deactivationOwner?: PlatformOwner;
    minNonce?: string;
    /** nAVAX left to pay an L1 validator's continuous fee. */
    balance?: string;
    validationRewardOwner?: PlatformOwner;
    delegationRewardOwner?: PlatformOwner;
    potentialReward?: string;
    accruedDelegateeReward?: string;
    /** Percent. */
    delegationFee?: number;
    /** Percent, primary network only. */
    uptime?: number;
    connected?: boolean;
    delegatorCount?: string;
    delegatorWeight?: string;
    /** Set for an auto-renewed primary network validator (ACP-236, since Helicon). */
    autoRenewed?: AutoRenewedValidatorConfig;
}

/**
 * The renewal settings of an auto-renewed validator (ACP-236): it validates in cycles, each one
 * renewed on its own at its end (`endTime` is the current cycle's) until a
 * SetAutoRenewedValidatorConfigTx sets the next period to 0.
 */
export interface AutoRenewedValidatorConfig {
    /** Who may change the settings (SetAutoRenewedValidatorConfigTx). */
    validatorAuthority: PlatformOwner;
    /** Length of the next cycle in seconds, decimal; "0" when the validator leaves after this one. */
    nextPeriodSeconds: string;
    /** Share of each cycle's rewards restaked, in millionths (0 to 1,000,000). */
    autoCompoundRewardShares: number;
    /**
     * nAVAX of the validator's own rewards restaked over the cycles so far (decimal); sent by
     * AvalancheGo v1.15.2 and later only.
     */
    restakedValidationRewards?: string;
    /** nAVAX of delegation fees restaked over the cycles so far (decimal); v1.15.2 and later. */
    restakedDelegateeRewards?: string;
}

function normalizePlatformValidator(wire: PlatformValidatorWire): PlatformValidator {
    const v: PlatformValidator = {
        kind: wire.validationID != null ? 'l1' : 'staker',
        nodeId: wire.nodeID,
        weight: toDecimal(wire.weight),
    };
    if (wire.txID != null) v.txId = wire.txID;
    if (wire.startTime != null) v.startTime = toDecimal(wire.startTime);
    if (wire.endTime != null) v.endTime = toDecimal(wire.endTime);
    if (wire.validationID != null) v.validationId = wire.validationID;
    const publicKey = wire.publicKey ?? wire.signer?.publicKey;
    if (publicKey != null) v.publicKey = publicKey;
    if (wire.remainingBalanceOwner != null) {
        v.remainingBalanceOwner = normalizeOwner(wire.remainingBalanceOwner);
    }
    if (wire.deactivationOwner != null) {
        v.deactivationOwner = normalizeOwner(wire.deactivationOwner);
    }
    if (wire.minNonce != null) v.minNonce = toDecimal(wire.minNonce);
    if (wire.balance != null) v.balance = toDecimal(wire.balance);
    if (wire.validationRewardOwner != null) {
        v.validationRewardOwner = normalizeOwner(wire.validationRewardOwner);
    }
    if (wire.delegationRewardOwner != null) {
        v.delegationRewardOwner = normalizeOwner(wire.delegationRewardOwner);
    }
    if (wire.potentialReward != null) v.potentialReward = toDecimal(wire.potentialReward);
    if (wire.accruedDelegateeReward != null) {
        v.accruedDelegateeReward = toDecimal(wire.accruedDelegateeReward);
    }
    if (wire.delegationFee != null) v.delegationFee = toNumber(wire.delegationFee);
    if (wire.uptime != null) v.uptime = toNumber(wire.uptime);
    if (wire.connected != null) v.connected = wire.connected;
    if (wire.delegatorCount != null) v.delegatorCount = toDecimal(wire.delegatorCount);
    if (wire.delegatorWeight != null) v.delegatorWeight = toDecimal(wire.delegatorWeight);
    if (wire.validatorAuthority != null) {
        v.autoRenewed = {
            validatorAuthority: normalizeOwner(wire.validatorAuthority),
            nextPeriodSeconds: toDecimal(wire.nextPeriod ?? 0),
            autoCompoundRewardShares: toNumber(wire.autoCompoundRewardShares ?? 0),
        };
        if (wire.restakedValidationRewards != null) {
            v.autoRenewed.restakedValidationRewards = toDecimal(wire.restakedValidationRewards);
        }
        if (wire.restakedDelegateeRewards != null) {
            v.autoRenewed.restakedDelegateeRewards = toDecimal(wire.restakedDelegateeRewards);
        }
    }
    return v;
}

/** Wire schema of the platform.getCurrentValidators result, built on first use. */
export const PlatformValidatorsWireSchema = lazy(() =>
    z.object({ validators: listWire(platformValidatorWire()) }),
);
/** The platform.getCurrentValidators result, as the node sends it. */
export type PlatformValidatorsWire = z.infer<ReturnType<typeof PlatformValidatorsWireSchema>>;
/** The current validators of the primary network, a subnet or an L1. */
export interface PlatformValidators {
    validators: PlatformValidator[];
}
/** Turns the platform.getCurrentValidators result into its camelCase domain form. */
export function normalizePlatformValidators(wire: PlatformValidatorsWire): PlatformValidators {
    return { validators: listOf(wire.validators).map(normalizePlatformValidator) };
}

/** Wire schema of the platform.getL1Validator result, built on first use. */
export const L1ValidatorWireSchema = lazy(() =>
    platformValidatorWire().extend({
        validationID: idWire().nullish(),
        subnetID: idWire(),
        height: bigUintWire(),
    }),
);
/** The platform.getL1Validator result, as the node sends it. */
export type L1ValidatorWire = z.infer<ReturnType<typeof L1ValidatorWireSchema>>;
/** One L1 validator, and the P-Chain height the answer was read at. */
export interface L1ValidatorResult {
    validator: PlatformValidator;
    subnetId: string;
    height: string;
}
/** Turns the platform.getL1Validator result into its camelCase domain form. */
export function normalizeL1Validator(wire: L1ValidatorWire): L1ValidatorResult {
    const validator = normalizePlatformValidator(wire);
    validator.kind = 'l1';
    return { validator, subnetId: wire.subnetID, height: toDecimal(wire.height) };
}

// ---------------------------------------------------------------------------------------------
// platform.getValidatorsAt

/**
 * One validator of platform.getValidatorsAt: `{publicKey, weight}` since AvalancheGo 1.11
 * (`jsonGetValidatorOutput`: the compressed BLS key as 0x-hex or null, the weight a
 * `json.Uint64`), a bare weight before (the form service.md still shows).
 */
function validatorAtWire() {
    return z.union([
        z.object({ publicKey: textWire(200).nullish(), weight: bigUintWire() }),
        bigUintWire(),
    ]);
}

type ValidatorAtWire = z.infer<ReturnType<typeof validatorAtWire>>;

/** A map keyed by node id, with no more entries than a list may have. */
function validatorMapWire() {
    return z
        .record(nodeIdWire(), validatorAtWire())
        .refine((map) => Object.keys(map).length <= maxListLength, 'too many validators');
}

/**
 * Wire schema of the platform.getValidatorsAt result, built on first use. `GetValidatorsAtReply`
 * marshals as the map itself (node id → validator); older nodes wrapped it in `validators`. No
 * node id is called "validators", so the two cannot be mistaken for each other.
 */
export const ValidatorsAtWireSchema = lazy(() =>
    z.union([z.object({ validators: validatorMapWire() }), validatorMapWire()]),
);
/** The platform.getValidatorsAt result, as the node sends it. */
export type ValidatorsAtWire = z.infer<ReturnType<typeof ValidatorsAtWireSchema>>;
/** One validator of a subnet's set at a P-Chain height. */
export interface ValidatorAtEntry {
    nodeId: string;
    /** The compressed BLS key (hex); absent for a validator without one or from an older node. */
    publicKey?: string;
    /** Decimal string: a uint64. */
    weight: string;
}
/** The validator set of a subnet at a P-Chain height, ordered by node id. */
export interface ValidatorsAt {
    validators: ValidatorAtEntry[];
}
/** Turns the platform.getValidatorsAt result into its camelCase domain form. */
export function normalizeValidatorsAt(wire: ValidatorsAtWire): ValidatorsAt {
    const map = (
        'validators' in wire && typeof wire['validators'] === 'object' ? wire['validators'] : wire
    ) as Record<string, ValidatorAtWire>;
    return {
        validators: sortedEntries(map).map(([nodeId, value]) => {
            if (typeof value !== 'object') return { nodeId, weight: toDecimal(value) };
            const entry: ValidatorAtEntry = { nodeId, weight: toDecimal(value.weight) };
            if (value.publicKey != null && value.publicKey !== '')
                entry.publicKey = value.publicKey;
            return entry;
        }),
    };
}

// ---------------------------------------------------------------------------------------------
// Transactions and blocks (encoding "json")

/**
 * An unsigned transaction: an open union checked for its common parts only. Unknown keys are
 * kept (`looseObject`) so that a transaction type added upstream still parses.
 */
function unsignedTxWire() {
    return z.looseObject({
        networkID: smallUintWire().nullish(),
        blockchainID: idWire().nullish(),
        outputs: z.array(z.unknown()).max(maxListLength).nullish(),
        // The reference's getBlockByHeight example nests the whole BaseTx under `inputs` (an
        // older marshalling); the node sends a list. Both are accepted.
        inputs: z
            .union([z.array(z.unknown()).max(maxListLength), z.record(z.string(), z.unknown())])
            .nullish(),
        memo: textWire(2_000).nullish(),
        subnetID: idWire().nullish(),
        chainName: textWire().nullish(),
        vmID: idWire().nullish(),
        chainID: idWire().nullish(),
        validators: z.array(z.unknown()).max(maxListLength).nullish(),
    });
}

function signedTxWire() {
    return z.looseObject({
        unsignedTx: unsignedTxWire(),
        credentials: z.array(z.unknown()).max(maxListLength).nullish(),
        id: idWire().nullish(),
    });
}
type SignedTxWire = z.infer<ReturnType<typeof signedTxWire>>;

/** One output of a transaction, as far as a view needs it. */
export interface TxOutputSummary {
    assetId?: string;
    /** Decimal string; JSON numbers above 2^53 arrive already rounded by the JSON parser. */
    amount?: string;
    addresses: string[];
    /** True for a stake-locked output (`stakeableLockOut`). */
    locked: boolean;
}

/** One validator a ConvertSubnetToL1Tx installs. */
export interface TxValidatorSummary {
    /** Raw node id bytes (hex) as the transaction carries them. */
    nodeId?: string;
    weight?: string;
    balance?: string;
}

/** What a view needs of a P-Chain or X-Chain transaction; `body` keeps it all as sent. */
export interface PrimaryTx {
    txId?: string;
    /** The Go type name, inferred from the fields (the JSON carries none), or `unknown`. */
    typeName: string;
    blockchainId?: string;
    subnetId?: string;
    chainName?: string;
    vmId?: string;
    /** The chain of an L1's validator manager (ConvertSubnetToL1Tx). */
    managerChainId?: string;
    managerAddress?: string;
    validators: TxValidatorSummary[];
    outputs: TxOutputSummary[];
    memo?: string;
    /**
     * The staker transaction a transaction is about: the validator a RewardValidatorTx or
     * RewardAutoRenewedValidatorTx rewards, the AddAutoRenewedValidatorTx a
     * SetAutoRenewedValidatorConfigTx changes (its `txID`).
     */
    stakerTxId?: string;
    /** Set on the ACP-236 transactions (Helicon). */
    autoRenewed?: AutoRenewedTxFields;
    /** The unsigned transaction as the node sent it: untrusted, display as text only. */
    body: Record<string, unknown>;
}

/**
 * What the ACP-236 transactions carry (vms/platformvm/txs/add_auto_renewed_validator_tx.go,
 * set_auto_renewed_validator_config_tx.go and reward_auto_renewed_validator_tx.go at
 * v1.15.0-fuji): AddAutoRenewedValidatorTx has all but `cycleEndTime`,
 * SetAutoRenewedValidatorConfigTx `periodSeconds` and `autoCompoundRewardShares`,
 * RewardAutoRenewedValidatorTx `cycleEndTime` only.
 */
export interface AutoRenewedTxFields {
    /** The validator's node id (`NodeID-…`; the transaction carries its 20 bytes as hex). */
    nodeId?: string;
    /** Its BLS public key (hex). */
    publicKey?: string;
    /** nAVAX staked (the sum of the `stake` outputs), decimal. */
    stakeAmount?: string;
    /**
     * Cycle length in seconds, decimal: of every cycle (add), or of the cycles after the current
     * one (set config; "0" makes the validator leave at the end of the current cycle).
     */
    periodSeconds?: string;
    /** Share of each cycle's rewards restaked, millionths (0 to 1,000,000). */
    autoCompoundRewardShares?: number;
    /** Fee charged to delegators, millionths. */
    delegationShares?: number;
    validationRewardsOwner?: PlatformOwner;
    delegationRewardsOwner?: PlatformOwner;
    /** Who may change the settings later. */
    validatorAuthority?: PlatformOwner;
    /** The end of the rewarded cycle (reward transaction), Unix seconds, decimal. */
    cycleEndTime?: string;
}

const txShapes: readonly [string, readonly string[]][] = [
    // Helicon (ACP-236): before the older shapes, whose keys they share.
    ['AddAutoRenewedValidatorTx', ['validatorAuthority', 'autoCompoundRewardShares', 'period']],
    ['SetAutoRenewedValidatorConfigTx', ['txID', 'auth', 'autoCompoundRewardShares', 'period']],
    ['RewardAutoRenewedValidatorTx', ['txID', 'timestamp']],
    ['ConvertSubnetToL1Tx', ['chainID', 'address', 'validators']],
    ['CreateChainTx', ['chainName', 'vmID']],
    ['CreateSubnetTx', ['owner']],
    ['TransferSubnetOwnershipTx', ['newOwner']],
    ['TransformSubnetTx', ['assetID', 'initialSupply']],
    ['RegisterL1ValidatorTx', ['proofOfPossession', 'message']],
    ['SetL1ValidatorWeightTx', ['message']],
    ['DisableL1ValidatorTx', ['validationID', 'disableAuthorization']],
    ['IncreaseL1ValidatorBalanceTx', ['validationID', 'balance']],
    ['RemoveSubnetValidatorTx', ['nodeID', 'subnetID', 'subnetAuthorization']],
    ['AddPermissionlessValidatorTx', ['validator', 'signer', 'shares']],
    ['AddPermissionlessDelegatorTx', ['validator', 'subnetID', 'stake']],
    ['AddValidatorTx', ['validator', 'stake', 'shares']],
    ['AddDelegatorTx', ['validator', 'stake']],
    ['AddSubnetValidatorTx', ['validator', 'subnetAuthorization']],
    ['CreateAssetTx', ['name', 'symbol', 'denomination']],
    ['OperationTx', ['operations']],
    ['ExportTx', ['destinationChain', 'exportedOutputs']],
    ['ImportTx', ['sourceChain', 'importedInputs']],
    ['AdvanceTimeTx', ['time']],
    ['RewardValidatorTx', ['txID']],
];

/**
 * The transaction's Go type name. AvalancheGo marshals `tx.Unsigned` (an interface) without a
 * type tag, so the type is told by the fields only it has: the json tags of
 * vms/platformvm/txs/*_tx.go and vms/avm/txs/*_tx.go
 * (https://github.com/ava-labs/avalanchego/tree/v1.14.2/vms/platformvm/txs, and at v1.15.0-fuji
 * for Helicon's auto-renewed validator transactions). A `type` or
 * `typeID` the node may add one day wins.
 */
export function inferTxTypeName(unsigned: Record<string, unknown>): string {
    const tagged = unsigned['type'] ?? unsigned['txType'];
    if (typeof tagged === 'string' && /^[A-Za-z0-9]{1,64}$/.test(tagged)) return tagged;
    for (const [name, keys] of txShapes) {
        if (keys.every((key) => key in unsigned)) return name;
    }
    return 'inputs' in unsigned || 'outputs' in unsigned ? 'BaseTx' : 'unknown';
}

function record(value: unknown): Record<string, unknown> | undefined {
    return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
}

function decimalOf(value: unknown): string | undefined {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return toDecimal(value);
    if (typeof value === 'string' && /^\d{1,78}$/.test(value)) return toDecimal(value);
    return undefined;
}

function stringOf(value: unknown, max = 200): string | undefined {
    return typeof value === 'string' && value.length <= max ? value : undefined;
}

function outputSummary(value: unknown): TxOutputSummary {
    const outer = record(value) ?? {};
    let output = record(outer['output']) ?? {};
    // stakeableLockOut wraps the transferable output: {locktime, output: {amount, ...}}
    const inner = record(output['output']);
    const locked = inner !== undefined;
    if (inner) output = inner;
    const summary: TxOutputSummary = {
        addresses: Array.isArray(output['addresses'])
            ? output['addresses'].flatMap((a) => stringOf(a) ?? [])
            : [],
        locked,
    };
    const assetId = stringOf(outer['assetID']);
    if (assetId) summary.assetId = assetId;
    const amount = decimalOf(output['amount']);
    if (amount) summary.amount = amount;
    return summary;
}

/** The owner shape inside a transaction body, which the envelope schema leaves unchecked. */
const bodyOwnerSchema = lazy(ownerWire);

function ownerOf(value: unknown): PlatformOwner | undefined {
    const owner = record(value);
    if (!owner) return undefined;
    const parsed = bodyOwnerSchema().safeParse(owner);
    return parsed.success ? normalizeOwner(parsed.data) : undefined;
}

function smallNumberOf(value: unknown): number | undefined {
    const decimal = decimalOf(value);
    return decimal !== undefined && decimal.length <= 15 ? Number(decimal) : undefined;
}

/** A node id the transaction carries as 20 bytes in hex (`types.JSONByteSlice`), as `NodeID-…`. */
function nodeIdOfHex(value: unknown): string | undefined {
    if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value)) return undefined;
    return `${nodeIdPrefix}${cb58Encode(hex.decode(value.slice(2).toLowerCase()))}`;
}

function autoRenewedFields(typeName: string, u: Record<string, unknown>): AutoRenewedTxFields {
    const fields: AutoRenewedTxFields = {};
    if (typeName === 'RewardAutoRenewedValidatorTx') {
        const end = decimalOf(u['timestamp']);
        if (end) fields.cycleEndTime = end;
        return fields;
    }
    const period = decimalOf(u['period']);
    if (period) fields.periodSeconds = period;
    const compound = smallNumberOf(u['autoCompoundRewardShares']);
    if (compound !== undefined) fields.autoCompoundRewardShares = compound;
    if (typeName !== 'AddAutoRenewedValidatorTx') return fields;
    const nodeId = nodeIdOfHex(u['nodeID']);
    if (nodeId) fields.nodeId = nodeId;
    const publicKey = stringOf(record(u['signer'])?.['publicKey']);
    if (publicKey) fields.publicKey = publicKey;
    const stake = Array.isArray(u['stake']) ? (u['stake'] as unknown[]).map(outputSummary) : [];
    if (stake.length > 0 && stake.every((o) => o.amount !== undefined)) {
        fields.stakeAmount = stake.reduce((sum, o) => sum + BigInt(o.amount!), 0n).toString();
    }
    const shares = smallNumberOf(u['delegationShares']);
    if (shares !== undefined) fields.delegationShares = shares;
    for (const key of [
        'validationRewardsOwner',
        'delegationRewardsOwner',
        'validatorAuthority',
    ] as const) {
        const owner = ownerOf(u[key]);
        if (owner) fields[key] = owner;
    }
    return fields;
}

const stakerReferences = new Set([
    'RewardValidatorTx',
    'RewardAutoRenewedValidatorTx',
    'SetAutoRenewedValidatorConfigTx',
]);

function validatorSummary(value: unknown): TxValidatorSummary {
    const v = record(value) ?? {};
    const summary: TxValidatorSummary = {};
    const nodeId = stringOf(v['nodeID']);
    if (nodeId) summary.nodeId = nodeId;
    const weight = decimalOf(v['weight']);
    if (weight) summary.weight = weight;
    const balance = decimalOf(v['balance']);
    if (balance) summary.balance = balance;
    return summary;
}

/** The summary of a signed transaction in `encoding: "json"`, tolerant of missing fields. */
function summarizePrimaryTx(wire: SignedTxWire): PrimaryTx {
    const unsigned = wire.unsignedTx;
    const exported: unknown = unsigned['exportedOutputs'];
    const nested = Array.isArray(unsigned.inputs) ? undefined : unsigned.inputs;
    const nestedOutputs: unknown = nested?.['outputs'];
    const tx: PrimaryTx = {
        typeName: inferTxTypeName(unsigned),
        validators: listOf(unsigned.validators).map(validatorSummary),
        outputs: [
            ...listOf(unsigned.outputs),
            ...(Array.isArray(nestedOutputs) ? (nestedOutputs as unknown[]) : []),
            ...(Array.isArray(exported) ? (exported as unknown[]) : []),
        ].map(outputSummary),
        body: unsigned,
    };
    if (wire.id != null) tx.txId = wire.id;
    if (unsigned.blockchainID != null) tx.blockchainId = unsigned.blockchainID;
    if (unsigned.subnetID != null) tx.subnetId = unsigned.subnetID;
    if (unsigned.chainName != null) tx.chainName = unsigned.chainName;
    if (unsigned.vmID != null) tx.vmId = unsigned.vmID;
    if (tx.typeName === 'ConvertSubnetToL1Tx') {
        if (unsigned.chainID != null) tx.managerChainId = unsigned.chainID;
        const address = stringOf(unsigned['address']);
        if (address) tx.managerAddress = address;
    }
    if (unsigned.memo != null && unsigned.memo !== '0x' && unsigned.memo !== '') {
        tx.memo = unsigned.memo;
    }
    if (stakerReferences.has(tx.typeName)) {
        const staker = stringOf(unsigned['txID'], 64);
        if (staker && /^[1-9A-HJ-NP-Za-km-z]+$/.test(staker)) tx.stakerTxId = staker;
    }
    if (tx.typeName.includes('AutoRenewed')) {
        tx.autoRenewed = autoRenewedFields(tx.typeName, unsigned);
    }
    return tx;
}

/** Wire schema of the platform.getTx and avm.getTx results with `encoding: "json"`. */
export const PrimaryTxWireSchema = lazy(() =>
    z.object({ tx: signedTxWire(), encoding: z.literal('json') }),
);
/** A getTx result, as the node sends it. */
export type PrimaryTxWire = z.infer<ReturnType<typeof PrimaryTxWireSchema>>;
/** Turns a getTx result into its camelCase domain form. */
export function normalizePrimaryTx(wire: PrimaryTxWire): PrimaryTx {
    return summarizePrimaryTx(wire.tx);
}

/** Wire schema of the getBlockByHeight results with `encoding: "json"`, built on first use. */
export const PrimaryBlockWireSchema = lazy(() =>
    z.object({
        block: z.looseObject({
            // Missing from the reference's JSON example (an Apricot block); blocks since Banff
            // carry it.
            id: idWire().nullish(),
            parentID: idWire(),
            height: bigUintWire(),
            // Banff blocks carry `time`; the apricot proposal/abort/commit blocks do not.
            time: bigUintWire().nullish(),
            txs: z.array(signedTxWire()).max(maxListLength).nullish(),
            // Apricot proposal blocks carry one `tx` instead of `txs`.
            tx: signedTxWire().nullish(),
            merkleRoot: idWire().nullish(),
        }),
        encoding: z.literal('json'),
    }),
);
/** A getBlockByHeight result, as the node sends it. */
export type PrimaryBlockWire = z.infer<ReturnType<typeof PrimaryBlockWireSchema>>;
/** A P-Chain or X-Chain block; heights and times are decimal strings. */
export interface PrimaryBlock {
    /** Absent only in the reference's older JSON example. */
    blockId?: string;
    parentId: string;
    height: string;
    /** Unix seconds, when the block carries a time. */
    time?: string;
    txs: PrimaryTx[];
}
/** Turns a getBlockByHeight result into its camelCase domain form. */
export function normalizePrimaryBlock(wire: PrimaryBlockWire): PrimaryBlock {
    const b = wire.block;
    const block: PrimaryBlock = {
        parentId: b.parentID,
        height: toDecimal(b.height),
        txs: [...listOf(b.txs), ...(b.tx ? [b.tx] : [])].map(summarizePrimaryTx),
    };
    if (b.id != null) block.blockId = b.id;
    if (b.time != null) block.time = toDecimal(b.time);
    return block;
}

// ---------------------------------------------------------------------------------------------
// platform.getBalance, getStakingAssetID, getCurrentSupply, getTimestamp, stakes

function amountRecordWire() {
    return z.record(idWire(), bigUintWire()).nullish();
}

function amounts(
    record: Record<string, number | string> | null | undefined,
): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [asset, amount] of Object.entries(record ?? {})) out[asset] = toDecimal(amount);
    return out;
}

/** Wire schema of the platform.getBalance result, built on first use. */
export const PlatformBalanceWireSchema = lazy(() =>
    z.object({
        balance: bigUintWire(),
        unlocked: bigUintWire(),
        lockedStakeable: bigUintWire(),
        lockedNotStakeable: bigUintWire(),
        balances: amountRecordWire(),
        unlockeds: amountRecordWire(),
        lockedStakeables: amountRecordWire(),
        lockedNotStakeables: amountRecordWire(),
        utxoIDs: listWire(z.object({ txID: idWire(), outputIndex: smallUintWire() })),
    }),
);
/** The platform.getBalance result, as the node sends it. */
export type PlatformBalanceWire = z.infer<ReturnType<typeof PlatformBalanceWireSchema>>;
/** P-Chain balances in nAVAX (decimal strings), in total and per asset. */
export interface PlatformBalance {
    balance: string;
    unlocked: string;
    lockedStakeable: string;
    lockedNotStakeable: string;
    /** Asset id → amount. */
    balances: Record<string, string>;
    unlockeds: Record<string, string>;
    lockedStakeables: Record<string, string>;
    lockedNotStakeables: Record<string, string>;
    utxoIds: { txId: string; outputIndex: number }[];
}
/** Turns the platform.getBalance result into its camelCase domain form. */
export function normalizePlatformBalance(wire: PlatformBalanceWire): PlatformBalance {
    return {
        balance: toDecimal(wire.balance),
        unlocked: toDecimal(wire.unlocked),
        lockedStakeable: toDecimal(wire.lockedStakeable),
        lockedNotStakeable: toDecimal(wire.lockedNotStakeable),
        balances: amounts(wire.balances),
        unlockeds: amounts(wire.unlockeds),
        lockedStakeables: amounts(wire.lockedStakeables),
        lockedNotStakeables: amounts(wire.lockedNotStakeables),
        utxoIds: listOf(wire.utxoIDs).map((u) => ({
            txId: u.txID,
            outputIndex: toNumber(u.outputIndex),
        })),
    };
}

/** Wire schema of the platform.getStakingAssetID result, built on first use. */
export const StakingAssetIdWireSchema = lazy(() => z.object({ assetID: idWire() }));
/** The platform.getStakingAssetID result, as the node sends it. */
export type StakingAssetIdWire = z.infer<ReturnType<typeof StakingAssetIdWireSchema>>;
/** The asset staked on a subnet (AVAX on the primary network). */
export interface StakingAssetId {
    assetId: string;
}
/** Turns the platform.getStakingAssetID result into its camelCase domain form. */
export function normalizeStakingAssetId(wire: StakingAssetIdWire): StakingAssetId {
    return { assetId: wire.assetID };
}

/** Wire schema of the platform.getCurrentSupply result, built on first use. */
export const CurrentSupplyWireSchema = lazy(() =>
    z.object({ supply: bigUintWire(), height: bigUintWire().nullish() }),
);
/** The platform.getCurrentSupply result, as the node sends it. */
export type CurrentSupplyWire = z.infer<ReturnType<typeof CurrentSupplyWireSchema>>;
/** An upper bound of the supply of the staking asset, in its smallest unit. */
export interface CurrentSupply {
    supply: string;
    /** The P-Chain height of the answer (newer nodes). */
    height?: string;
}
/** Turns the platform.getCurrentSupply result into its camelCase domain form. */
export function normalizeCurrentSupply(wire: CurrentSupplyWire): CurrentSupply {
    const result: CurrentSupply = { supply: toDecimal(wire.supply) };
    if (wire.height != null) result.height = toDecimal(wire.height);
    return result;
}

/** An RFC 3339 time as Go's `time.Time` marshals it. */
function timeWire() {
    return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/, {
            message: 'expected an RFC 3339 time',
        });
}

/** Wire schema of the platform.getTimestamp result, built on first use. */
export const TimestampWireSchema = lazy(() => z.object({ timestamp: timeWire() }));
/** The platform.getTimestamp result, as the node sends it. */
export type TimestampWire = z.infer<ReturnType<typeof TimestampWireSchema>>;
/** The P-Chain's current time. */
export interface PlatformTimestamp {
    /** RFC 3339, as sent. */
    timestamp: string;
    /** Milliseconds since the epoch. */
    timeMs: number;
}
/** Turns the platform.getTimestamp result into its camelCase domain form. */
export function normalizeTimestamp(wire: TimestampWire): PlatformTimestamp {
    return { timestamp: wire.timestamp, timeMs: Date.parse(wire.timestamp) };
}

/** Wire schema of the platform.getFeeState result (ACP-103 dynamic fees), built on first use. */
export const FeeStateWireSchema = lazy(() =>
    z.object({
        capacity: bigUintWire(),
        excess: bigUintWire(),
        price: bigUintWire(),
        timestamp: timeWire(),
    }),
);
/** The platform.getFeeState result, as the node sends it. */
export type FeeStateWire = z.infer<ReturnType<typeof FeeStateWireSchema>>;
/** The P-Chain's dynamic fee state: gas capacity and excess, and the gas price in nAVAX. */
export interface FeeState {
    capacity: string;
    excess: string;
    price: string;
    timestamp: string;
}
/** Turns the platform.getFeeState result into its camelCase domain form. */
export function normalizeFeeState(wire: FeeStateWire): FeeState {
    return {
        capacity: toDecimal(wire.capacity),
        excess: toDecimal(wire.excess),
        price: toDecimal(wire.price),
        timestamp: wire.timestamp,
    };
}

/** Wire schema of the platform.getValidatorFeeState result (ACP-77), built on first use. */
export const ValidatorFeeStateWireSchema = lazy(() =>
    z.object({ excess: bigUintWire(), price: bigUintWire(), timestamp: timeWire() }),
);
/** The platform.getValidatorFeeState result, as the node sends it. */
export type ValidatorFeeStateWire = z.infer<ReturnType<typeof ValidatorFeeStateWireSchema>>;
/** The L1 validator fee state: excess and the price per validator per second, in nAVAX. */
export interface ValidatorFeeState {
    excess: string;
    price: string;
    timestamp: string;
}
/** Turns the platform.getValidatorFeeState result into its camelCase domain form. */
export function normalizeValidatorFeeState(wire: ValidatorFeeStateWire): ValidatorFeeState {
    return {
        excess: toDecimal(wire.excess),
        price: toDecimal(wire.price),
        timestamp: wire.timestamp,
    };
}

/** Wire schema of the platform.getValidatorFeeConfig result, built on first use. */
export const ValidatorFeeConfigWireSchema = lazy(() =>
    z.object({
        capacity: bigUintWire(),
        target: bigUintWire(),
        minPrice: bigUintWire(),
        excessConversionConstant: bigUintWire(),
    }),
);
/** The platform.getValidatorFeeConfig result, as the node sends it. */
export type ValidatorFeeConfigWire = z.infer<ReturnType<typeof ValidatorFeeConfigWireSchema>>;
/** How the L1 validator fee moves (ACP-77): capacity and target in validators, minimum price. */
export interface ValidatorFeeConfig {
    capacity: string;
    target: string;
    minPrice: string;
    excessConversionConstant: string;
}
/** Turns the platform.getValidatorFeeConfig result into its camelCase domain form. */
export function normalizeValidatorFeeConfig(wire: ValidatorFeeConfigWire): ValidatorFeeConfig {
    return {
        capacity: toDecimal(wire.capacity),
        target: toDecimal(wire.target),
        minPrice: toDecimal(wire.minPrice),
        excessConversionConstant: toDecimal(wire.excessConversionConstant),
    };
}

/** Wire schema of the platform.getMinStake result, built on first use. */
export const MinStakeWireSchema = lazy(() =>
    z.object({ minValidatorStake: bigUintWire(), minDelegatorStake: bigUintWire() }),
);
/** The platform.getMinStake result, as the node sends it. */
export type MinStakeWire = z.infer<ReturnType<typeof MinStakeWireSchema>>;
/** The least a validator and a delegator must stake, in the staking asset's smallest unit. */
export interface MinStake {
    minValidatorStake: string;
    minDelegatorStake: string;
}
/** Turns the platform.getMinStake result into its camelCase domain form. */
export function normalizeMinStake(wire: MinStakeWire): MinStake {
    return {
        minValidatorStake: toDecimal(wire.minValidatorStake),
        minDelegatorStake: toDecimal(wire.minDelegatorStake),
    };
}

/** Wire schema of the platform.getTotalStake result, built on first use. */
export const TotalStakeWireSchema = lazy(() =>
    // `stake` is the older name (docs); the code sends both `stake` and `weight`.
    z.object({ stake: bigUintWire().nullish(), weight: bigUintWire().nullish() }),
);
/** The platform.getTotalStake result, as the node sends it. */
export type TotalStakeWire = z.infer<ReturnType<typeof TotalStakeWireSchema>>;
/** The total weight validating a subnet (the primary network's stake in nAVAX). */
export interface TotalStake {
    weight: string;
}
/** Turns the platform.getTotalStake result into its camelCase domain form. */
export function normalizeTotalStake(wire: TotalStakeWire): TotalStake {
    return { weight: toDecimal(wire.weight ?? wire.stake ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// avm.getAssetDescription, getBalance, getAllBalances

/** Wire schema of the avm.getAssetDescription result, built on first use. */
export const AssetDescriptionWireSchema = lazy(() =>
    z.object({
        assetID: idWire(),
        name: textWire(),
        symbol: textWire(),
        denomination: smallUintWire(),
    }),
);
/** The avm.getAssetDescription result, as the node sends it. */
export type AssetDescriptionWire = z.infer<ReturnType<typeof AssetDescriptionWireSchema>>;
/** An X-Chain asset; name and symbol are chosen by its creator: untrusted text. */
export interface AssetDescription {
    assetId: string;
    name: string;
    symbol: string;
    /** Decimal places of the display unit (9 for AVAX). */
    denomination: number;
}
/** Turns the avm.getAssetDescription result into its camelCase domain form. */
export function normalizeAssetDescription(wire: AssetDescriptionWire): AssetDescription {
    return {
        assetId: wire.assetID,
        name: wire.name,
        symbol: wire.symbol,
        denomination: toNumber(wire.denomination),
    };
}

/** Wire schema of the avm.getBalance result, built on first use. */
export const XBalanceWireSchema = lazy(() =>
    z.object({
        balance: bigUintWire(),
        utxoIDs: listWire(z.object({ txID: idWire(), outputIndex: smallUintWire() })),
    }),
);
/** The avm.getBalance result, as the node sends it. */
export type XBalanceWire = z.infer<ReturnType<typeof XBalanceWireSchema>>;
/** An X-Chain address's balance of one asset, and the UTXOs that hold it. */
export interface XBalance {
    balance: string;
    utxoIds: { txId: string; outputIndex: number }[];
}
/** Turns the avm.getBalance result into its camelCase domain form. */
export function normalizeXBalance(wire: XBalanceWire): XBalance {
    return {
        balance: toDecimal(wire.balance),
        utxoIds: listOf(wire.utxoIDs).map((u) => ({
            txId: u.txID,
            outputIndex: toNumber(u.outputIndex),
        })),
    };
}

/** Wire schema of the avm.getAllBalances result, built on first use. */
export const XAllBalancesWireSchema = lazy(() =>
    z.object({
        balances: listWire(z.object({ asset: textWire(200), balance: bigUintWire() })),
    }),
);
/** The avm.getAllBalances result, as the node sends it. */
export type XAllBalancesWire = z.infer<ReturnType<typeof XAllBalancesWireSchema>>;
/** Every asset an X-Chain address holds; `asset` is the alias (AVAX) or the asset id. */
export interface XAllBalances {
    balances: { asset: string; balance: string }[];
}
/** Turns the avm.getAllBalances result into its camelCase domain form. */
export function normalizeXAllBalances(wire: XAllBalancesWire): XAllBalances {
    return {
        balances: listOf(wire.balances).map((b) => ({
            asset: b.asset,
            balance: toDecimal(b.balance),
        })),
    };
}
