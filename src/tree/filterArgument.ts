/**
 * The argument `avalanche.validators.filter` accepts from other features (the watch list's "Show
 * Where It Lives"): `{ validationId?, subnetId?, nodeId?, includeInactive? }`, each field held to
 * the rule the filter prompt applies to what a user types. A command argument can come from any
 * extension or a `command:` link, so anything else is refused with the reason. Pure (the id checks
 * are passed in), so it is unit-tested in plain Node.
 */
import { pChainId } from '../core/ids/primaryNetwork';
import type { ValidatorFilter } from './validatorsSource';

/** The identifier checks of the core (`isCb58Id`, `isNodeId`). */
export interface IdChecks {
    readonly isCb58Id: (text: string) => boolean;
    readonly isNodeId: (text: string) => boolean;
}

const fields = new Set(['validationId', 'subnetId', 'nodeId', 'includeInactive']);

/** The filter `arg` asks for, or the reason it is refused. */
export function parseFilterArgument(
    arg: unknown,
    checks: IdChecks,
): { readonly filter: ValidatorFilter } | { readonly error: string } {
    const refuse = (why: string) => ({
        error: `The validator filter was not changed: ${why}. Expected { validationId?, subnetId?, nodeId?, includeInactive? }.`,
    });
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) {
        return refuse(`the argument is ${Array.isArray(arg) ? 'an array' : typeof arg}`);
    }
    const record = arg as Record<string, unknown>;
    const unknown = Object.keys(record).filter((k) => !fields.has(k));
    if (unknown.length > 0) {
        return refuse(
            `unknown field ${unknown.map((k) => JSON.stringify(k.slice(0, 40))).join(', ')}`,
        );
    }
    const id = (
        key: string,
        valid: (text: string) => boolean,
        what: string,
    ): { value?: string; error?: string } => {
        const value = record[key];
        if (value === undefined) return {};
        if (typeof value !== 'string' || value.length > 120 || !valid(value)) {
            return { error: `${key} is not ${what}` };
        }
        return { value };
    };
    const subnet = id(
        'subnetId',
        (v) => checks.isCb58Id(v) && v !== pChainId,
        'a subnet id (cb58 with a valid checksum)',
    );
    const node = id('nodeId', checks.isNodeId, 'a node id (NodeID-… with a valid checksum)');
    const validation = id(
        'validationId',
        checks.isCb58Id,
        'a validation id (cb58 with a valid checksum)',
    );
    const error = subnet.error ?? node.error ?? validation.error;
    if (error) return refuse(error);
    const inactive = record['includeInactive'];
    if (inactive !== undefined && typeof inactive !== 'boolean') {
        return refuse('includeInactive is not true or false');
    }
    return {
        filter: {
            subnetId: subnet.value,
            nodeId: node.value,
            validationId: validation.value,
            includeInactive: inactive ?? false,
        },
    };
}
