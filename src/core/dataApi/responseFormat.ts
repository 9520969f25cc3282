/**
 * Turns zod issues into short `path: problem` lines for `ResponseFormatError`, such as
 * `transactions[0].txHash: expected string, got number`. Values from the response never appear in
 * the text (only their type), so a hostile answer cannot inject anything into a message.
 */
import type * as z from 'zod';

import { type Phrase, phrase } from '../text/phrase';

/** At most this many issues are kept; one broken field often repeats across a whole page. */
const maxIssues = 20;

/** Renders a zod path the way the code reads it: `a.b[0].c`. */
export function issuePath(path: readonly PropertyKey[]): string {
    let text = '';
    for (const key of path) {
        if (typeof key === 'number') text += `[${key}]`;
        else text += text === '' ? String(key) : `.${String(key)}`;
    }
    return text === '' ? '(top level)' : text;
}

function typeName(value: unknown): string {
    if (value === null) return 'null';
    if (Array.isArray(value)) return 'array';
    return typeof value;
}

function collect(
    issues: readonly z.core.$ZodIssue[],
    prefix: readonly PropertyKey[],
    out: string[],
): void {
    for (const issue of issues) {
        if (out.length >= maxIssues) return;
        const path = [...prefix, ...issue.path];
        if (issue.code === 'invalid_union' && issue.errors.length > 0) {
            // Report the branch that came closest: the one with the fewest problems.
            let best = issue.errors[0]!;
            for (const branch of issue.errors) if (branch.length < best.length) best = branch;
            if (best.length > 0) {
                collect(best, path, out);
                continue;
            }
        }
        let problem: string;
        if (issue.code === 'invalid_type') {
            const input = (issue as { input?: unknown }).input;
            problem =
                input === undefined
                    ? `expected ${issue.expected}, got nothing`
                    : `expected ${issue.expected}, got ${typeName(input)}`;
        } else {
            problem = issue.message;
        }
        out.push(`${issuePath(path)}: ${problem}`);
    }
}

/** One line per problem, at most 20. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
    const out: string[] = [];
    collect(issues, [], out);
    return out;
}

/** The sentence of a `ResponseFormatError`: the service, then the first three problems. */
export function responseFormatMessage(service: string, lines: readonly string[]): Phrase {
    const shown = lines.slice(0, 3).join('; ');
    return lines.length > 3
        ? phrase(
              'The {0} sent an answer in an unexpected shape: {1} (and {2} more).',
              service,
              shown,
              lines.length - 3,
          )
        : phrase('The {0} sent an answer in an unexpected shape: {1}.', service, shown);
}
