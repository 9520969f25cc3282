/**
 * A reader of human-readable ABI signatures, the form ethers and viem accept and Solidity
 * interfaces are written in: `function transfer(address to, uint256 amount) returns (bool)`,
 * `event Transfer(address indexed from, address indexed to, uint256 value)`,
 * `error Unauthorized(address account)`, with tuples in parentheses:
 * `function f((address target, bytes data)[] calls)`. It reads the built-in table, which is
 * trusted text, so it is small rather than forgiving: it throws on anything else.
 */
import type { AbiEntry, AbiParam } from './entry';

const kinds = new Set(['function', 'event', 'error']);
const mutabilities = new Set(['view', 'pure', 'payable', 'nonpayable']);
// Words a Solidity interface may carry that do not change the ABI.
const ignored = new Set(['external', 'public', 'virtual', 'override', 'calldata', 'memory']);

type Token = string;

function tokenize(text: string): Token[] {
    return text.match(/[A-Za-z_$][\w$]*(?:\[\d*\])*|\(|\)|\[\d*\]|,/g) ?? [];
}

class Reader {
    private at = 0;
    constructor(
        private readonly tokens: readonly Token[],
        private readonly text: string,
    ) {}

    peek(): Token | undefined {
        return this.tokens[this.at];
    }

    next(): Token {
        const token = this.tokens[this.at++];
        if (token === undefined) throw new Error(`unexpected end of \`${this.text}\``);
        return token;
    }

    expect(token: Token): void {
        const got = this.next();
        if (got !== token)
            throw new Error(`expected \`${token}\`, got \`${got}\` in \`${this.text}\``);
    }

    done(): boolean {
        return this.at >= this.tokens.length;
    }
}

function readParams(reader: Reader, event: boolean): AbiParam[] {
    reader.expect('(');
    const params: AbiParam[] = [];
    if (reader.peek() === ')') {
        reader.next();
        return params;
    }
    for (;;) {
        params.push(readParam(reader, event));
        const token = reader.next();
        if (token === ')') return params;
        if (token !== ',') throw new Error(`expected \`,\` or \`)\`, got \`${token}\``);
    }
}

function readParam(reader: Reader, event: boolean): AbiParam {
    let type: string;
    let components: AbiParam[] | undefined;
    let token = reader.peek();
    if (token === 'tuple') {
        reader.next();
        token = reader.peek();
    }
    if (token === '(') {
        components = readParams(reader, false);
        type = 'tuple';
        while (reader.peek()?.startsWith('[')) type += reader.next();
    } else {
        type = reader.next();
        if (type.startsWith('[')) throw new Error(`a type cannot start with \`${type}\``);
    }
    let indexed = false;
    let name = '';
    while (reader.peek() !== ',' && reader.peek() !== ')' && !reader.done()) {
        const word = reader.next();
        if (word === 'indexed' && event) indexed = true;
        else if (ignored.has(word)) continue;
        else if (name === '') name = word;
        else throw new Error(`unexpected \`${word}\` after parameter \`${name}\``);
    }
    return {
        name,
        type,
        ...(components !== undefined ? { components } : {}),
        ...(event ? { indexed } : {}),
    };
}

/**
 * The ABI entry of one human-readable signature.
 * @throws Error when the text is not a function, event or error signature.
 */
export function parseSignature(text: string): AbiEntry {
    const reader = new Reader(tokenize(text), text);
    const kind = reader.next();
    if (!kinds.has(kind)) throw new Error(`\`${text}\` is not a function, event or error`);
    const name = reader.next();
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`\`${name}\` is not a name`);
    const event = kind === 'event';
    const inputs = readParams(reader, event);
    let stateMutability = 'nonpayable';
    let anonymous = false;
    let outputs: AbiParam[] | undefined;
    while (!reader.done()) {
        const word = reader.next();
        if (kind === 'function' && mutabilities.has(word)) stateMutability = word;
        else if (kind === 'function' && word === 'returns') outputs = readParams(reader, false);
        else if (event && word === 'anonymous') anonymous = true;
        else if (!ignored.has(word)) throw new Error(`unexpected \`${word}\` in \`${text}\``);
    }
    if (kind === 'function')
        return { type: 'function', name, inputs, outputs: outputs ?? [], stateMutability };
    if (event) return { type: 'event', name, inputs, anonymous };
    return { type: 'error', name, inputs };
}
