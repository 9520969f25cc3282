/**
 * zod schemas of everything that reaches the extension host from a result-panel page: messages
 * and the persisted state a serializer revives. Shapes and sizes only; the
 * values of a query are checked again by the clients (`validateParams`, `encodeParams`) before
 * anything is sent. Used on the host only, through the core bundle (`loadCore()`), so neither
 * zod nor these schemas reach the page bundle or the activation path.
 */
import * as z from 'zod';

import type { QueryRequest } from './query';
import { maxKeptAnswerChars, type PageMessage, type PersistedState } from './webviewProtocol';

const maxText = 4096;
const maxParams = 32;

const name = z.string().min(1).max(100);
const shortText = z.string().max(maxText);

const paramValue = z.union([
    z.string().max(maxText),
    z.number().finite(),
    z.boolean(),
    z.array(z.string().max(maxText)).max(100),
]);

function boundedRecord<T extends z.ZodType>(value: T) {
    return z
        .record(name, value)
        .refine((record) => Object.keys(record).length <= maxParams, 'too many parameters');
}

const querySchema = z.discriminatedUnion('source', [
    z.strictObject({
        source: z.literal('dataApi'),
        operation: name,
        params: boundedRecord(paramValue),
    }),
    z.strictObject({
        source: z.literal('node'),
        method: name,
        texts: boundedRecord(shortText),
        chain: z.string().min(1).max(512).optional(),
    }),
    z.strictObject({
        source: z.literal('rawRpc'),
        path: z.string().min(1).max(512),
        method: name,
        paramsJson: z.string().max(64 * 1024),
    }),
    z.strictObject({ source: z.literal('operations') }),
    z.strictObject({
        source: z.literal('trace'),
        network: z.enum(['mainnet', 'fuji', 'local']),
        chainId: z.string().regex(/^[1-9][0-9]{0,19}$/),
        hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
    }),
    // The shapes only: the host checks the values with `checkIcmTarget` before following.
    z.strictObject({
        source: z.literal('icm'),
        chain: z.string().min(1).max(100),
        messageId: z.string().min(1).max(66).optional(),
        txHash: z.string().min(1).max(66).optional(),
    }),
]);

const actionSchema = z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('openUrl'), url: z.string().min(1).max(2048) }),
    z.strictObject({
        kind: z.literal('operation'),
        operationId: z.string().min(1).max(200),
        verb: z.enum(['follow', 'continue', 'forget']),
    }),
    z.strictObject({ kind: z.literal('sendAgain') }),
    z.strictObject({
        kind: z.literal('openSource'),
        frame: z.number().int().min(0).max(1_000_000),
    }),
]);

const requestId = z.number().int().nonnegative();

const messageSchema = z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ready') }),
    z.strictObject({
        type: z.literal('rendered'),
        requestId,
        rows: z.number().int().nonnegative(),
        renderMs: z.number().finite(),
        sinceResponseMs: z.number().finite(),
    }),
    z.strictObject({ type: z.literal('refresh') }),
    z.strictObject({ type: z.literal('loadMore'), requestId }),
    z.strictObject({
        type: z.literal('setPageSize'),
        pageSize: z.number().int().min(0).max(10_000),
    }),
    z.strictObject({ type: z.literal('setControl'), param: name, value: z.string().max(100) }),
    z.strictObject({ type: z.literal('selectTab'), tab: name }),
    z.strictObject({ type: z.literal('open'), query: querySchema }),
    z.strictObject({ type: z.literal('action'), action: actionSchema }),
    z.strictObject({ type: z.literal('copy'), text: z.string().max(64 * 1024) }),
    z.strictObject({ type: z.literal('copyJson') }),
    z.strictObject({ type: z.literal('copyCurl'), includeKey: z.boolean() }),
    z.strictObject({ type: z.literal('export'), format: z.enum(['csv', 'json']) }),
    z.strictObject({ type: z.literal('watch') }),
    z.strictObject({ type: z.literal('history') }),
    z.strictObject({ type: z.literal('edit') }),
    z.strictObject({ type: z.literal('requestRaw'), requestId }),
    z.strictObject({ type: z.literal('cspViolation'), directive: z.string().max(200) }),
    z.strictObject({ type: z.literal('pageError'), message: z.string().max(2000) }),
]);

/** Parses a message from a page; undefined (never a throw) for anything malformed. */
export function parsePageMessage(message: unknown): PageMessage | undefined {
    const result = messageSchema.safeParse(message);
    return result.success ? result.data : undefined;
}

/** Parses a query from untrusted input (a page, a persisted state, a command argument). */
export function parseQueryRequest(value: unknown): QueryRequest | undefined {
    const result = querySchema.safeParse(value);
    return result.success ? result.data : undefined;
}

// The kept answer is drawn as text like every view; only its outline is checked here, and its size.
const keptAnswerSchema = z
    .object({
        title: z.string().max(maxText),
        fields: z.array(z.unknown()).max(1_000),
        sections: z.array(z.unknown()).max(1_000),
    })
    .passthrough()
    .refine((view) => JSON.stringify(view).length <= maxKeptAnswerChars);

const stateSchema = z.object({
    v: z.literal(1),
    query: querySchema,
    title: z.string().max(maxText),
    answer: keptAnswerSchema.optional().catch(undefined),
});

/** Parses the state a serializer receives; undefined when it is not one this version wrote. */
export function parsePersistedState(state: unknown): PersistedState | undefined {
    const result = stateSchema.safeParse(state);
    // The answer's cells are not checked one by one: the page draws any of them as text.
    return result.success ? (result.data as PersistedState) : undefined;
}
