/**
 * Views of node JSON-RPC results: the header of any node answer, from the builder of its method
 * (the P- and X-Chain's in `nodePrimary.ts`, the node's own state in `nodeInfo.ts`, the EVM's in
 * `nodeEvm.ts`); everything else, and raw JSON-RPC, falls back to the generic view.
 */
import type { NodeQuery, QueryRequest } from '../../../shared/query';
import { cleanText } from '../cells';
import { nodeQuery } from '../nodeQueries';
import { genericHeader } from './generic';
import { type NodeBuilder, type ViewContext, type ViewHeader } from './types';
import { evmNodeBuilders } from './nodeEvm';
import { infoNodeBuilders } from './nodeInfo';
import { primaryNodeBuilders } from './nodePrimary';

function nodeSubtitle(request: NodeQuery, context: ViewContext): string {
    const chain = request.chain ? ` · chain ${cleanText(request.chain)}` : '';
    return `${request.method} on ${context.nodeUrl ?? 'the selected node'}${chain}`;
}

function titleOf(request: NodeQuery): string {
    const entry = nodeQuery(request.method);
    return entry ? entry.title.replace(/^Node: /, '').replace(/ \([^)]*\)…?$/, '') : request.method;
}

const builders: Readonly<Record<string, NodeBuilder>> = {
    ...primaryNodeBuilders,
    ...infoNodeBuilders,
    ...evmNodeBuilders,
};

/** The header of any node result. */
export function nodeHeader(result: unknown, request: NodeQuery, context: ViewContext): ViewHeader {
    const title = titleOf(request);
    const subtitle = nodeSubtitle(request, context);
    const build = builders[request.method];
    if (!build) return genericHeader(title, subtitle, result);
    const built = build(result, request, context);
    return { ...built, title: built.title ?? title, subtitle };
}

/** The header of a raw JSON-RPC answer. */
export function rawHeader(
    result: unknown,
    request: QueryRequest & { source: 'rawRpc' },
    context: ViewContext,
): ViewHeader {
    return genericHeader(
        `${cleanText(request.method)}`,
        `raw JSON-RPC to ${cleanText(request.path)} on ${context.nodeUrl ?? 'the selected node'}`,
        result,
    );
}
