/**
 * Where a deployment record names a transaction or a contract: the places lenses and links go.
 * What each value means comes from the record's parser (`parseWorkspaceFile`); where it sits is
 * found by looking for the quoted value in the text, so no position-aware JSON parser is needed
 * and a value the parser did not accept gets no lens.
 */
import { parseWorkspaceFile } from './classify';

export interface Anchor {
    /** Offset of the value (inside its quotes) in the text. */
    readonly offset: number;
    readonly length: number;
    readonly kind: 'transaction' | 'contract';
    /** Lower-case 0x value. */
    readonly value: string;
    /** Decimal EVM chain id the record names, when it does. */
    readonly chainId?: string | undefined;
    readonly contractName?: string | undefined;
    /** True for the first place of a value: the lens goes there, links go everywhere. */
    readonly first: boolean;
    /** The record's workspace-relative path. */
    readonly file: string;
}

/** Most anchors in one file (a broadcast of a long script holds hundreds of transactions). */
const maxAnchors = 2_000;

/** The anchors of a deployment record, or none when `file` is not one. */
export function deploymentAnchors(file: string, text: string): Anchor[] {
    const knowledge = parseWorkspaceFile(file, text);
    if (!knowledge) return [];
    const wanted = new Map<string, Omit<Anchor, 'offset' | 'length' | 'first' | 'file'>>();
    for (const t of knowledge.transactions) {
        wanted.set(t.hash.toLowerCase(), {
            kind: 'transaction',
            value: t.hash.toLowerCase(),
            chainId: t.chainId,
            contractName: t.contractName,
        });
    }
    for (const d of knowledge.deployments) {
        const value = d.address.toLowerCase();
        if (!wanted.has(value)) {
            wanted.set(value, {
                kind: 'contract',
                value,
                chainId: d.chainId,
                contractName: d.contractName ?? d.label,
            });
        }
    }
    if (wanted.size === 0) return [];
    const anchors: Anchor[] = [];
    const seen = new Set<string>();
    // Every 0x value in quotes, in order; only those the parser accepted become anchors. The text
    // itself is searched, not its lower case: 'İ' lower-cases to two code units, which would move
    // every offset after it.
    const quoted = /"(0x[0-9a-f]{40}(?:[0-9a-f]{24})?)"/gi;
    for (let m = quoted.exec(text); m && anchors.length < maxAnchors; m = quoted.exec(text)) {
        const meaning = wanted.get(m[1]!.toLowerCase());
        if (!meaning) continue;
        anchors.push({
            ...meaning,
            offset: m.index + 1,
            length: m[1]!.length,
            first: !seen.has(meaning.value),
            file,
        });
        seen.add(meaning.value);
    }
    return anchors;
}
