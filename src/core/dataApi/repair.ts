/**
 * One odd item never fails a page. A list answer is parsed whole first (`parseResponse`); only
 * when that fails is its list read item by item here: an item that parses is kept as it is; one
 * that does not is read again without the fields that did not match (each field the issues name,
 * or the nearest object or array entry that holds it when the field itself is missing), a few
 * times at most; what still does not parse is dropped. Each repaired or dropped item is recorded
 * (`ItemRepair`), so that views can mark it and the client can log it.
 *
 * Only the slow path pays for any of this: an answer that parses whole never comes here.
 */
import * as z from 'zod';

import type { ItemRepair } from '../model/paging';
import { describeIssues, issuePath } from './responseFormat';

/** Rounds of removing fields before an item counts as beyond repair. */
const maxRounds = 6;
/** Fields one item may lose in one round; an item with more problems is beyond repair. */
const maxRemovalsPerRound = 50;
/** The fields and problems each record keeps, so that a page's list of repairs stays short. */
const maxRemovedShown = 5;
const maxProblemsShown = 3;

/** A list answer read item by item: the answer with the list that could be read, and the record. */
export interface RepairedAnswer {
    /** The schema's output for the answer with its list repaired. */
    readonly data: unknown;
    /** One record per item that was repaired or dropped, in list order. */
    readonly repairs: readonly ItemRepair[];
}

/**
 * Reads the list `key` of `json` item by item against `schema` (an object schema, or a union of
 * them, whose `key` is an array), and parses the answer again with that list. Undefined when
 * the answer has no such list, or when its other parts do not parse either: then the page as a
 * whole is wrong and the caller reports that.
 */
export function repairList(
    schema: z.ZodType,
    json: unknown,
    key: string,
): RepairedAnswer | undefined {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
    const list = (json as Record<string, unknown>)[key];
    if (!Array.isArray(list)) return undefined;
    let best: { answer: RepairedAnswer; cost: number } | undefined;
    for (const option of objectOptions(schema)) {
        const element = arrayElement(option, key);
        if (!element) continue;
        const kept: unknown[] = [];
        const repairs: ItemRepair[] = [];
        let cost = 0;
        list.forEach((item, position) => {
            const read = repairItem(element, item);
            if ('data' in read) {
                kept.push(read.data);
                return;
            }
            if (read.value === undefined) {
                cost += 1000;
                repairs.push({
                    position,
                    outcome: 'dropped',
                    removed: [],
                    problems: read.problems,
                });
                return;
            }
            cost += 1 + read.removed.length;
            repairs.push({
                position,
                index: kept.length,
                outcome: 'repaired',
                removed: read.removed.slice(0, maxRemovedShown),
                problems: read.problems,
            });
            kept.push(read.value);
        });
        if (best && cost >= best.cost) continue;
        // The rest of the answer, parsed without its list (each item was parsed above).
        const rest = option.safeParse({ ...(json as Record<string, unknown>), [key]: [] });
        if (!rest.success) continue;
        const data = { ...rest.data, [key]: kept };
        best = { answer: { data, repairs }, cost };
        if (cost === 0) break;
    }
    return best?.answer;
}

/** The object schemas an answer may match: the schema itself, or each object of its union. */
function objectOptions(schema: z.ZodType): z.ZodObject[] {
    if (schema instanceof z.ZodObject) return [schema];
    if (schema instanceof z.ZodUnion) {
        return (schema.options as readonly z.ZodType[]).flatMap(objectOptions);
    }
    return [];
}

function arrayElement(schema: z.ZodObject, key: string): z.ZodType | undefined {
    const field = (schema.shape as Record<string, z.ZodType | undefined>)[key];
    return field instanceof z.ZodArray ? (field.element as z.ZodType) : undefined;
}

/**
 * One item: its parsed form (`data`) when it parses as sent; otherwise the parsed item without
 * the fields that did not match (`value`, undefined when nothing readable is left), with what
 * was removed and why.
 */
function repairItem(
    element: z.ZodType,
    item: unknown,
): { data: unknown } | { value: unknown; removed: string[]; problems: string[] } {
    let result = element.safeParse(item);
    if (result.success) return { data: result.data };
    // Parsed again with the inputs in the issues, so that each problem names the type it met.
    const quoted = element.safeParse(item, { reportInput: true });
    const problems = describeIssues((quoted.error ?? result.error).issues).slice(
        0,
        maxProblemsShown,
    );
    // The JSON parser's own objects: plain, so a structured clone copies them whole. One nested
    // deeper than the clone can follow is past reading: dropped, like any item beyond repair.
    let copy: unknown;
    try {
        copy = structuredClone(item);
    } catch {
        return { value: undefined, removed: [], problems };
    }
    const removed: string[] = [];
    for (let round = 0; round < maxRounds && !result.success; round++) {
        const paths = offendingPaths(result.error.issues);
        if (paths.length === 0 || paths.length > maxRemovalsPerRound) break;
        const emptied = new Map<unknown[], Set<number>>();
        let progressed = false;
        for (const path of paths) {
            const target = presentPath(copy, path);
            // The item itself: nothing of it can be kept.
            if (target.length === 0) return { value: undefined, removed, problems };
            if (remove(copy, target, emptied)) {
                removed.push(issuePath(target));
                progressed = true;
            }
        }
        for (const [array, indexes] of emptied) {
            const left = array.filter((_, i) => !indexes.has(i));
            array.length = 0;
            array.push(...left);
        }
        if (!progressed) break;
        result = element.safeParse(copy);
    }
    return result.success
        ? { value: result.data, removed, problems }
        : { value: undefined, removed, problems };
}

/**
 * The paths the issues point at, relative to the item. Where a union refused a value, the
 * branch that came closest names them (the fewest issues, and never a branch that refused the
 * value's very type), so that a subnet's EVM genesis loses a field rather than being read as the
 * opaque string form.
 */
function offendingPaths(
    issues: readonly z.core.$ZodIssue[],
    prefix: readonly PropertyKey[] = [],
): PropertyKey[][] {
    const out: PropertyKey[][] = [];
    for (const issue of issues) {
        const path = [...prefix, ...issue.path];
        if (issue.code === 'invalid_union' && issue.errors.length > 0) {
            let best: readonly z.core.$ZodIssue[] | undefined;
            let bestScore = Infinity;
            for (const branch of issue.errors) {
                const wrongType = branch.some(
                    (i) => i.code === 'invalid_type' && i.path.length === 0,
                );
                const score = wrongType ? Infinity : branch.length;
                if (score < bestScore) {
                    best = branch;
                    bestScore = score;
                }
            }
            if (best && best.length > 0) {
                out.push(...offendingPaths(best, path));
                continue;
            }
        }
        out.push(path);
    }
    return out;
}

/** The longest start of `path` that holds a value in `root` (a missing field names its holder). */
function presentPath(root: unknown, path: readonly PropertyKey[]): PropertyKey[] {
    let value = root;
    const present: PropertyKey[] = [];
    for (const key of path) {
        if (typeof value !== 'object' || value === null) break;
        const next = (value as Record<PropertyKey, unknown>)[key];
        if (next === undefined) break;
        present.push(key);
        value = next;
    }
    return present;
}

/**
 * Removes the value at `path`: a field is deleted, an array entry is noted in `emptied` (removed
 * once the round is over, so that the other paths of the round keep their indexes).
 */
function remove(
    root: unknown,
    path: readonly PropertyKey[],
    emptied: Map<unknown[], Set<number>>,
): boolean {
    let holder = root;
    for (const key of path.slice(0, -1)) {
        holder = (holder as Record<PropertyKey, unknown>)[key];
    }
    const last = path[path.length - 1]!;
    if (Array.isArray(holder) && typeof last === 'number') {
        let indexes = emptied.get(holder);
        if (!indexes) emptied.set(holder, (indexes = new Set()));
        if (indexes.has(last)) return false;
        indexes.add(last);
        return true;
    }
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, last)) return false;
    delete (holder as Record<PropertyKey, unknown>)[last];
    return true;
}
