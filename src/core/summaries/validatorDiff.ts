/**
 * Compares two views of one L1's validator set: the Data API's index (`listL1Validators`) and what
 * a node reports (`validators.getCurrentValidators`). They disagree for honest reasons (the indexer
 * lags, a weight change is not indexed yet, the node's P-Chain view is ahead or behind), and the
 * tree shows each disagreement on its row instead of picking a winner.
 */
import type { L1Validator } from '../dataApi/model';
import { formatInteger } from '../format';
import type { CurrentValidator } from '../nodeRpc/schemas';

/** How the two sources relate for one validator. */
export type ValidatorAgreement = 'agree' | 'weightDiffers' | 'onlyDataApi' | 'onlyNode';

export interface ComparedValidator {
    readonly nodeId: string;
    /** The validation id when either source has one. */
    readonly validationId?: string;
    readonly agreement: ValidatorAgreement;
    readonly dataApi?: L1Validator;
    readonly node?: CurrentValidator;
}

function weightOf(value: string | number): bigint | undefined {
    try {
        return BigInt(value);
    } catch {
        return undefined;
    }
}

/**
 * Pairs validators by validation id (stable across weight changes), falling back to node id
 * for nodes that report none. The node's order comes first, then validators only the Data API
 * knows.
 */
export function compareValidators(
    dataApi: readonly L1Validator[],
    node: readonly CurrentValidator[],
): ComparedValidator[] {
    const byValidation = new Map<string, L1Validator>();
    const byNode = new Map<string, L1Validator>();
    for (const v of dataApi) {
        byValidation.set(v.validationId, v);
        if (!byNode.has(v.nodeId)) byNode.set(v.nodeId, v);
    }
    const matched = new Set<L1Validator>();
    const out: ComparedValidator[] = [];
    for (const n of node) {
        let d = n.validationId === undefined ? undefined : byValidation.get(n.validationId);
        if (d === undefined && n.validationId === undefined) d = byNode.get(n.nodeId);
        if (d !== undefined && matched.has(d)) d = undefined;
        if (d === undefined) {
            out.push({
                nodeId: n.nodeId,
                ...(n.validationId === undefined ? {} : { validationId: n.validationId }),
                agreement: 'onlyNode',
                node: n,
            });
            continue;
        }
        matched.add(d);
        const a = weightOf(d.weight);
        const b = weightOf(n.weight);
        out.push({
            nodeId: n.nodeId,
            validationId: d.validationId,
            agreement: a !== undefined && a === b ? 'agree' : 'weightDiffers',
            dataApi: d,
            node: n,
        });
    }
    for (const d of dataApi) {
        if (matched.has(d)) continue;
        out.push({
            nodeId: d.nodeId,
            validationId: d.validationId,
            agreement: 'onlyDataApi',
            dataApi: d,
        });
    }
    return out;
}

/** One short sentence for a disagreement marker; undefined when both sources agree. */
export function describeAgreement(compared: ComparedValidator): string | undefined {
    switch (compared.agreement) {
        case 'agree':
            return undefined;
        case 'weightDiffers':
            return `weight differs: node ${formatInteger(compared.node?.weight ?? '?')}, Data API ${formatInteger(compared.dataApi?.weight ?? '?')}`;
        case 'onlyDataApi':
            return "missing on the node: the Data API lists it, the node's validator set does not";
        case 'onlyNode':
            return 'missing in the Data API: the node reports it, the index does not have it yet';
    }
}

/** Counts per agreement, for a group's description (`2 differ`). */
export function summarizeAgreement(compared: readonly ComparedValidator[]): {
    readonly total: number;
    readonly disagreeing: number;
} {
    return {
        total: compared.length,
        disagreeing: compared.filter((c) => c.agreement !== 'agree').length,
    };
}
