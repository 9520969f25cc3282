/**
 * The view of `getAggregatedSignatures`: the signed Warp message decoded (`core/warp`) into its
 * source chain, payload and the P-Chain message it carries, and its signers. Which validators the
 * signer bits name needs the signing subnet's validator set; when the context brings one (read
 * from the selected node by `readWarpValidators`, core/query/warpValidators.ts), the signers are
 * listed with their weight against the total, and the height the set was read at.
 * A message that does not decode is shown as its hex with the reason.
 */
import type { SignatureAggregation } from '../../dataApi/model';
import { shortenId } from '../../format';
import { networkNameForId } from '../../knownIds';
import {
    decodeSignedWarpMessage,
    signerWeights,
    weightPercent,
    type PChainOwner,
    type PChainWarpMessage,
    type SignedWarpMessage,
} from '../../warp';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import {
    badge,
    bool,
    cleanText,
    empty,
    fields,
    id,
    fullId,
    list,
    nodeIdLink,
    num,
    pnAddressLink,
    subnetLink,
    text,
    time,
    validationLink,
} from '../cells';
import {
    col,
    param,
    queryNetwork,
    type ResultBuilder,
    type ViewContext,
    type ViewHeader,
} from './types';

/** How many signer indices the overview lists before it only counts. */
const listedIndices = 64;

function ownerCell(net: string, owner: PChainOwner): Cell {
    const addresses = owner.addresses.map((a) => pnAddressLink(net, a, 'p-chain'));
    return list([text(`${owner.threshold} of ${owner.addresses.length}`), ...addresses]);
}

/** Unix seconds that fit a JS number as a time, anything larger as the number itself. */
function expiryCell(seconds: bigint): Cell {
    return seconds <= BigInt(Number.MAX_SAFE_INTEGER) ? time(Number(seconds)) : num(seconds);
}

function messageFields(net: string, m: PChainWarpMessage): Field[] {
    switch (m.kind) {
        case 'SubnetToL1Conversion':
            return fields(['Conversion id', id(m.conversionId)]);
        case 'RegisterL1Validator':
            return fields(
                ['Subnet', subnetLink(net, m.subnetId)],
                ['Node', nodeIdLink(net, m.nodeId)],
                ['BLS public key', id(m.blsPublicKey, undefined, 18, 8)],
                ['Weight', num(m.weight)],
                ['Expiry', expiryCell(m.expiry)],
                ['Remaining balance owner', ownerCell(net, m.remainingBalanceOwner)],
                ['Disable owner', ownerCell(net, m.disableOwner)],
            );
        case 'L1ValidatorRegistration':
            return fields(
                ['Validation id', validationLink(net, m.validationId)],
                ['Registered', bool(m.registered)],
            );
        case 'L1ValidatorWeight':
            return fields(
                ['Validation id', validationLink(net, m.validationId)],
                ['Nonce', num(m.nonce)],
                ['Weight', num(m.weight)],
            );
    }
}

/** What the P-Chain message states, in words. */
const messageMeaning: Readonly<Record<PChainWarpMessage['kind'], string>> = {
    SubnetToL1Conversion: 'the subnet was converted to an L1 with these initial validators',
    RegisterL1Validator: 'an L1 asks the P-Chain to register a validator',
    L1ValidatorRegistration: 'whether the P-Chain has this validator registered',
    L1ValidatorWeight: 'the weight and nonce the P-Chain holds for this validator',
};

function payloadSections(net: string, message: SignedWarpMessage): Section[] {
    const p = message.payload;
    if (p.kind === 'Hash') {
        return [{ title: 'Payload: Hash', fields: fields(['Hash', id(p.hash)]) }];
    }
    const call = fields(
        [
            'Source address',
            p.sourceAddress === '0x'
                ? text('none (the P-Chain’s own message)')
                : id(p.sourceAddress),
        ],
        ['Payload length (bytes)', num(p.payloadLength)],
    );
    const sections: Section[] = [{ title: 'Payload: AddressedCall', fields: call }];
    if (p.message) {
        sections.push({
            title: `P-Chain message: ${p.message.kind}`,
            fields: messageFields(net, p.message),
            note: `The P-Chain signs ${messageMeaning[p.message.kind]}.`,
        });
    } else if (p.messageError) {
        sections.push({
            title: 'P-Chain message',
            fields: [],
            note: `The payload is not a P-Chain message: ${cleanText(p.messageError)}`,
        });
    }
    return sections;
}

function signersText(indices: readonly number[], count: number): string {
    if (count === 0) return 'none';
    const shown = indices.slice(0, listedIndices).join(', ');
    return count > listedIndices ? `${shown}, … (${count} in all)` : shown;
}

/** Which set the bits index, in words, for a panel that has none. */
function signingSetText(message: SignedWarpMessage): string {
    return message.fromPChain
        ? 'the L1 the message is for (an L1 verifies the P-Chain’s messages against its own validators)'
        : 'the subnet that validates the source chain';
}

function signerSection(net: string, message: SignedWarpMessage, context: ViewContext): Section[] {
    const known = context.warpValidators;
    if (!known) {
        return [
            {
                title: 'Signers',
                fields: [],
                note: `Bit i names the i-th validator of the canonical set (the validators with a BLS key, ordered by key) of ${signingSetText(message)} at the P-Chain height the message was signed for; this panel did not read that set, so it shows the bits only.`,
            },
        ];
    }
    if ('error' in known) {
        return [
            {
                title: 'Signers',
                fields: [],
                note: `Bit i names the i-th validator of the canonical set of ${signingSetText(message)}. That set could not be read: ${cleanText(known.error)}`,
            },
        ];
    }
    const weights = signerWeights(message.signature.signers, known.set);
    const unknown =
        weights.unknownIndices.length > 0
            ? ` Bits ${weights.unknownIndices.slice(0, listedIndices).join(', ')} name no validator of this set, so it is not the set the message was signed with.`
            : '';
    const why = known.reason ? ` (${cleanText(known.reason)})` : '';
    return [
        {
            title: `Signers (${weights.signers.length} of ${known.set.validators.length} validators with a BLS key)`,
            fields: fields(
                [
                    'Validator set',
                    known.subnetId && known.subnet !== 'Primary Network'
                        ? subnetLink(net, known.subnetId)
                        : text(cleanText(known.subnet)),
                ],
                ['At P-Chain height', num(cleanText(known.height))],
                ['Signed weight', num(weights.signedWeight)],
                ['Total weight', num(weights.totalWeight)],
                ['Signed share', text(weightPercent(weights.signedWeight, weights.totalWeight))],
            ),
            table: {
                columns: [
                    col('index', 'Bit', 'end'),
                    col('nodes', 'Nodes'),
                    col('weight', 'Weight', 'end'),
                    col('key', 'BLS public key'),
                ],
                rows: weights.signers.map((v) => [
                    num(v.index),
                    list(v.nodeIds.map((n) => nodeIdLink(net, n))),
                    num(v.weight),
                    id(v.publicKey, undefined, 18, 8),
                ]),
                empty: 'No signers.',
            },
            note: `Mapped on the ${cleanText(known.subnet)} validator set${why} at P-Chain height ${cleanText(known.height)}, the selected node’s current height: the signed message does not carry the height it was signed at, so if validators joined, left or changed weight since, the bits may name other validators than the ones that signed, or none.${unknown}`,
        },
    ];
}

function signaturesTitle(request: Parameters<typeof param>[0]): string {
    return `Aggregated signatures of ${shortenId(param(request, 'txHash'), 10, 8)}`;
}

function decodedHeader(
    message: SignedWarpMessage,
    hexMessage: string,
    request: Parameters<typeof param>[0],
    context: ViewContext,
): ViewHeader {
    const net = queryNetwork(request, context);
    const sig = message.signature;
    const p = message.payload;
    const kind = p.kind === 'AddressedCall' && p.message ? p.message.kind : p.kind;
    const warnings: string[] = [];
    if (sig.paddedBitSet) {
        warnings.push(
            'The signer bit set starts with a zero byte, which AvalancheGo refuses as invalid.',
        );
    }
    // The panel still shows the message; what is missing is said where a person looks first.
    const known = context.warpValidators;
    if (known && 'error' in known) {
        warnings.push(`Who signed is not shown: ${cleanText(known.error)}`);
    }
    return {
        title: signaturesTitle(request),
        subtitle: `${net} · ${kind} · ${sig.signerCount} signer${sig.signerCount === 1 ? '' : 's'}`,
        ...(warnings.length > 0
            ? { notice: { tone: 'warn' as const, text: warnings.join(' ') } }
            : {}),
        fields: fields(
            ['Transaction', id(param(request, 'txHash'))],
            ['Network id', text(`${message.networkId} (${networkNameForId(message.networkId)})`)],
            [
                'Source chain',
                message.fromPChain
                    ? { k: 'id', text: 'P-Chain', raw: message.sourceChainId }
                    : fullId(message.sourceChainId),
            ],
            ['Payload', badge(kind)],
            ['Signer count', num(sig.signerCount)],
            ['Signer bits', text(signersText(sig.signers, sig.signerCount))],
            ['Signer bit set', id(sig.signersHex, undefined, 18, 8)],
            ['Aggregate signature', id(sig.signature, undefined, 18, 8)],
            ['Length (bytes)', num(message.length)],
        ),
        sections: [
            ...payloadSections(net, message),
            ...signerSection(net, message, context),
            { title: 'Signed message (hex)', fields: fields(['Hex', text(hexMessage)]) },
        ],
    };
}

/** `getAggregatedSignatures` */
export const signaturesView: ResultBuilder = {
    header(result, request, context) {
        const net = queryNetwork(request, context);
        const hexMessage = cleanText((result as SignatureAggregation | undefined)?.signedMessage);
        const decoded = decodeSignedWarpMessage(hexMessage);
        if (decoded.ok) return decodedHeader(decoded.message, hexMessage, request, context);
        return {
            title: signaturesTitle(request),
            subtitle: `${net} · Warp message`,
            notice: { tone: 'warn', text: decoded.error },
            fields: fields(
                ['Transaction', id(param(request, 'txHash'))],
                ['Signed message', hexMessage ? id(hexMessage, undefined, 24, 12) : empty],
            ),
            sections: [
                { title: 'Signed message (hex)', fields: fields(['Hex', text(hexMessage)]) },
            ],
        };
    },
};
