/**
 * The built-in table of well-known functions, events and errors: token standards, wrapped native
 * tokens, Ownable, Avalanche's ICM contracts (Teleporter, its registry, the validator managers)
 * and Subnet-EVM's precompiles. The decoder falls back on it when no workspace artifact knows a
 * selector. Each group names the source its signatures were checked against (compiled from that
 * source, or read from the ABI file it ships); the table is written as human-readable signatures
 * and parsed on first use, so loading the module costs nothing.
 */
import type { AbiEntry } from './entry';

import { parseSignature } from './parseSignature';
import { canonicalSignature, selectorOf, topicOf } from './signature';
import type { Candidate } from './types';

/** One group of the table: a standard or a contract, and its human-readable signatures. */
export interface WellKnownGroup {
    readonly group: string;
    readonly signatures: readonly string[];
}

// Struct layouts, written once for the signatures below.
const feeInfo = '(address feeTokenAddress, uint256 amount)';
const teleporterMessage =
    '(uint256 messageNonce, address originSenderAddress, bytes32 destinationBlockchainID, address destinationAddress, uint256 requiredGasLimit, address[] allowedRelayerAddresses, (uint256 receivedMessageNonce, address relayerRewardAddress)[] receipts, bytes message)';
const teleporterMessageInput = `(bytes32 destinationBlockchainID, address destinationAddress, ${feeInfo} feeInfo, uint256 requiredGasLimit, address[] allowedRelayerAddresses, bytes message)`;
const pChainOwner = '(uint32 threshold, address[] addresses)';
const conversionData =
    '(bytes32 subnetID, bytes32 validatorManagerBlockchainID, address validatorManagerAddress, (bytes nodeID, bytes blsPublicKey, uint64 weight)[] initialValidators)';
const feeConfig =
    '(uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep)';
const feeConfigParams =
    'uint256 gasLimit, uint256 targetBlockRate, uint256 minBaseFee, uint256 targetGas, uint256 baseFeeChangeDenominator, uint256 minBlockGasCost, uint256 maxBlockGasCost, uint256 blockGasCostStep';

/** The table as written, group by group (parsed into candidates on first lookup). */
export const wellKnownGroups: readonly WellKnownGroup[] = [
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/token/ERC20/IERC20.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/token/ERC20/extensions/IERC20Permit.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/interfaces/draft-IERC6093.sol
    // ERC-721's transferFrom and approve have these same signatures, so they decode with ERC-20's names.
    {
        group: 'ERC-20',
        signatures: [
            'function transfer(address to, uint256 value) returns (bool)',
            'function transferFrom(address from, address to, uint256 value) returns (bool)',
            'function approve(address spender, uint256 value) returns (bool)',
            'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
            'event Transfer(address indexed from, address indexed to, uint256 value)',
            'event Approval(address indexed owner, address indexed spender, uint256 value)',
            'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
            'error ERC20InvalidSender(address sender)',
            'error ERC20InvalidReceiver(address receiver)',
            'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
            'error ERC20InvalidApprover(address approver)',
            'error ERC20InvalidSpender(address spender)',
        ],
    },
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/token/ERC721/IERC721.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/interfaces/draft-IERC6093.sol
    {
        group: 'ERC-721',
        signatures: [
            'function safeTransferFrom(address from, address to, uint256 tokenId)',
            'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
            'function setApprovalForAll(address operator, bool approved)',
            'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
            'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
            'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
            'error ERC721InvalidOwner(address owner)',
            'error ERC721NonexistentToken(uint256 tokenId)',
            'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
            'error ERC721InvalidSender(address sender)',
            'error ERC721InvalidReceiver(address receiver)',
            'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
            'error ERC721InvalidApprover(address approver)',
            'error ERC721InvalidOperator(address operator)',
        ],
    },
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/token/ERC1155/IERC1155.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/interfaces/draft-IERC6093.sol
    // setApprovalForAll and ApprovalForAll are ERC-721's (same signatures and indexed positions).
    {
        group: 'ERC-1155',
        signatures: [
            'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
            'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
            'function setApprovalForAll(address operator, bool approved)',
            'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
            'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
            'event ApprovalForAll(address indexed account, address indexed operator, bool approved)',
            'event URI(string value, uint256 indexed id)',
            'error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId)',
            'error ERC1155InvalidSender(address sender)',
            'error ERC1155InvalidReceiver(address receiver)',
            'error ERC1155MissingApprovalForAll(address operator, address owner)',
            'error ERC1155InvalidApprover(address approver)',
            'error ERC1155InvalidOperator(address operator)',
            'error ERC1155InvalidArrayLength(uint256 idsLength, uint256 valuesLength)',
        ],
    },
    // WAVAX on the C-Chain is a copy of WETH9:
    // https://github.com/gnosis/canonical-weth/blob/2d08862f0aee76bd9b190f9b756931216cab8851/contracts/WETH9.sol
    // ICTT's wrapped native token has the same signatures:
    // https://github.com/ava-labs/icm-contracts/blob/0b68b03c906d17850712b49aa20f2dc18ed55568/contracts/ictt/interfaces/IWrappedNativeToken.sol
    {
        group: 'WAVAX / WETH',
        signatures: [
            'function deposit() payable',
            'function withdraw(uint256 wad)',
            'event Deposit(address indexed dst, uint256 wad)',
            'event Withdrawal(address indexed src, uint256 wad)',
        ],
    },
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.5.0/contracts/access/Ownable.sol
    {
        group: 'Ownable',
        signatures: [
            'function transferOwnership(address newOwner)',
            'function renounceOwnership()',
            'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
            'error OwnableUnauthorizedAccount(address account)',
            'error OwnableInvalidOwner(address owner)',
        ],
    },
    // Errors of OpenZeppelin's utilities that the ICM contracts raise:
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.1.0/contracts/utils/Errors.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.1.0/contracts/proxy/utils/Initializable.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts/blob/v5.1.0/contracts/token/ERC20/utils/SafeERC20.sol
    // https://github.com/OpenZeppelin/openzeppelin-contracts-upgradeable/blob/v5.1.0/contracts/utils/ReentrancyGuardUpgradeable.sol
    {
        group: 'OpenZeppelin',
        signatures: [
            'error InsufficientBalance(uint256 balance, uint256 needed)',
            'error FailedCall()',
            'error InvalidInitialization()',
            'error NotInitializing()',
            'error SafeERC20FailedOperation(address token)',
            'error ReentrancyGuardReentrantCall()',
        ],
    },
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/teleporter/ITeleporterMessenger.sol
    // (before the move, ava-labs/icm-contracts contracts/teleporter/ITeleporterMessenger.sol, same ABI)
    {
        group: 'ICM TeleporterMessenger',
        signatures: [
            `function sendCrossChainMessage(${teleporterMessageInput} messageInput) returns (bytes32)`,
            `function retrySendCrossChainMessage(${teleporterMessage} message)`,
            'function addFeeAmount(bytes32 messageID, address feeTokenAddress, uint256 additionalFeeAmount)',
            'function receiveCrossChainMessage(uint32 messageIndex, address relayerRewardAddress)',
            `function retryMessageExecution(bytes32 sourceBlockchainID, ${teleporterMessage} message)`,
            `function sendSpecifiedReceipts(bytes32 sourceBlockchainID, bytes32[] messageIDs, ${feeInfo} feeInfo, address[] allowedRelayerAddresses) returns (bytes32)`,
            'function redeemRelayerRewards(address feeTokenAddress)',
            'function initializeBlockchainID() returns (bytes32)',
            'event BlockchainIDInitialized(bytes32 indexed blockchainID)',
            `event SendCrossChainMessage(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, ${teleporterMessage} message, ${feeInfo} feeInfo)`,
            `event AddFeeAmount(bytes32 indexed messageID, ${feeInfo} updatedFeeInfo)`,
            `event MessageExecutionFailed(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, ${teleporterMessage} message)`,
            'event MessageExecuted(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID)',
            `event ReceiveCrossChainMessage(bytes32 indexed messageID, bytes32 indexed sourceBlockchainID, address indexed deliverer, address rewardRedeemer, ${teleporterMessage} message)`,
            `event ReceiptReceived(bytes32 indexed messageID, bytes32 indexed destinationBlockchainID, address indexed relayerRewardAddress, ${feeInfo} feeInfo)`,
            'event RelayerRewardsRedeemed(address indexed redeemer, address indexed asset, uint256 amount)',
        ],
    },
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/teleporter/registry/TeleporterRegistry.sol
    {
        group: 'ICM TeleporterRegistry',
        signatures: [
            'function addProtocolVersion(uint32 messageIndex)',
            'function getLatestTeleporter() view returns (address)',
            'function getTeleporterFromVersion(uint256 version) view returns (address)',
            'function getAddressFromVersion(uint256 version) view returns (address)',
            'function getVersionFromAddress(address protocolAddress) view returns (uint256)',
            'function latestVersion() view returns (uint256)',
            'event AddProtocolVersion(uint256 indexed version, address indexed protocolAddress)',
            'event LatestVersionUpdated(uint256 indexed oldVersion, uint256 indexed newVersion)',
        ],
    },
    // ValidatorManager (v2) and PoAManager, which share the owner-only signatures:
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/validator-manager/ValidatorManager.sol
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/validator-manager/PoAManager.sol
    {
        group: 'ICM ValidatorManager',
        signatures: [
            `function initializeValidatorSet(${conversionData} conversionData, uint32 messageIndex)`,
            `function initiateValidatorRegistration(bytes nodeID, bytes blsPublicKey, ${pChainOwner} remainingBalanceOwner, ${pChainOwner} disableOwner, uint64 weight) returns (bytes32)`,
            'function completeValidatorRegistration(uint32 messageIndex) returns (bytes32)',
            'function initiateValidatorRemoval(bytes32 validationID)',
            'function completeValidatorRemoval(uint32 messageIndex) returns (bytes32)',
            'function initiateValidatorWeightUpdate(bytes32 validationID, uint64 newWeight) returns (uint64, bytes32)',
            'function completeValidatorWeightUpdate(uint32 messageIndex) returns (bytes32, uint64)',
            'function resendRegisterValidatorMessage(bytes32 validationID)',
            'function resendValidatorRemovalMessage(bytes32 validationID)',
            'function migrateFromV1(bytes32 validationID, uint32 receivedNonce)',
            'function transferValidatorManagerOwnership(address newOwner)',
            'event RegisteredInitialValidator(bytes32 indexed validationID, bytes20 indexed nodeID, bytes32 indexed subnetID, uint64 weight)',
            'event InitiatedValidatorRegistration(bytes32 indexed validationID, bytes20 indexed nodeID, bytes32 registrationMessageID, uint64 registrationExpiry, uint64 weight)',
            'event CompletedValidatorRegistration(bytes32 indexed validationID, uint64 weight)',
            'event InitiatedValidatorRemoval(bytes32 indexed validationID, bytes32 validatorWeightMessageID, uint64 weight, uint64 endTime)',
            'event CompletedValidatorRemoval(bytes32 indexed validationID)',
            'event InitiatedValidatorWeightUpdate(bytes32 indexed validationID, uint64 nonce, bytes32 weightUpdateMessageID, uint64 weight)',
            'event CompletedValidatorWeightUpdate(bytes32 indexed validationID, uint64 nonce, uint64 weight)',
            'error InvalidBLSKeyLength(uint256 length)',
            'error InvalidChurnPeriodLength(uint64 churnPeriodLength)',
            'error InvalidConversionID(bytes32 encodedConversionID, bytes32 expectedConversionID)',
            'error InvalidInitializationStatus()',
            'error InvalidMaximumChurnPercentage(uint8 maximumChurnPercentage)',
            'error InvalidNodeID(bytes nodeID)',
            'error InvalidNonce(uint64 nonce)',
            'error InvalidPChainOwnerAddresses()',
            'error InvalidPChainOwnerThreshold(uint256 threshold, uint256 addressesLength)',
            'error InvalidTotalWeight(uint64 weight)',
            'error InvalidValidationID(bytes32 validationID)',
            'error InvalidValidatorManagerAddress(address validatorManagerAddress)',
            'error InvalidValidatorManagerBlockchainID(bytes32 blockchainID)',
            'error InvalidValidatorStatus(uint8 status)',
            'error InvalidWarpMessage()',
            'error InvalidWarpOriginSenderAddress(address senderAddress)',
            'error InvalidWarpSourceChainID(bytes32 sourceChainID)',
            'error MaxChurnRateExceeded(uint64 churnAmount)',
            'error NodeAlreadyRegistered(bytes nodeID)',
            'error UnexpectedRegistrationStatus(bool validRegistration)',
            'error ZeroAddress()',
        ],
    },
    // The proof-of-stake managers, native-token and ERC-20-token flavours:
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/validator-manager/StakingManager.sol
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/validator-manager/NativeTokenStakingManager.sol
    // https://github.com/ava-labs/icm-services/blob/39eb811943f8017843e30dfeb059e829fe65099e/icm-contracts/avalanche/validator-manager/ERC20TokenStakingManager.sol
    {
        group: 'ICM StakingManager',
        signatures: [
            `function initiateValidatorRegistration(bytes nodeID, bytes blsPublicKey, ${pChainOwner} remainingBalanceOwner, ${pChainOwner} disableOwner, uint16 delegationFeeBips, uint64 minStakeDuration, address rewardRecipient) payable returns (bytes32)`,
            `function initiateValidatorRegistration(bytes nodeID, bytes blsPublicKey, ${pChainOwner} remainingBalanceOwner, ${pChainOwner} disableOwner, uint16 delegationFeeBips, uint64 minStakeDuration, uint256 stakeAmount, address rewardRecipient) returns (bytes32)`,
            'function completeValidatorRegistration(uint32 messageIndex) returns (bytes32)',
            'function initiateValidatorRemoval(bytes32 validationID, bool includeUptimeProof, uint32 messageIndex)',
            'function forceInitiateValidatorRemoval(bytes32 validationID, bool includeUptimeProof, uint32 messageIndex)',
            'function completeValidatorRemoval(uint32 messageIndex) returns (bytes32)',
            'function initiateDelegatorRegistration(bytes32 validationID, address rewardRecipient) payable returns (bytes32)',
            'function initiateDelegatorRegistration(bytes32 validationID, uint256 delegationAmount, address rewardRecipient) returns (bytes32)',
            'function completeDelegatorRegistration(bytes32 delegationID, uint32 messageIndex)',
            'function initiateDelegatorRemoval(bytes32 delegationID, bool includeUptimeProof, uint32 messageIndex)',
            'function forceInitiateDelegatorRemoval(bytes32 delegationID, bool includeUptimeProof, uint32 messageIndex)',
            'function completeDelegatorRemoval(bytes32 delegationID, uint32 messageIndex)',
            'function resendUpdateDelegator(bytes32 delegationID)',
            'function submitUptimeProof(bytes32 validationID, uint32 messageIndex)',
            'function claimDelegationFees(bytes32 validationID)',
            'function changeValidatorRewardRecipient(bytes32 validationID, address rewardRecipient)',
            'function changeDelegatorRewardRecipient(bytes32 delegationID, address rewardRecipient)',
            'event InitiatedStakingValidatorRegistration(bytes32 indexed validationID, address indexed owner, uint16 delegationFeeBips, uint64 minStakeDuration, address rewardRecipient)',
            'event InitiatedDelegatorRegistration(bytes32 indexed delegationID, bytes32 indexed validationID, address indexed delegatorAddress, uint64 nonce, uint64 validatorWeight, uint64 delegatorWeight, bytes32 setWeightMessageID, address rewardRecipient)',
            'event CompletedDelegatorRegistration(bytes32 indexed delegationID, bytes32 indexed validationID, uint256 startTime)',
            'event InitiatedDelegatorRemoval(bytes32 indexed delegationID, bytes32 indexed validationID)',
            'event CompletedDelegatorRemoval(bytes32 indexed delegationID, bytes32 indexed validationID, uint256 rewards, uint256 fees)',
            'event UptimeUpdated(bytes32 indexed validationID, uint64 uptime)',
            'event ValidatorRewardClaimed(bytes32 indexed validationID, address indexed recipient, uint256 amount)',
            'event DelegatorRewardClaimed(bytes32 indexed delegationID, address indexed recipient, uint256 amount)',
            'event ValidatorRewardRecipientChanged(bytes32 indexed validationID, address indexed recipient, address indexed oldRecipient)',
            'event DelegatorRewardRecipientChanged(bytes32 indexed delegationID, address indexed recipient, address indexed oldRecipient)',
            'error DelegatorIneligibleForRewards(bytes32 delegationID)',
            'error InvalidDelegationFee(uint16 delegationFeeBips)',
            'error InvalidDelegationID(bytes32 delegationID)',
            'error InvalidDelegatorStatus(uint8 status)',
            'error InvalidMinStakeDuration(uint64 minStakeDuration)',
            'error InvalidRewardRecipient(address rewardRecipient)',
            'error InvalidStakeAmount(uint256 stakeAmount)',
            'error InvalidStakeMultiplier(uint8 maximumStakeMultiplier)',
            'error InvalidUptimeBlockchainID(bytes32 uptimeBlockchainID)',
            'error MaxWeightExceeded(uint64 newValidatorWeight)',
            'error MinStakeDurationNotPassed(uint64 endTime)',
            'error UnauthorizedOwner(address sender)',
            'error UnexpectedValidationID(bytes32 validationID, bytes32 expectedValidationID)',
            'error ValidatorIneligibleForRewards(bytes32 validationID)',
            'error ValidatorNotPoS(bytes32 validationID)',
            'error ZeroWeightToValueFactor()',
        ],
    },
    // The allow list every permissioned precompile shares (deployer and transaction allow lists,
    // native minter, fee manager, reward manager):
    // https://github.com/ava-labs/subnet-evm/blob/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/allowlist/allowlist.abi
    {
        group: 'Subnet-EVM AllowList',
        signatures: [
            'function setAdmin(address addr)',
            'function setEnabled(address addr)',
            'function setManager(address addr)',
            'function setNone(address addr)',
            'function readAllowList(address addr) view returns (uint256 role)',
            'event RoleSet(uint256 indexed role, address indexed account, address indexed sender, uint256 oldRole)',
        ],
    },
    // https://github.com/ava-labs/subnet-evm/blob/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/contracts/nativeminter/contract.abi
    {
        group: 'Subnet-EVM NativeMinter',
        signatures: [
            'function mintNativeCoin(address addr, uint256 amount)',
            'event NativeCoinMinted(address indexed sender, address indexed recipient, uint256 amount)',
        ],
    },
    // https://github.com/ava-labs/subnet-evm/blob/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/contracts/feemanager/contract.abi
    {
        group: 'Subnet-EVM FeeManager',
        signatures: [
            `function setFeeConfig(${feeConfigParams})`,
            `function getFeeConfig() view returns (${feeConfigParams})`,
            'function getFeeConfigLastChangedAt() view returns (uint256 blockNumber)',
            `event FeeConfigChanged(address indexed sender, ${feeConfig} oldFeeConfig, ${feeConfig} newFeeConfig)`,
        ],
    },
    // https://github.com/ava-labs/subnet-evm/blob/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/contracts/rewardmanager/contract.abi
    {
        group: 'Subnet-EVM RewardManager',
        signatures: [
            'function allowFeeRecipients()',
            'function areFeeRecipientsAllowed() view returns (bool isAllowed)',
            'function currentRewardAddress() view returns (address rewardAddress)',
            'function disableRewards()',
            'function setRewardAddress(address addr)',
            'event FeeRecipientsAllowed(address indexed sender)',
            'event RewardAddressChanged(address indexed sender, address indexed oldRewardAddress, address indexed newRewardAddress)',
            'event RewardsDisabled(address indexed sender)',
        ],
    },
    // https://github.com/ava-labs/subnet-evm/blob/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/contracts/warp/contract.abi
    {
        group: 'Subnet-EVM Warp',
        signatures: [
            'function sendWarpMessage(bytes payload) returns (bytes32 messageID)',
            'function getVerifiedWarpMessage(uint32 index) view returns ((bytes32 sourceChainID, address originSenderAddress, bytes payload) message, bool valid)',
            'function getVerifiedWarpBlockHash(uint32 index) view returns ((bytes32 sourceChainID, bytes32 blockHash) warpBlockHash, bool valid)',
            'function getBlockchainID() view returns (bytes32 blockchainID)',
            'event SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)',
        ],
    },
];

/**
 * The fixed addresses of Subnet-EVM's precompiles (lower-case), each module's
 * `ContractAddress` in
 * https://github.com/ava-labs/subnet-evm/tree/edc9ebe7129c6da86587b79af0d659bf3f7f2fb1/precompile/contracts,
 * so that an address can be named.
 */
export const precompileNames: Readonly<Record<string, string>> = {
    '0x0200000000000000000000000000000000000000': 'Contract Deployer Allow List',
    '0x0200000000000000000000000000000000000001': 'Native Minter',
    '0x0200000000000000000000000000000000000002': 'Transaction Allow List',
    '0x0200000000000000000000000000000000000003': 'Fee Manager',
    '0x0200000000000000000000000000000000000004': 'Reward Manager',
    '0x0200000000000000000000000000000000000005': 'Warp Messenger',
};

interface Tables {
    readonly functions: ReadonlyMap<string, readonly Candidate[]>;
    readonly events: ReadonlyMap<string, readonly Candidate[]>;
    readonly errors: ReadonlyMap<string, readonly Candidate[]>;
    readonly all: readonly Candidate[];
}

let tables: Tables | undefined;

/** What tells two entries apart for the decoder: the signature, and where events index. */
function keyOf(entry: AbiEntry): string {
    const indexed = entry.inputs.map((p) => (p.indexed === true ? 1 : 0)).join('');
    return `${entry.type} ${canonicalSignature(entry)} ${entry.type === 'event' ? indexed : ''}`;
}

function build(): Tables {
    const byKey = new Map<string, { entry: AbiEntry; groups: string[] }>();
    for (const { group, signatures } of wellKnownGroups) {
        for (const text of signatures) {
            const entry = parseSignature(text);
            const key = keyOf(entry);
            const known = byKey.get(key);
            // The same entry in two groups (ERC-721's and ERC-1155's setApprovalForAll) is kept
            // once, under both names, with the first group's parameter names.
            if (known === undefined) byKey.set(key, { entry, groups: [group] });
            else if (!known.groups.includes(group)) known.groups.push(group);
        }
    }
    const functions = new Map<string, Candidate[]>();
    const events = new Map<string, Candidate[]>();
    const errors = new Map<string, Candidate[]>();
    const all: Candidate[] = [];
    const origin = { tool: 'built-in', file: '' } as const;
    for (const { entry, groups: names } of byKey.values()) {
        const candidate: Candidate = { entry, origin, group: names.join(', ') };
        all.push(candidate);
        const [map, key] =
            entry.type === 'event'
                ? [events, topicOf(entry)]
                : [entry.type === 'error' ? errors : functions, selectorOf(entry)];
        const list = map.get(key);
        if (list === undefined) map.set(key, [candidate]);
        else list.push(candidate);
    }
    return { functions, events, errors, all };
}

function table(): Tables {
    tables ??= build();
    return tables;
}

/** Built-in functions whose selector (`0x` + 8 hex digits, any case) is `selector`. */
export function wellKnownFunctions(selector: string): readonly Candidate[] {
    return table().functions.get(selector.toLowerCase()) ?? [];
}

/** Built-in events whose topic 0 (`0x` + 64 hex digits, any case) is `topic0`. */
export function wellKnownEvents(topic0: string): readonly Candidate[] {
    return table().events.get(topic0.toLowerCase()) ?? [];
}

/**
 * Built-in custom errors whose selector is `selector`. `Error(string)` and `Panic(uint256)`
 * are not listed: the revert decoder knows them itself.
 */
export function wellKnownErrors(selector: string): readonly Candidate[] {
    return table().errors.get(selector.toLowerCase()) ?? [];
}

/** Every entry of the built-in table, in table order (for tests and listings). */
export function wellKnownCandidates(): readonly Candidate[] {
    return table().all;
}
