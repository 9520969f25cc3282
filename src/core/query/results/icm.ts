/**
 * An ICM message's timeline as a result panel's view: where it was sent, delivered, executed and
 * receipted (each step a row, the missing ones "not yet"), and why it is not further. The same
 * view is the agent's answer (`viewText`), so the panel and the tool cannot disagree.
 */
import type { GetIcmMessageResponseWire } from '../../dataApi/schemas/evm';
import { shortenId } from '../../format';
import { blockchainIdCb58 } from '../../icm/messageId';
import type { IcmChainRef, IcmState, IcmTimeline } from '../../icm/timeline';
import type { NodeQuery } from '../../../shared/query';
import type { Cell, ResultView, Section, Tone } from '../../../shared/viewModel';
import { originText } from '../../workspace/knowledge';
import { addressCellFor, callSection } from './decoded';
import { badge, empty, fields, id, list, num, text } from '../cells';
import { col } from './types';

const stateWords: Readonly<Record<IcmState, { readonly text: string; readonly tone: Tone }>> = {
    notFound: { text: 'not found', tone: 'warn' },
    sent: { text: 'sent, not delivered yet', tone: 'info' },
    delivered: { text: 'delivered', tone: 'ok' },
    executed: { text: 'delivered and executed', tone: 'ok' },
    executionFailed: { text: 'delivered, execution failed', tone: 'error' },
    receipted: { text: 'delivered, receipt back on the source', tone: 'ok' },
};

/** The payload decoded with the destination contract's workspace ABI, as a section. */
function payloadSections(t: IcmTimeline): Section[] {
    const call = t.sent?.payloadCall;
    if (!call) return [];
    const chainId = t.destination?.evmChainId;
    const section = callSection(call, addressCellFor(chainId));
    if (!section) return [];
    const origin =
        call.status === 'decoded'
            ? ` with ${originText(call.decoded.origin)}`
            : ' (several ABIs of the workspace fit)';
    return [
        {
            ...section,
            title: `Payload: ${section.title.replace(/^Call:?\s*/, '') || 'call'}`,
            note: `Decoded as a call of the destination contract's ABI${origin}.`,
        },
    ];
}

/** A link to a transaction through the selected node's view of that chain. */
function txLink(chain: IcmChainRef | undefined, hash: string | undefined): NodeQuery | undefined {
    if (!chain || !hash) return undefined;
    return {
        source: 'node',
        method: 'eth_getTransactionReceipt',
        texts: { hash },
        chain: chain.blockchainId,
    };
}

function chainCell(chain: IcmChainRef | undefined): Cell {
    if (!chain) return empty;
    const parts = [
        chain.name,
        chain.evmChainId ? `EVM ${chain.evmChainId}` : '',
        chain.knownFrom ? `from ${chain.knownFrom}` : '',
    ];
    return text(parts.filter((p) => p !== '').join(' · '));
}

/** The view of one followed message. */
export function icmView(t: IcmTimeline): ResultView {
    const state = stateWords[t.state];
    const sent = t.sent;
    const dest = t.destination;
    const step = (
        label: string,
        chain: IcmChainRef | undefined,
        at: { txHash?: string | undefined; block?: number | undefined } | undefined,
        detail: Cell,
    ): Cell[] => [
        text(label),
        chainCell(chain),
        at ? id(at.txHash, txLink(chain, at.txHash)) : text('not yet'),
        at ? num(at.block) : empty,
        detail,
    ];
    const rows: Cell[][] = [];
    if (sent) {
        rows.push(
            step(
                'Sent',
                t.source,
                sent,
                text(`nonce ${sent.message.nonce}, ${sent.message.payloadBytes} payload bytes`),
            ),
        );
        rows.push(
            step(
                'Delivered',
                dest,
                t.delivered,
                t.delivered
                    ? list([
                          text('relayer'),
                          id(t.delivered.deliverer),
                          text('reward to'),
                          id(t.delivered.rewardRedeemer),
                      ])
                    : empty,
            ),
        );
        if (t.executionFailed && !t.executed) {
            rows.push(
                step(
                    'Execution failed',
                    dest,
                    t.executionFailed,
                    text('retryable: retryMessageExecution'),
                ),
            );
        } else if (sent.message.payloadBytes > 0) {
            rows.push(step('Executed', dest, t.executed, empty));
        }
        rows.push(
            step(
                'Receipt',
                t.source,
                t.receipt,
                t.receipt
                    ? list([text('reward to'), id(t.receipt.relayerRewardAddress)])
                    : text('rides on the next message back'),
            ),
        );
    }
    const relayers = sent
        ? sent.message.allowedRelayers.length === 0
            ? text('any relayer')
            : list([
                  ...sent.message.allowedRelayers.map((r) => id(r)),
                  ...(sent.message.allowedRelayersMore > 0
                      ? [text(`and ${sent.message.allowedRelayersMore} more`)]
                      : []),
              ])
        : empty;
    const searched = [
        t.searched.source
            ? `${t.source.name} blocks ${t.searched.source.from}–${t.searched.source.to}`
            : '',
        t.searched.destination && dest
            ? `${dest.name} blocks ${t.searched.destination.from}–${t.searched.destination.to}`
            : '',
    ].filter((s) => s !== '');
    return {
        title: 'ICM message',
        subtitle: `${t.source.name} → ${dest ? dest.name : '?'}`,
        notice: {
            tone: t.stuck.length > 0 && t.state !== 'executionFailed' ? 'warn' : state.tone,
            text: t.stuck[0] ?? `This message is ${state.text}.`,
        },
        fields: fields(
            ['Message id', id(t.messageId, undefined, 66, 0)],
            ['State', badge(state.text, state.tone)],
            ['Source', chainCell(t.source)],
            ['Source blockchain id', id(t.source.blockchainId)],
            ['Destination', dest ? chainCell(dest) : empty],
            ['Destination blockchain id', dest ? id(blockchainIdCb58(dest.blockchainId)) : empty],
            ['Sender', sent ? id(sent.message.originSender) : empty],
            ['Destination address', sent ? id(sent.message.destinationAddress) : empty],
            [
                'Fee',
                sent
                    ? sent.fee.amount === '0'
                        ? text('none')
                        : list([num(sent.fee.amount), text('of'), id(sent.fee.token)])
                    : empty,
            ],
            ['Required gas limit', sent ? num(sent.message.requiredGasLimit) : empty],
            ['Allowed relayers', relayers],
            ['Messenger', sent ? id(sent.messenger) : empty],
            ['Warp message id', sent ? id(sent.warpMessageId) : empty],
            [
                'Message id check',
                sent
                    ? sent.idCheck === 'matches'
                        ? badge('recomputed from its contents: matches', 'ok')
                        : badge('not checked: the source blockchain id is unknown', 'warn')
                    : empty,
            ],
            [
                'Failed delivery',
                t.failedExecution
                    ? id(
                          t.failedExecution.txHash,
                          txLink(t.failedExecution.chain, t.failedExecution.txHash),
                      )
                    : empty,
            ],
        ),
        sections: [
            {
                title: 'Timeline',
                table: {
                    columns: [
                        col('step', 'Step'),
                        col('chain', 'Chain'),
                        col('tx', 'Transaction'),
                        col('block', 'Block', 'end'),
                        col('detail', 'Detail'),
                    ],
                    rows,
                    empty: 'No send of this message was found.',
                },
            },
            ...payloadSections(t),
            ...(t.stuck.length > 0
                ? [
                      {
                          title: 'Why it is not further',
                          table: {
                              columns: [col('reason', 'Reason')],
                              rows: t.stuck.map((s) => [text(s)]),
                          },
                      },
                  ]
                : []),
            ...(t.warnings.length > 0
                ? [
                      {
                          title: 'Not believed or not read',
                          table: {
                              columns: [col('warning', 'Warning')],
                              rows: t.warnings.map((s) => [text(s)]),
                          },
                      },
                  ]
                : []),
            ...(t.siblings.length > 0
                ? [
                      {
                          title: 'Other messages of the same transaction',
                          table: {
                              columns: [col('id', 'Message id')],
                              rows: t.siblings.map((s) => [id(s)]),
                          },
                      },
                  ]
                : []),
            ...(searched.length > 0 ? [{ title: 'Searched', note: searched.join('; ') }] : []),
        ],
    };
}

/**
 * The Data API's record of one ICM message (`getIcmMessage`): what it indexed, with the message
 * id linking to the timeline across chains (which the chains' RPC completes and checks).
 */
export function icmApiMessageView(m: GetIcmMessageResponseWire): ResultView {
    const hexId = /^(0x)?[0-9a-fA-F]{64}$/.test(m.messageId)
        ? `0x${m.messageId.replace(/^0x/, '').toLowerCase()}`
        : undefined;
    const follow =
        hexId && /^\d{1,20}$/.test(m.sourceEvmChainId)
            ? { source: 'icm' as const, chain: m.sourceEvmChainId, messageId: hexId }
            : undefined;
    const source = 'sourceTransaction' in m ? m.sourceTransaction : undefined;
    const destination = 'destinationTransaction' in m ? m.destinationTransaction : undefined;
    const state =
        m.status === 'pending'
            ? badge('sent, not delivered yet', 'info')
            : m.messageExecuted
              ? badge('delivered and executed', 'ok')
              : badge('delivered, not executed', 'warn');
    return {
        title: `ICM message ${shortenId(m.messageId, 10, 6)}`,
        subtitle: 'As the Data API indexed it',
        fields: fields(
            ['Message id', id(m.messageId, follow, 18, 6)],
            ['State', state],
            ['Source', text(`EVM ${m.sourceEvmChainId} · ${m.sourceBlockchainId}`)],
            ['Destination', text(`EVM ${m.destinationEvmChainId} · ${m.destinationBlockchainId}`)],
            ['Messenger', id(m.icmContractAddress, undefined, 10, 6)],
            ['Nonce', num(m.messageNonce)],
            ['From', id(m.from, undefined, 10, 6)],
            ['To', id(m.to, undefined, 10, 6)],
            [
                'Fee',
                text(
                    m.rewardDetails.value === '0'
                        ? 'no fee'
                        : `${m.rewardDetails.value} (smallest unit) of ${m.rewardDetails.symbol} ${m.rewardDetails.address}`,
                ),
            ],
            ['Source transaction', id(source?.txHash)],
            ['Delivery', id(destination?.txHash)],
            ['Delivered by', id(destination?.delivererAddress, undefined, 10, 6)],
            ['Receipt back on the source', text(m.receiptDelivered ? 'yes' : 'not yet')],
        ),
        sections: [],
    };
}
