/**
 * Decoded calls, events and reverts as panel sections: each argument a field under its ABI name
 * and type, addresses and hashes as ids (links where the chain has a panel), and a last line that
 * says where the ABI came from. A selector two different signatures share is shown with every
 * reading, never one chosen for the user.
 */
import type { DecodeResult, Decoded, DecodedArg, DecodedValue } from '../../abi/types';
import {
    nameText,
    originText,
    type ContractKnowledge,
    type LogLike,
} from '../../workspace/knowledge';
import type { EvmTransactionDetails } from '../../dataApi/model';
import type { RpcTransaction } from '../../nodeRpc/schemas';
import type { Cell, Field, Section } from '../../../shared/viewModel';
import { amount, badge, cleanText, evmAddressLink, id, list, num, text } from '../cells';
import type { ViewContext, ViewHeader } from './types';

/** How an address becomes a cell on this chain (a link on chains that have panels). */
export type AddressCell = (address: string) => Cell;

/** Most logs shown as sections of their own; the rest are counted. */
const maxLogSections = 50;
/** Most items of one array shown. */
const maxListItems = 32;

/** The address cell of a Data API chain (links to its Address panel), or a plain id. */
export function addressCellFor(chainId: string | undefined): AddressCell {
    return chainId ? (a) => evmAddressLink(chainId, a) : (a) => id(a, undefined, 8, 6);
}

/** The section of a transaction's input. */
export function callSection(result: DecodeResult, addressCell: AddressCell): Section | undefined {
    switch (result.status) {
        case 'empty':
            return undefined;
        case 'decoded':
            return {
                title: `Call: ${cleanText(result.decoded.name)}`,
                fields: decodedFields(result.decoded, addressCell),
            };
        case 'ambiguous':
            return ambiguousSection('Call', result.candidates, addressCell);
        case 'unknown':
            return {
                title: 'Call',
                fields: [{ label: 'Selector', value: text(result.selector) }],
                note: 'No ABI in the workspace or the built-in table has this selector.',
            };
        case 'invalid':
            return {
                title: 'Call',
                fields: [{ label: 'Selector', value: text(result.selector) }],
                note: `Known ABIs have this selector but do not decode the input: ${cleanText(result.reason)}.`,
            };
    }
}

/** The fields of a revert: its reason, decoded. */
function revertFields(result: DecodeResult, addressCell: AddressCell): Field[] {
    switch (result.status) {
        case 'empty':
            return [{ label: 'Revert reason', value: text('none given (no revert data)') }];
        case 'decoded': {
            const d = result.decoded;
            if (d.signature === 'Error(string)' && d.args[0]?.value.k === 'string') {
                return [{ label: 'Revert reason', value: text(d.args[0].value.value) }];
            }
            return [
                { label: 'Revert reason', value: text(`${d.name} (${d.signature})`) },
                ...decodedFields(d, addressCell),
            ];
        }
        case 'ambiguous':
            return [
                {
                    label: 'Revert reason',
                    value: text(
                        `ambiguous: ${result.candidates.map((c) => c.signature).join(' or ')}`,
                    ),
                },
            ];
        case 'unknown':
            return [
                {
                    label: 'Revert reason',
                    value: text(`custom error ${result.selector} (no ABI names it)`),
                },
            ];
        case 'invalid':
            return [
                {
                    label: 'Revert reason',
                    value: text(`${result.selector}: ${cleanText(result.reason)}`),
                },
            ];
    }
}

/** One section per log (the first `maxLogSections`), decoded where an ABI knows its topic. */
function logSections(
    logs: readonly (LogLike & { readonly logIndex?: unknown })[],
    contracts: ContractKnowledge,
    chainId: string | undefined,
    addressCell: AddressCell,
): Section[] {
    const sections: Section[] = [];
    for (const [i, log] of logs.slice(0, maxLogSections).entries()) {
        const index =
            typeof log.logIndex === 'number' || typeof log.logIndex === 'string'
                ? String(log.logIndex)
                : String(i);
        const result = contracts.decodeLog(chainId, log);
        const emitter = contracts.nameOf(chainId, log.address);
        const head: Field[] = [
            { label: 'Emitted by', value: addressCell(log.address) },
            ...(emitter ? [{ label: 'Contract', value: text(nameText(emitter)) }] : []),
        ];
        switch (result.status) {
            case 'decoded':
                sections.push({
                    title: `Log ${index}: ${cleanText(result.decoded.name)}`,
                    fields: [...head, ...decodedFields(result.decoded, addressCell)],
                });
                break;
            case 'ambiguous': {
                const s = ambiguousSection(`Log ${index}`, result.candidates, addressCell);
                sections.push({ ...s, fields: [...head, ...(s.fields ?? [])] });
                break;
            }
            default:
                sections.push({
                    title: `Log ${index}`,
                    fields: [
                        ...head,
                        ...log.topics.map((t, n) => ({
                            label: `Topic ${n}`,
                            value: id(t, undefined, 18, 8),
                        })),
                        { label: 'Data', value: id(log.data, undefined, 18, 8) },
                    ],
                    note:
                        result.status === 'invalid'
                            ? `Known ABIs have this topic but do not decode the log: ${cleanText(result.reason)}.`
                            : 'No ABI in the workspace or the built-in table has this event.',
                });
        }
    }
    if (logs.length > maxLogSections) {
        sections.push({
            title: `${logs.length - maxLogSections} more logs`,
            note: `Only the first ${maxLogSections} logs are decoded here; the JSON has them all.`,
        });
    }
    return sections;
}

function ambiguousSection(
    title: string,
    candidates: readonly Decoded[],
    addressCell: AddressCell,
): Section {
    return {
        title: `${title}: ambiguous`,
        note: `${candidates.length} different signatures share this selector and each decodes the data; none is chosen: ${candidates.map((c) => `${c.signature} from ${originText(c.origin)}`).join('; ')}.`,
        fields: candidates.flatMap((c) => [
            { label: 'Reading', value: text(c.signature) },
            ...c.args.map((a) => argField(a, addressCell)),
        ]),
    };
}

/** The fields of one decoded call, event or error, ending with where its ABI came from. */
function decodedFields(decoded: Decoded, addressCell: AddressCell): Field[] {
    return [
        { label: 'Signature', value: text(decoded.signature) },
        ...decoded.args.map((a) => argField(a, addressCell)),
        // A panic's code alone does not say what failed; the decoder's words for it do.
        ...(decoded.note !== undefined ? [{ label: 'Meaning', value: text(decoded.note) }] : []),
        { label: 'ABI from', value: text(originText(decoded.origin)) },
    ];
}

function argField(arg: DecodedArg, addressCell: AddressCell): Field {
    const name = cleanText(arg.name) || '(unnamed)';
    return { label: `${name} (${cleanText(arg.type)})`, value: valueCell(arg.value, addressCell) };
}

/** One decoded value as a cell: exact digits, ids for addresses and hashes, text otherwise. */
export function valueCell(value: DecodedValue, addressCell: AddressCell, depth = 0): Cell {
    switch (value.k) {
        case 'address':
            return addressCell(value.value);
        case 'int':
            return num(value.value);
        case 'bool':
            return text(value.value ? 'true' : 'false');
        case 'bytes':
            return value.value.length === 66 ? id(value.value) : id(value.value, undefined, 18, 8);
        case 'hashed':
            return text(
                `keccak256 ${value.value} (indexed ${value.type}: only its hash is logged)`,
            );
        case 'string':
            return text(value.value);
        case 'list': {
            if (depth > 2) return text(`${value.items.length} items`);
            const items = value.items
                .slice(0, maxListItems)
                .map((v) => valueCell(v, addressCell, depth + 1));
            const more = (value.more ?? 0) + Math.max(0, value.items.length - maxListItems);
            return list(
                more > 0 ? [...items, text(`… ${more} more`)] : items.length ? items : [text('[]')],
            );
        }
        case 'tuple':
            if (depth > 2) return text(`(${value.fields.length} fields)`);
            return list(
                value.fields.map((f) => {
                    const inner = valueCell(f.value, addressCell, depth + 1);
                    return inner.k === 'text'
                        ? text(`${cleanText(f.name) || '_'}: ${inner.text}`)
                        : inner;
                }),
            );
    }
}

/**
 * The parts of a transaction read from a node that its receipt and the workspace add: status,
 * gas used and fee, the contract it called or created by name, the decoded call, the revert
 * reason of a failure and the logs.
 */
export function nodeTransactionExtras(
    tx: RpcTransaction,
    context: ViewContext,
): { overview: [string, Cell][]; sections: Section[]; notice?: ViewHeader['notice'] } {
    const chainId = context.evmChainId;
    const addressCell = addressCellFor(undefined);
    const contracts = context.contracts;
    const receipt = context.evmTx?.receipt ?? undefined;
    const overview: [string, Cell][] = [];
    const sections: Section[] = [];
    if (receipt) {
        overview.push(
            [
                'Status',
                receipt.status === 'failed'
                    ? badge('failed', 'error')
                    : receipt.status === 'success'
                      ? badge('success', 'ok')
                      : text('unknown (no status in the receipt)'),
            ],
            ['Gas used', num(receipt.gasUsed)],
        );
        if (receipt.effectiveGasPrice !== undefined) {
            overview.push([
                'Fee',
                amount(
                    (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString(),
                    18,
                    context.nativeToken?.symbol ?? 'native',
                ),
            ]);
        }
        if (receipt.contractAddress)
            overview.push(['Created contract', addressCell(receipt.contractAddress)]);
    } else if (context.evmTx?.receiptError) {
        overview.push([
            'Status',
            text(`unknown: the receipt could not be read (${context.evmTx.receiptError})`),
        ]);
    } else if (tx.blockNumber === null) {
        overview.push(['Status', badge('pending', 'warn')]);
    }
    const target = tx.to ?? receipt?.contractAddress ?? undefined;
    const code = context.evmTx?.code;
    const name =
        target && contracts
            ? (contracts.nameOf(chainId, target) ?? (code ? contracts.nameByCode(code) : undefined))
            : undefined;
    if (name) overview.push([tx.to ? 'Contract called' : 'Contract created', text(nameText(name))]);
    if (receipt?.status === 'failed') {
        const extras = context.evmTx;
        const reason: Field[] =
            extras?.revertData !== undefined
                ? contracts
                    ? revertFields(
                          contracts.decodeRevert(chainId, tx.to ?? undefined, extras.revertData),
                          addressCell,
                      )
                    : [{ label: 'Revert data', value: id(extras.revertData, undefined, 18, 8) }]
                : [
                      {
                          label: 'Revert reason',
                          value: text(`unknown: ${extras?.revertError ?? 'not replayed'}`),
                      },
                  ];
        sections.push({
            title: 'Revert',
            fields: reason,
            note: 'Learnt by running the transaction again (eth_call) on the state before its block.',
        });
    }
    if (contracts && tx.to && tx.input && tx.input !== '0x') {
        const call = callSection(contracts.decodeCall(chainId, tx.to, tx.input), addressCell);
        if (call) sections.push(call);
    }
    if (receipt && receipt.logs.length > 0) {
        if (contracts) sections.push(...logSections(receipt.logs, contracts, chainId, addressCell));
        else
            sections.push({
                title: `Logs (${receipt.logs.length})`,
                note: 'The workspace contracts could not be read, so the logs are not decoded; the JSON has them.',
            });
    }
    const notice: ViewHeader['notice'] =
        contracts && !contracts.hasWorkspace && sections.length > 0
            ? {
                  tone: 'info',
                  text: 'Decoded with the built-in signatures only: no Foundry or Hardhat artifacts were found in this workspace.',
              }
            : undefined;
    return notice ? { overview, sections, notice } : { overview, sections };
}

/**
 * The decoded call of a Data API transaction and the name of the contract it called. Its logs are
 * not in the Data API's answer (it gives the token transfers found in them), so only the input is
 * decoded here.
 */
export function dataApiCallSections(
    r: EvmTransactionDetails,
    chainId: string,
    context: ViewContext,
): { overview: [string, Cell][]; sections: Section[] } {
    const contracts = context.contracts;
    const tx = r.nativeTransaction as EvmTransactionDetails['nativeTransaction'] & {
        input?: string;
    };
    const to = tx.to?.address;
    if (!contracts || !to) return { overview: [], sections: [] };
    const name = contracts.nameOf(chainId, to);
    const overview: [string, Cell][] = name ? [['Contract called', text(nameText(name))]] : [];
    const input = typeof tx.input === 'string' ? tx.input : '';
    const call =
        input.length >= 10
            ? callSection(contracts.decodeCall(chainId, to, input), addressCellFor(chainId))
            : undefined;
    return { overview, sections: call ? [call] : [] };
}
