/**
 * The pure hover builders: given an identifier or resolved data, the Markdown a hover shows.
 * Offline parts per kind, live parts per result kind, the calm line per error type, command-link
 * encoding, and escaping: hostile text from a chain never becomes markup, a link or an image.
 */
import * as assert from 'node:assert/strict';

import fc from 'fast-check';

import {
    calmErrorMarkdown,
    calmErrorText,
    commandLink,
    type CalmError,
    type CalmErrorContext,
    HttpError,
    type HoverChain,
    type HoverMarkdown,
    liveHoverMarkdown,
    type LiveHoverOptions,
    type LiveResult,
    NetworkError,
    NodeApiUnavailableError,
    offlineHoverMarkdown,
    parseIdentifier,
    RateLimitedError,
    ResponseFormatError,
    RpcError,
    setDisplayLocale,
    TimeoutError,
    toCalmError,
    toChecksumAddress,
    UnauthorizedError,
    ValidationError,
    vmName,
} from '../../../src/core';
import { fillTemplate, type Translate } from '../../../src/core/text/phrase';
import { hostileStrings } from '../../sandbox/hostile';

const nowMs = Date.UTC(2026, 0, 1);
const address = '0xF9185c8dC443961F7df7a07CA48B5ef3a5225Feb';
const txHash = '0xb1bb9b026fbad7a46b5c686a5e4482be08917b4847184c54b998195c95e49dd6';
const cChainId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
const subnetId = '8ALkS9MxfzqBtbQ5EAABQzrg8osTeZbwF7adkH33rayiEEQj4';
const nodeId = 'NodeID-MPP4JFSMwVCpFX9jrEWuasSDjJMkTsPsx';
const pAddress = 'P-avax12ajsndjxz08pdwv68f6k2mcptsl2aztegctxf2';

const options: LiveHoverOptions = {
    nowMs,
    explorerUrl: (kind, id) => `https://subnets.avax.network/${kind}/${encodeURIComponent(id)}`,
    setApiKeyCommand: 'avalanche.dataApi.setKey',
};

function id(text: string) {
    const found = parseIdentifier(text);
    assert.ok(found, `${text} should parse`);
    return found;
}

function offline(text: string, extra: Partial<Parameters<typeof offlineHoverMarkdown>[1]> = {}) {
    return offlineHoverMarkdown(id(text), { network: 'mainnet', ...extra });
}

/** A mixed-case address whose checksum fails: one letter's case flipped. */
function brokenChecksum(good: string): string {
    const i = good.search(/[a-fA-F]/);
    const c = good[i]!;
    const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    return `${good.slice(0, i)}${flipped}${good.slice(i + 1)}`;
}

const cChain: HoverChain = {
    evmChainId: '43114',
    blockchainId: cChainId,
    name: 'Avalanche C-Chain',
    symbol: 'AVAX',
    decimals: 18,
    isCChain: true,
    network: 'mainnet',
};

describe('(unit) hover markdown: offline part', () => {
    it('names an EVM address and its checksum state', () => {
        const valid = offline(address).markdown;
        assert.match(valid, /\*\*EVM address\*\* · EIP\\-55 checksum valid/);
        assert.match(valid, /Looked up on C\\-Chain \(mainnet\)/);
        assert.match(
            offline(address.toLowerCase()).markdown,
            /no EIP\\-55 checksum \\\(all lower case\\\)/,
        );
        const upper = `0x${address.slice(2).toUpperCase()}`;
        assert.match(offline(upper).markdown, /all upper case/);
    });

    it('reports a broken checksum with the EIP-55 form and the fix link', () => {
        const broken = brokenChecksum(address);
        const built = offline(broken, {
            fix: {
                title: 'Fix checksum',
                command: 'avalanche.hover.fixChecksum',
                args: [{ text: broken }],
            },
        });
        assert.match(built.markdown, /⚠ EIP\\-55 checksum does not match/);
        assert.ok(built.markdown.includes(`Checksummed: \`${toChecksumAddress(address)}\``));
        assert.ok(built.markdown.includes('](command:avalanche.hover.fixChecksum?'));
        assert.deepEqual(built.commands, ['avalanche.hover.fixChecksum']);
        // A broken address is never "looked up".
        assert.doesNotMatch(built.markdown, /Looked up/);
    });

    it('shows a hash with its cb58 form, and a well-known bytes32 id by name', () => {
        const hash = offline(txHash).markdown;
        assert.match(hash, /\*\*32\\-byte hash\*\*/);
        assert.match(hash, /cb58: `2MGwuhvjXuvVLrKQKZJWyZ6HrbNrtbpuXmM9qUYKpEKmJ971tu`/);
        const known = offline('0x0427d4b22a2a78bcddd456742caf91b56badbff985ee19aef14573e7343fd652');
        assert.match(known.markdown, /C\\-Chain \\\(mainnet\\\) \\\(as bytes32\\\)/);
        assert.match(known.markdown, /cb58: `2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5`/);
    });

    it('gives the network of a bech32 address from its HRP', () => {
        const p = offline(pAddress).markdown;
        assert.match(p, /\*\*P\\-Chain address\*\* · bech32 checksum valid/);
        assert.match(p, /Network: mainnet \(HRP `avax`\)/);
        const bare = offline(pAddress.slice(2)).markdown;
        assert.match(bare, /Primary\\-network address/);
        assert.match(bare, /P\\- and X\\-Chain are looked up/);
        const fuji = offline('X-fuji10d2fqjfl3ghl73z2ez65ufanxwwhccxugq8z2t').markdown;
        assert.match(fuji, /Network: fuji \(HRP `fuji`\)/);
    });

    it('reports malformed bech32 addresses, node ids and cb58 ids', () => {
        const badBech32 = `${pAddress.slice(0, -1)}${pAddress.endsWith('q') ? 'p' : 'q'}`;
        assert.match(offline(badBech32).markdown, /not a valid bech32 address/);
        const mixed = `P-${'avax12ajsndjxz08pdwv68f6k2mcptsl2aztegctxf2'.replace('a', 'A')}`;
        const m = offline(mixed).markdown;
        assert.match(m, /mixed upper and lower case/);
        assert.match(m, /Lower case: `P-avax12ajsndjxz08pdwv68f6k2mcptsl2aztegctxf2`/);
        const badNode = `${nodeId.slice(0, -1)}${nodeId.endsWith('a') ? 'b' : 'a'}`;
        assert.match(offline(badNode).markdown, /not a valid node id/);
    });

    it('names well-known cb58 ids and shows the hex form of the others', () => {
        const c = offline(cChainId).markdown;
        assert.match(c, /\*\*C\\-Chain \\\(mainnet\\\)\*\* · cb58 checksum valid/);
        assert.match(c, /well\\-known blockchain id/);
        assert.match(c, /Network: mainnet/);
        const p = offline('11111111111111111111111111111111LpoYY').markdown;
        assert.match(p, /P\\-Chain \\\(all networks\\\)/);
        assert.match(p, /the same id on every network/);
        const other = offline(subnetId).markdown;
        assert.match(other, /\*\*cb58 id\*\*/);
        assert.match(
            other,
            /hex: `0x104290f3d810a809ffa2122bbcd9d10b623f5e06b9f1aec56d89e7565358ae4b`/,
        );
        const node = offline(nodeId).markdown;
        assert.match(node, /short id \(hex\): `0xdf9e143735c042b0a00c726aab79e05df57da8b7`/);
    });

    it('renders actions and web links on one line and says when live lookups are off', () => {
        const built = offline(address, {
            actions: [
                { title: 'Copy', command: 'avalanche.hover.copy', args: [address] },
                {
                    title: 'Open details',
                    command: 'avalanche.hover.openDetails',
                    args: [{ text: address }],
                },
            ],
            links: [
                {
                    title: 'Open in explorer',
                    url: `https://subnets.avax.network/c-chain/address/${address}`,
                },
                { title: 'Evil', url: 'javascript:alert(1)' },
            ],
            liveOff: 'Live lookups are off for this kind (avalanche.hovers.liveKinds)',
        });
        const lines = built.markdown.split('\n');
        const actions = lines.find((l) => l.startsWith('[Copy]'));
        assert.ok(actions);
        assert.match(actions, / · \[Open details\]\(command:avalanche\.hover\.openDetails\?/);
        assert.match(
            actions,
            / · \[Open in explorer\]\(https:\/\/subnets\.avax\.network\/c-chain\/address\//,
        );
        assert.doesNotMatch(built.markdown, /javascript/);
        assert.match(built.markdown, /\*Live lookups are off/);
        assert.deepEqual([...built.commands].sort(), [
            'avalanche.hover.copy',
            'avalanche.hover.openDetails',
        ]);
    });
});

describe('(unit) hover markdown: command links', () => {
    it('JSON-encodes then URI-encodes the arguments', () => {
        const link = commandLink({
            title: 'Copy [x]',
            command: 'avalanche.hover.copy',
            args: ['a) [b](command:evil) "c"'],
        });
        const [, target] = /^\[.*\]\((.*)\)$/.exec(link) ?? [];
        assert.ok(target);
        // Nothing in the target can end it (a space, a parenthesis) or start a title (a quote).
        assert.ok(!/[\s()"[\]]/.test(target), `the target must not hold link syntax: ${target}`);
        const query = target.slice('command:avalanche.hover.copy?'.length);
        assert.deepEqual(JSON.parse(decodeURIComponent(query)), ['a) [b](command:evil) "c"']);
        assert.ok(link.startsWith('[Copy \\[x\\]]'));
    });

    it('puts an escaped tooltip in the link title and refuses odd command ids', () => {
        const link = commandLink({ title: 'Fix', command: 'a.b', tooltip: 'say "hi" (now)' });
        assert.match(link, /^\[Fix\]\(command:a\.b "say \\\\?"hi\\\\?" \\\(now\\\)"\)$/);
        assert.throws(() => commandLink({ title: 'x', command: 'javascript:alert(1)' }));
        assert.throws(() => commandLink({ title: 'x', command: 'a b' }));
    });
});

const results: Record<string, LiveResult> = {
    evmAddress: {
        kind: 'evmAddress',
        address,
        chain: cChain,
        native: {
            address: '',
            name: 'Avalanche',
            symbol: 'AVAX',
            decimals: 18,
            balance: '25000000000000000000000',
            usd: 711_983.2,
        },
        tokens: [
            {
                address: '0x1',
                name: 'USD Coin',
                symbol: 'USDC',
                decimals: 6,
                balance: '15169132960',
                usd: 15169.13,
            },
        ],
        tokenCount: 3,
        moreTokens: false,
        spamHidden: 1,
        isContract: false,
        recent: [
            {
                txHash,
                timestamp: nowMs / 1000 - 7200,
                method: 'Native Transfer',
                value: '18318000000000000000',
                from: address,
                to: '0xaD2651B875D63aFEeFe0D89A006cbf1126c56e4C',
                success: true,
            },
        ],
        notes: [],
    },
    evmTx: {
        kind: 'evmTx',
        chain: cChain,
        txHash,
        success: false,
        blockNumber: '1234567',
        timestamp: nowMs / 1000 - 60,
        from: address,
        to: '',
        value: '1500000000000000000',
        symbol: 'AVAX',
        decimals: 18,
        method: 'swapExactTokensForAVAX(uint256)',
        gasUsed: '174732',
        gasLimit: '227152',
        gasPrice: '12000000000',
        transfers: [
            {
                ercType: 'ERC-20',
                from: address,
                to: address,
                value: '2500000',
                symbol: 'USDC',
                decimals: 6,
            },
            { ercType: 'ERC-721', from: address, to: address, tokenId: '3', symbol: 'APE' },
        ],
        transferCount: 5,
        internal: [
            {
                type: 'CALL',
                from: address,
                to: address,
                value: '62500000000000000',
                reverted: true,
            },
        ],
        internalCount: 1,
        teleporter: {
            messageId: `0x${'11'.repeat(32)}`,
            direction: 'SOURCE_TRANSACTION',
            sourceChainId: cChainId,
            sourceChainName: 'Avalanche C-Chain',
            destinationChainId: 'D5Wu24w1Lc4SWVXPNAekVPEhVicXyy84TKjTb4WE1NDnHjtLV',
        },
        notes: [],
    },
    evmBlock: {
        kind: 'evmBlock',
        chain: cChain,
        blockHash: txHash,
        blockNumber: '13',
        timestamp: nowMs / 1000 - 86400,
        txCount: 3,
        moreTransactions: false,
        notes: [],
    },
    primaryTx: {
        kind: 'primaryTx',
        chain: 'P',
        txId: subnetId,
        network: 'mainnet',
        blockNumber: '275',
        blockType: 'BanffStandardBlock',
        timestamp: nowMs / 1000 - 86400 * 30,
        notes: [],
    },
    pnAddress: {
        kind: 'pnAddress',
        address: pAddress,
        network: 'mainnet',
        chains: [
            {
                chain: 'P',
                utxoCount: 19,
                more: false,
                balances: [
                    {
                        assetId: 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z',
                        name: 'Avalanche',
                        symbol: 'AVAX',
                        denomination: 9,
                        amount: '4563837732000',
                        staked: '2530788118000',
                    },
                ],
            },
            { chain: 'X', utxoCount: 0, more: false, balances: [] },
        ],
        notes: [],
    },
    nodeId: {
        kind: 'nodeId',
        nodeId,
        network: 'mainnet',
        l1Validations: [
            {
                validationId: '2B5kDJUMK8dEw3ZcjAU8Ltayd5ooduEdjPkdZo5V8JRvCAfbnX',
                nodeId,
                subnetId,
                subnetName: 'Sandbox Gaming L1',
                weight: '100',
                remainingBalance: '29758834627',
                active: true,
                creationTimestamp: nowMs / 1000 - 86400 * 300,
            },
        ],
        primary: {
            chainName: 'Primary Network',
            weight: '2000000000000',
            uptimePercentage: 91.16,
            connected: true,
        },
        l1OnNode: null,
        peer: { version: 'avalanchego/1.14.2', trackedSubnets: 1 },
        notes: [],
    },
    blockchain: {
        kind: 'blockchain',
        blockchainId: 'Ss5AyRNNmf8ukp8FpBJA4ERFMcArudAyEuPVxkquaxqkjXi1W',
        network: 'mainnet',
        name: 'Sandbox Gaming L1',
        vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
        vmName: 'Subnet-EVM',
        subnetId,
        evmChainId: '779002',
        isL1: true,
        notes: [],
    },
    subnet: {
        kind: 'subnet',
        subnetId,
        network: 'mainnet',
        isL1: true,
        owners: ['avax1e0jxyz'],
        threshold: 1,
        blockchains: [
            {
                blockchainId: 'Ss5AyRNNmf8ukp8FpBJA4ERFMcArudAyEuPVxkquaxqkjXi1W',
                name: 'Gaming',
                evmChainId: 779002,
            },
        ],
        createdAt: nowMs / 1000 - 86400 * 1000,
        conversionTx: '2hNTYTeMw7zxi5TLLQMNbibD79YqR594oYkSw6eRjbrtd1sGg9',
        validatorManager: {
            blockchainId: 'Ss5AyRNNmf8ukp8FpBJA4ERFMcArudAyEuPVxkquaxqkjXi1W',
            address,
        },
        validatorCount: 100,
        moreValidators: true,
        notes: [],
    },
    asset: {
        kind: 'asset',
        assetId: 'KrTsdLbppYX9ouaRS6aWQeVoCyzvuijkwL4Cg4yr4ypuKp3Fj',
        network: 'mainnet',
        name: 'Sandbox Dollar',
        symbol: 'SUSD',
        denomination: 6,
        notes: [],
    },
    notFound: {
        kind: 'notFound',
        network: 'fuji',
        searched: ['C-Chain transactions', 'subnets'],
        notes: [],
    },
    unsupported: {
        kind: 'unsupported',
        reason: 'The Data API serves mainnet and Fuji addresses.',
        notes: [],
    },
};

function live(result: LiveResult): string {
    return liveHoverMarkdown(result, options).markdown;
}

describe('(unit) hover markdown: live part', () => {
    it('shows an address: balance, top tokens with spam hidden, code, latest transactions', () => {
        const md = live(results['evmAddress']!);
        assert.match(md, /\*\*On Avalanche C\\-Chain\*\* · account \(no code\)/);
        assert.match(md, /Balance: 25,000 AVAX \(\\\$711,983\)/);
        assert.match(
            md,
            /Tokens: 15,169\\\.13296 USDC \(\\\$15,169\) and 2 more \(1 spam token hidden\)/,
        );
        assert.match(md, /`0xb1bb9b…e49dd6` Native Transfer, 18\\\.318 AVAX, 2 hours ago/);
    });

    it('names a token contract and its standard', () => {
        const md = live({
            ...(results['evmAddress'] as Extract<LiveResult, { kind: 'evmAddress' }>),
            isContract: true,
            token: { ercType: 'ERC-20', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
        });
        assert.match(md, /ERC\\-20 token USD Coin \(USDC\), 6 decimals/);
    });

    it('shows a transaction: status, block, parties, value, gas, transfers, internals, teleporter', () => {
        const md = live(results['evmTx']!);
        assert.match(md, /\*\*Transaction on Avalanche C\\-Chain\*\* · ✗ failed/);
        assert.match(
            md,
            /Block 1,234,567 · Dec 31, 2025, 11\\:59\\:00 PM UTC \\\(1 minute ago\\\)/,
        );
        assert.match(md, /to a new contract/);
        assert.match(md, /Value 1\\\.5 AVAX · swapExactTokensForAVAX\\\(uint256\\\)/);
        assert.match(md, /Gas 174,732 of 227,152 at 12 gwei/);
        assert.match(md, /Token transfers \(5\): 2\\\.5 USDC .* · APE #3 .* and 3 more/);
        assert.match(md, /Internal transactions \(1\): CALL 0\\\.0625 AVAX .* \(reverted\)/);
        assert.match(
            md,
            /Teleporter message `0x111111…111111` sent, from Avalanche C\\-Chain to `D5Wu24w1…nHjtLV`/,
        );
        assert.match(
            md,
            /\[Open on the Avalanche explorer\]\(https:\/\/subnets\.avax\.network\/c-chain\/tx\/0xb1bb/,
        );
    });

    it('offers the timeline of the ICM message a transaction sent, with its command trusted', () => {
        const tx = results['evmTx']!;
        assert.doesNotMatch(live(tx), /Follow ICM message/);
        const md = liveHoverMarkdown(tx, {
            ...options,
            followIcmCommand: 'avalanche.query.followIcmMessage',
        });
        assert.ok(md.commands.includes('avalanche.query.followIcmMessage'));
        const link =
            /\[Follow ICM message\]\(command:avalanche\.query\.followIcmMessage\?([^ )]+)/.exec(
                md.markdown,
            );
        assert.ok(link, md.markdown);
        const [target] = JSON.parse(decodeURIComponent(link[1]!)) as [Record<string, string>];
        assert.deepEqual(Object.keys(target).sort(), ['chain', 'txHash']);
    });

    it('shows blocks, primary-network transactions and UTXO balances', () => {
        assert.match(
            live(results['evmBlock']!),
            /\*\*Block 13 on Avalanche C\\-Chain\*\*.*\n3 transactions/s,
        );
        const p = live(results['primaryTx']!);
        assert.match(p, /\*\*P-Chain transaction\*\* on mainnet/);
        assert.match(p, /In block 275 \(BanffStandardBlock\)/);
        assert.match(p, /p-chain\/tx\//);
        const u = live(results['pnAddress']!);
        assert.match(
            u,
            /\*\*P-Chain\*\* · 19 UTXOs: 4,563\\\.837732 AVAX \(2,530\\\.788118 AVAX staked\)/,
        );
        assert.match(u, /\*\*X-Chain\*\* · no UTXOs/);
    });

    it('shows node ids, blockchains, subnets, assets, misses and unsupported ids', () => {
        const n = live(results['nodeId']!);
        assert.match(n, /\*\*L1 validations\*\* \(1\):/);
        assert.match(
            n,
            /- Sandbox Gaming L1 \(subnet `8ALkS9Mx…iEEQj4`\): weight 100, balance 29\\\.758835 AVAX/,
        );
        assert.match(
            n,
            /\*\*Primary network\*\* \(connected node\): stake 2,000 AVAX, uptime 91\\\.16\\%, connected/,
        );
        assert.match(n, /Peer of the connected node: avalanchego\/1\\\.14\\\.2, tracks 1 subnet/);
        assert.match(n, /validators\/NodeID-MPP4/);
        const b = live(results['blockchain']!);
        assert.match(b, /VM Subnet\\-EVM · EVM chain id 779002 · L1 `8ALkS9Mx…iEEQj4`/);
        const s = live(results['subnet']!);
        assert.match(s, /\*\*L1\*\* on mainnet/);
        assert.match(s, /Active L1 validators: 100\+/);
        assert.match(s, /Converted to an L1 by `2hNTYTeM…d1sGg9`/);
        assert.match(
            live(results['asset']!),
            /\*\*X-Chain asset\*\* Sandbox Dollar \(SUSD\) on mainnet · denomination 6/,
        );
        assert.match(
            live(results['notFound']!),
            /Not found on fuji\. Looked in: C\\-Chain transactions, subnets\./,
        );
        assert.match(live(results['unsupported']!), /serves mainnet and Fuji/);
    });

    it('names the well-known VMs from their short names', () => {
        assert.equal(vmName('srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'), 'Subnet-EVM');
        assert.equal(vmName('mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6'), 'Coreth (EVM)');
        assert.equal(vmName('jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq'), 'AVM');
        assert.equal(vmName('rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT'), 'Platform VM');
        assert.equal(vmName(subnetId), undefined);
    });
});

/** Every string field of a result replaced by `text`, ids and numbers kept. */
function poison<T>(value: T, text: string): T {
    const idKeys =
        /^(address|txHash|blockHash|from|to|subnetId|blockchainId|nodeId|validationId|assetId|messageId|txId|evmChainId|sourceChainId|destinationChainId|conversionTx|vmId|network|kind|chain|blockNumber|value|balance|amount|staked|weight|gasUsed|gasLimit|gasPrice|tokenId|direction|ercType|type)$/;
    const walk = (v: unknown, key: string): unknown => {
        if (typeof v === 'string') return idKeys.test(key) ? v : text;
        if (Array.isArray(v)) return v.map((x) => walk(x, key));
        if (v && typeof v === 'object') {
            return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
        }
        return v;
    };
    return walk(value, '') as T;
}

/** Markdown with our own links and code spans removed, for checking what remains. */
function stripOwnSyntax(md: string): string {
    return (
        md
            // Code spans first (their text is literal), opening at an unescaped backtick.
            .replace(/(?<!\\)(`+)(?:(?!\1)[\s\S])*?\1/g, 'CODE')
            // Then links, opening at an unescaped bracket.
            .replace(
                /(?<!\\)\[(?:[^\]\\]|\\.)*\]\((?:command:[\w.-]+(?:\?[^\s)]*)?|https:\/\/[^\s)]+)(?: "(?:[^"\\]|\\.)*")?\)/g,
                'LINK',
            )
    );
}

/** Characters Markdown could read as syntax, counted where no backslash escapes them. */
function syntaxCounts(md: string): Record<string, number> {
    const rest = stripOwnSyntax(md);
    const counts: Record<string, number> = {
        LINK: rest.split('LINK').length - 1,
        CODE: rest.split('CODE').length - 1,
    };
    for (let i = 0; i < rest.length; i++) {
        const c = rest[i]!;
        if (!'*()[]<>!`_&|#~=\n'.includes(c)) continue;
        let slashes = 0;
        for (let j = i - 1; j >= 0 && rest[j] === '\\'; j--) slashes++;
        if (slashes % 2 === 0) counts[c] = (counts[c] ?? 0) + 1;
    }
    return counts;
}

/**
 * Hostile text must not change the Markdown's structure: the same unescaped syntax characters,
 * links, code spans and lines as with plain text in its place; no image, no control or bidi
 * character, and only the allowed commands.
 */
function assertInert(
    built: HoverMarkdown,
    baseline: HoverMarkdown,
    allowedCommands: readonly string[],
): void {
    assert.deepEqual(syntaxCounts(built.markdown), syntaxCounts(baseline.markdown), built.markdown);
    assert.ok(
        !/[\u0000-\u0009\u000b-\u001f\u202a-\u202e\u2066-\u2069]/u.test(built.markdown),
        'control or bidi characters',
    );
    assert.ok(!built.markdown.includes('!['), 'an image');
    for (const command of built.commands) assert.ok(allowedCommands.includes(command), command);
    for (const m of built.markdown.matchAll(/\]\((command:[\w.-]+)/g)) {
        assert.ok(allowedCommands.includes(m[1]!.slice('command:'.length)), m[1]);
    }
}

/** The result rendered with `text` in every free-text field, and with plain text there. */
function poisoned(result: LiveResult, text: string): [HoverMarkdown, HoverMarkdown] {
    const plain = text === '' ? '' : 'Plain';
    return [
        liveHoverMarkdown(poison(result, text), options),
        liveHoverMarkdown(poison(result, plain), options),
    ];
}

describe('(unit) hover markdown: hostile text', () => {
    it('escapes every hostile sandbox string in every field of every result', () => {
        for (const text of hostileStrings) {
            for (const result of Object.values(results)) {
                const [built, baseline] = poisoned(result, text);
                assertInert(built, baseline, ['avalanche.dataApi.setKey']);
                for (const line of built.markdown.split('\n')) {
                    assert.ok(line.length < 1600, `a line of ${line.length} characters`);
                }
            }
        }
    });

    it('escapes arbitrary text in names, symbols and methods (property)', () => {
        fc.assert(
            fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
                for (const result of Object.values(results)) {
                    const [built, baseline] = poisoned(result, text);
                    assertInert(built, baseline, ['avalanche.dataApi.setKey']);
                }
            }),
            { numRuns: 150 },
        );
    });

    it('cuts long names and symbols short', () => {
        const md = live(poison(results['asset']!, 'N'.repeat(10_000)));
        assert.ok(md.length < 400, `${md.length} characters`);
        assert.match(md, /N…/);
    });

    it('never links a chain explorer URL that is not http(s)', () => {
        const chain = {
            ...cChain,
            isCChain: false,
            name: 'L1',
            explorerUrl: 'javascript:alert(1)',
        };
        const md = live({ ...(results['evmTx'] as Extract<LiveResult, { kind: 'evmTx' }>), chain });
        assert.doesNotMatch(md, /javascript|Open on/);
        const ok = live({
            ...(results['evmTx'] as Extract<LiveResult, { kind: 'evmTx' }>),
            chain: { ...chain, explorerUrl: 'https://l1.example/explorer/' },
        });
        assert.match(
            ok,
            /\[Open on the L1 explorer\]\(https:\/\/l1\.example\/explorer\/tx\/0xb1bb/,
        );
    });
});

describe('(unit) hover markdown: calm error line per error type', () => {
    const url = 'https://data-api.avax.network/v1/chains/43114/transactions/0x';
    const context: CalmErrorContext = { service: 'Data API', hasApiKey: false, nowMs };
    const line = (error: unknown, extra: Partial<CalmErrorContext> = {}): string =>
        calmErrorMarkdown(toCalmError(error, { ...context, ...extra }), options).markdown;

    it('counts down a rate limit and suggests an API key when none is set', () => {
        const limited = new RateLimitedError(
            '429',
            url,
            'Too Many Requests',
            undefined,
            'Data API',
            12_000,
            0,
            100,
        );
        const md = line(limited);
        assert.equal(
            md,
            '⚠ Data API rate limit reached, retrying in 12 s · [Set an API key for higher limits](command:avalanche.dataApi.setKey)',
        );
        assert.deepEqual(calmErrorMarkdown(toCalmError(limited, context), options).commands, [
            'avalanche.dataApi.setKey',
        ]);
        assert.equal(
            line(limited, { hasApiKey: true }),
            '⚠ Data API rate limit reached, retrying in 12 s',
        );
        const calm = toCalmError(limited, context);
        assert.equal(
            calmErrorText(calm, nowMs + 5_000),
            'Data API rate limit reached, retrying in 7 s',
        );
        assert.equal(
            calmErrorText(calm, nowMs + 13_000),
            'Data API rate limit reached, retrying now',
        );
        const noHeader = new RateLimitedError(
            '429',
            url,
            '',
            undefined,
            'Data API',
            undefined,
            undefined,
            undefined,
        );
        assert.match(line(noHeader), /retrying in 10 s/);
    });

    it('has one calm sentence for each other failure', () => {
        const cases: [unknown, RegExp][] = [
            [
                new UnauthorizedError('401', url, 401, 'Unauthorized', undefined, 'Data API'),
                /^⚠ The Data API refused the API key \\\(401 Unauthorized\\\) · \[Set a valid API key\]/,
            ],
            [
                new NetworkError('refused', url, 'ECONNREFUSED'),
                /^⚠ The Data API cannot be reached \\\(ECONNREFUSED\\\)$/,
            ],
            [new TimeoutError('slow', url, 'headers'), /^⚠ The Data API did not answer in time$/],
            [
                new HttpError('503', url, 503, 'Service Unavailable', undefined, 'Data API'),
                /^⚠ The Data API answered 503 Service Unavailable; try again later$/,
            ],
            [
                new ResponseFormatError('bad', url),
                /^⚠ The Data API sent an answer in an unexpected format$/,
            ],
            [
                new ValidationError('address', 'x', 'an address'),
                /^⚠ Cannot look this up\\: Invalid address/,
            ],
            [new Error('boom'), /^⚠ The Data API lookup failed\\: boom$/],
        ];
        for (const [error, expected] of cases) assert.match(line(error), expected);
        const node = { service: 'node' as const };
        assert.match(
            line(new RpcError('x', 'eth_getCode', -32000, undefined, 'missing trie node'), node),
            /^⚠ The node returned an error\\: missing trie node$/,
        );
        assert.match(
            line(
                new NodeApiUnavailableError(
                    'The chain is still bootstrapping.',
                    'bootstrapping',
                    url,
                    'x',
                    503,
                ),
                node,
            ),
            /^⚠ The chain is still bootstrapping\\\.$/,
        );
    });

    it('says which part was skipped when only a part failed, and escapes the detail', () => {
        const calm: CalmError = {
            kind: 'rpc',
            service: 'node',
            during: 'contract check',
            detail: '[x](command:evil) <b>',
            suggestApiKey: false,
        };
        const built = calmErrorMarkdown(calm, options);
        assert.match(built.markdown, /contract check skipped$/);
        assertInert(built, calmErrorMarkdown({ ...calm, detail: 'plain' }, options), []);
        assert.deepEqual(built.commands, []);
    });
});

describe('(unit) hover markdown: the display locale, and the agent’s text', () => {
    afterEach(() => setDisplayLocale('en-US'));

    it('writes amounts, times and relative times in German for a person', () => {
        setDisplayLocale('de-DE');
        const address = live(results['evmAddress']!);
        assert.match(address, /Balance: 25\\\.000 AVAX \(\\\$711\\\.983\)/);
        assert.match(address, /Native Transfer, 18,318 AVAX, vor 2 Stunden/);
        const tx = live(results['evmTx']!);
        assert.match(
            tx,
            /Block 1\\\.234\\\.567 · 31\\\.12\\\.2025, 23\\:59\\:00 UTC \\\(vor 1 Minute\\\)/,
        );
        assert.match(tx, /Gas 174\\\.732 of 227\\\.152 at 12 gwei/);
        const node = live(results['nodeId']!);
        assert.match(node, /uptime 91,16\\%/);
        assert.match(node, /since vor 10 Monaten/);
    });

    it('writes ISO 8601 times in UTC and plain digits for an agent, whatever the display locale', () => {
        setDisplayLocale('de-DE');
        const forAgent = (result: LiveResult): string =>
            liveHoverMarkdown(result, { ...options, audience: 'agent' }).markdown;
        const address = forAgent(results['evmAddress']!);
        assert.match(address, /Balance: 25000 AVAX \(\\\$711983\)/);
        assert.match(address, /Native Transfer, 18\\\.318 AVAX, 2 hours ago/);
        const tx = forAgent(results['evmTx']!);
        assert.match(tx, /Block 1234567 · 2025\\-12\\-31T23\\:59\\:00Z \\\(1 minute ago\\\)/);
        assert.match(tx, /Gas 174732 of 227152 at 12 gwei/);
        const node = forAgent(results['nodeId']!);
        assert.match(node, /stake 2000 AVAX, uptime 91\\\.16\\%/);
        assert.match(node, /since 10 months ago/);
        // The person's hover, rendered after, is still German: the audience is no switch.
        assert.match(live(results['evmTx']!), /Gas 174\\\.732 of/);
    });
});

describe('(unit) hover markdown: the words in the reader\u2019s language', () => {
    const german: Record<string, string> = {
        'On {0}': 'Auf {0}',
        'Balance: {0}': 'Guthaben: {0}',
        'No transactions yet': 'Noch keine Transaktionen',
        'Transaction on {0}': 'Transaktion auf {0}',
        failed: 'fehlgeschlagen',
        'a new contract': 'einen neuen Vertrag',
        'From {0} to {1}': 'Von {0} an {1}',
        'Open on the {0} explorer': 'Im Explorer von {0} öffnen',
        'Set an API key for higher limits': 'Einen API-Schlüssel für höhere Grenzen setzen',
        'Not found on {0}. Looked in: {1}.': 'Auf {0} nicht gefunden. Gesucht in: {1}.',
        'EVM address': 'EVM-Adresse',
        'EIP-55 checksum valid': 'EIP-55-Prüfsumme gültig',
        'Looked up on {0} ({1})': 'Nachgeschlagen auf {0} ({1})',
    };
    const toGerman: Translate = (template, ...args) =>
        fillTemplate(german[template] ?? template, ...args);
    const inGerman = (result: LiveResult): HoverMarkdown =>
        liveHoverMarkdown(result, { ...options, translate: toGerman });

    it('writes the sentences, labels and link titles in the translator\u2019s words', () => {
        const address = inGerman(results['evmAddress']!).markdown;
        assert.match(address, /^\*\*Auf Avalanche C\\-Chain\*\* · /);
        assert.match(address, /Guthaben\\: 25,000 AVAX/);
        assert.doesNotMatch(address, /Balance/);
        const tx = inGerman(results['evmTx']!).markdown;
        assert.match(tx, /\*\*Transaktion auf Avalanche C\\-Chain\*\* · ✗ fehlgeschlagen/);
        assert.match(tx, /Von `0xF9185c…225Feb` an einen neuen Vertrag {2}\n/);
        const l1 = inGerman({
            ...(results['evmTx'] as Extract<LiveResult, { kind: 'evmTx' }>),
            chain: { ...cChain, isCChain: false, name: 'L1', explorerUrl: 'https://l1.example/' },
        }).markdown;
        assert.match(l1, /\[Im Explorer von L1 öffnen\]\(https:\/\/l1\.example\/tx\//);
        const missing = inGerman(results['notFound']!).markdown;
        assert.match(missing, /^Auf fuji nicht gefunden\\. Gesucht in\\: /);
        // Without a translator (agents, and the default) the words are the source's English.
        assert.match(live(results['evmAddress']!), /^\*\*On Avalanche C\\-Chain\*\* · /);
    });

    it('keeps peer data escaped, and a translation\u2019s own markup inert', () => {
        // A translation is a file: one that tries to bold, link, run a command or show an image
        // adds no Markdown syntax to the hover, whatever the peer sent.
        const hostile: Translate = (template, ...args) =>
            fillTemplate(
                `](command:evil)**<b>\`_ ${template} ![i](https://x.example/) [y](`,
                ...args,
            );
        for (const result of Object.values(results)) {
            const english = liveHoverMarkdown(result, options);
            const built = liveHoverMarkdown(result, { ...options, translate: hostile });
            const before = syntaxCounts(english.markdown);
            const after = syntaxCounts(built.markdown);
            for (const [c, n] of Object.entries(after)) {
                assert.ok(
                    n <= (before[c] ?? 0),
                    `${c}: ${n} > ${before[c] ?? 0}\n${built.markdown}`,
                );
            }
            assert.equal(after['LINK'], before['LINK'], built.markdown);
            assert.deepEqual(built.commands, english.commands);
            assert.doesNotMatch(built.markdown, /\]\(command:evil|!\[i\]/);
        }
        for (const text of hostileStrings) {
            for (const result of Object.values(results)) {
                const built = liveHoverMarkdown(poison(result, text), {
                    ...options,
                    translate: toGerman,
                });
                const baseline = liveHoverMarkdown(poison(result, 'Plain'), {
                    ...options,
                    translate: toGerman,
                });
                assertInert(built, baseline, ['avalanche.dataApi.setKey']);
            }
        }
    });

    it('writes the offline part in the translator\u2019s words, its own text inert too', () => {
        const german = offline(address, { translate: toGerman }).markdown;
        assert.match(german, /^\*\*EVM\\-Adresse\*\* · EIP\\-55\\-Prüfsumme gültig {2}\n/);
        assert.match(german, /Nachgeschlagen auf C\\-Chain \\\(mainnet\\\)/);
        const hostile: Translate = (template, ...args) =>
            fillTemplate(
                `](command:evil)**<b>\`_ ${template} ![i](https://x.example/) [y](`,
                ...args,
            );
        for (const text of [address, txHash, cChainId, nodeId, pAddress, address.toLowerCase()]) {
            const english = offline(text, { liveOff: 'off' });
            const built = offline(text, { liveOff: 'off', translate: hostile });
            const before = syntaxCounts(english.markdown);
            for (const [c, n] of Object.entries(syntaxCounts(built.markdown))) {
                assert.ok(n <= (before[c] ?? 0), `${c}: ${n}\n${built.markdown}`);
            }
            assert.doesNotMatch(built.markdown, /\]\(command:evil|!\[i\]/);
        }
    });
});
