/**
 * What the watch list can follow, how each target is named and keyed, and the stored form of the
 * list. The stored list comes back from VS Code's global state, which any earlier version (or a
 * hand-edited profile) wrote, so it is parsed as input: checked field by field, bounded, and an
 * entry that does not parse is dropped rather than trusted.
 */
import * as z from 'zod';

import { shortenId } from '../format';
import { icmChainProblem } from '../icm/query';
import { parseIdentifier } from '../identifiers';
import { evmAddressPattern, evmChainIdPattern, evmHashPattern } from '../ids/evmPatterns';
import { inertLine } from '../text/inert';

/** The networks a watched item lives on; `local` is the selected node's own network. */
export type WatchNetwork = 'mainnet' | 'fuji' | 'local';

/** One thing the watch list follows. */
export type WatchTarget =
    /** An L1 validator, by its validation id: balance, fee rate and runway. */
    | {
          readonly kind: 'l1Validator';
          readonly network: WatchNetwork;
          readonly validationId: string;
          readonly subnetId?: string | undefined;
          readonly nodeId?: string | undefined;
      }
    /** Every validator of an L1, by its subnet id. */
    | {
          readonly kind: 'l1';
          readonly network: WatchNetwork;
          readonly subnetId: string;
          readonly name?: string | undefined;
      }
    /** The native balance of an EVM address on one chain. */
    | {
          readonly kind: 'evmAddress';
          readonly network: WatchNetwork;
          readonly chainId: string;
          readonly address: string;
          readonly chainName?: string | undefined;
      }
    /** An EVM transaction until it is accepted or fails. */
    | {
          readonly kind: 'evmTx';
          readonly network: WatchNetwork;
          readonly chainId: string;
          readonly hash: string;
          readonly chainName?: string | undefined;
      }
    /** A P-Chain transaction until it is committed, aborted or dropped. */
    | { readonly kind: 'pTx'; readonly network: WatchNetwork; readonly txId: string }
    /** A Data API export operation until it completes or fails. */
    | { readonly kind: 'export'; readonly network: WatchNetwork; readonly operationId: string }
    /** An AvalancheGo node: up, bootstrapping or down. */
    | { readonly kind: 'node'; readonly url: string; readonly name?: string | undefined }
    /**
     * An ICM (Teleporter) message until it is delivered and executed, fails, or is still
     * undelivered `undeliveredMinutes` after it was added.
     */
    | {
          readonly kind: 'icmMessage';
          readonly network: WatchNetwork;
          /** The source chain, as `core/icm/query.ts` takes it: an EVM chain id, blockchain id or name. */
          readonly chain: string;
          /** `0x` + 64 lower-case hex digits. */
          readonly messageId: string;
          readonly undeliveredMinutes: number;
      };

export type WatchKind = WatchTarget['kind'];

/** The kinds in the order the watch list groups them. */
export const watchKinds: readonly WatchKind[] = [
    'l1Validator',
    'l1',
    'node',
    'pTx',
    'evmTx',
    'export',
    'icmMessage',
    'evmAddress',
];

/** How long an ICM message may stay undelivered before the watch list says so, by default. */
export const defaultUndeliveredMinutes = 30;
/** The longest wait for a delivery a watched message may be given: a week. */
export const maxUndeliveredMinutes = 10_080;

/** One key per target: adding the same thing twice keeps one entry. */
export function watchKey(target: WatchTarget): string {
    switch (target.kind) {
        case 'l1Validator':
            return `l1Validator:${target.network}:${target.validationId}`;
        case 'l1':
            return `l1:${target.network}:${target.subnetId}`;
        case 'evmAddress':
            return `evmAddress:${target.network}:${target.chainId}:${target.address.toLowerCase()}`;
        case 'evmTx':
            return `evmTx:${target.network}:${target.chainId}:${target.hash.toLowerCase()}`;
        case 'pTx':
            return `pTx:${target.network}:${target.txId}`;
        case 'export':
            return `export:${target.network}:${target.operationId}`;
        case 'node':
            return `node:${target.url}`;
        case 'icmMessage':
            return `icmMessage:${target.network}:${target.messageId.toLowerCase()}`;
    }
}

/** The row label and the name notifications use. Ids are shortened, never interpreted. */
export function describeTarget(target: WatchTarget): string {
    switch (target.kind) {
        case 'l1Validator':
            return `L1 validator ${target.nodeId ? shortenId(target.nodeId, 14, 6) : shortenId(target.validationId)}`;
        case 'l1':
            return `L1 ${target.name ? target.name : shortenId(target.subnetId)}`;
        case 'evmAddress':
            return `${shortenId(target.address, 8, 6)} on ${target.chainName ?? `chain ${target.chainId}`}`;
        case 'evmTx':
            return `Transaction ${shortenId(target.hash, 10, 6)} on ${target.chainName ?? `chain ${target.chainId}`}`;
        case 'pTx':
            return `P-Chain transaction ${shortenId(target.txId)}`;
        case 'export':
            return `Export ${target.operationId.slice(0, 8)}`;
        case 'node':
            return `Node ${target.name ?? target.url}`;
        case 'icmMessage':
            // The chain is text a command argument carried: one bounded, inert line.
            return `ICM message ${shortenId(target.messageId, 10, 6)} from ${inertLine(target.chain, 40)}`;
    }
}

// ---------------------------------------------------------------------------------------------
// Input checks: a target is checked before it is stored or asked about.

const networkSchema = z.enum(['mainnet', 'fuji', 'local']);
const nameSchema = z.string().max(80).optional();
const chainIdSchema = z.string().regex(evmChainIdPattern, 'a decimal EVM chain id');

function identifierOf(kind: string) {
    return z
        .string()
        .max(120)
        .refine((text) => {
            const id = parseIdentifier(text);
            return id !== undefined && !id.broken && id.kind === kind;
        }, `a valid ${kind}`);
}
const cb58 = identifierOf('cb58Id');
const nodeId = identifierOf('nodeId');
const evmAddress = z.string().regex(evmAddressPattern, 'a 0x address of 40 hex digits');
const evmHash = z.string().regex(evmHashPattern, 'a 0x hash of 64 hex digits');
const nodeUrl = z
    .string()
    .max(2048)
    .refine((text) => {
        try {
            const url = new URL(text);
            return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username;
        } catch {
            return false;
        }
    }, 'an http(s) URL without credentials');

/** The schema of one target, as stored and as commands pass it. */
export const WatchTargetSchema: z.ZodType<WatchTarget> = z.discriminatedUnion('kind', [
    z.object({
        kind: z.literal('l1Validator'),
        network: networkSchema,
        validationId: cb58,
        subnetId: cb58.optional(),
        nodeId: nodeId.optional(),
    }),
    z.object({
        kind: z.literal('l1'),
        network: networkSchema,
        subnetId: cb58,
        name: nameSchema,
    }),
    z.object({
        kind: z.literal('evmAddress'),
        network: networkSchema,
        chainId: chainIdSchema,
        address: evmAddress,
        chainName: nameSchema,
    }),
    z.object({
        kind: z.literal('evmTx'),
        network: networkSchema,
        chainId: chainIdSchema,
        hash: evmHash,
        chainName: nameSchema,
    }),
    z.object({ kind: z.literal('pTx'), network: networkSchema, txId: cb58 }),
    z.object({
        kind: z.literal('export'),
        network: networkSchema,
        operationId: z.string().regex(/^[0-9A-Za-z-]{8,64}$/, 'an operation id'),
    }),
    z.object({ kind: z.literal('node'), url: nodeUrl, name: nameSchema }),
    z.object({
        kind: z.literal('icmMessage'),
        network: networkSchema,
        chain: z.string().refine((text) => icmChainProblem(text) === undefined, 'a source chain'),
        messageId: evmHash.transform((text) => text.toLowerCase()),
        undeliveredMinutes: z.number().int().min(1).max(maxUndeliveredMinutes),
    }),
]);

/**
 * `value` as a target, or the sentence saying what is wrong with it. Commands receive their
 * arguments from tree rows, hovers and panels, and a hover's command link carries text a file
 * wrote, so every argument goes through here.
 */
export function checkWatchTarget(
    value: unknown,
): { readonly target: WatchTarget } | { readonly error: string } {
    const parsed = WatchTargetSchema.safeParse(value);
    if (parsed.success) return { target: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { error: `This cannot be watched (${where}${issue?.message ?? 'not a watch target'}).` };
}
