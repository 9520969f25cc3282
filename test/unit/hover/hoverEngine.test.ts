/**
 * The hover engine (everything a hover does except VS Code) against the sandbox: the offline
 * part's links, the cached path's cost, one request for concurrent hovers, cancellation, calm
 * lines for rate limits and a down node, "Open details", other chains, argument parsing and the
 * checksum fixes of a line.
 */
import * as assert from 'node:assert/strict';

import {
    checksumFixes,
    DataApiClient,
    HoverEngine,
    type HoverEngineHost,
    type HoverNetwork,
    NodeRpcClient,
    parseHoverArg,
    parseIdentifier,
    toChecksumAddress,
    WorkspaceKnowledge,
    directoryWorkspaceFiles,
} from '../../../src/core';
import { type KnownIds, type Sandbox, startSandbox } from '../../sandbox';
import { fixturesDir } from '../../helpers/fixtures';
import { type SharedLookups, sharedLookups } from '../../helpers/sharedLookups';

const commands = {
    copy: 'avalanche.hover.copy',
    openDetails: 'avalanche.hover.openDetails',
    lookUpOnChain: 'avalanche.hover.lookUpOnChain',
    fixChecksum: 'avalanche.hover.fixChecksum',
    setApiKey: 'avalanche.dataApi.setKey',
};
const ours = Object.values(commands);
const place = { uri: 'file:///work/a.sol', line: 3, character: 10 };

function brokenChecksum(good: string): string {
    const i = good.search(/[a-fA-F]/);
    const c = good[i]!;
    const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    return `${good.slice(0, i)}${flipped}${good.slice(i + 1)}`;
}

function id(text: string) {
    const found = parseIdentifier(text);
    assert.ok(found, text);
    return found;
}

describe('(unit) hover engine against the sandbox', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let api: DataApiClient;
    let node: NodeRpcClient;
    let engine: HoverEngine;
    let lookups: SharedLookups;
    let network: HoverNetwork;
    let defaultEvmChain: string;
    let liveKinds: string[];
    let host: HoverEngineHost;

    before(async () => {
        sandbox = await startSandbox({ seed: 3 });
        known = sandbox.known.mainnet;
        api = new DataApiClient({ baseUrl: sandbox.dataApiUrl, retry: { maxRetries: 0 } });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });

    beforeEach(() => {
        sandbox.clearFaults();
        sandbox.clearRequests();
        sandbox.settings.nodeDown = false;
        sandbox.settings.hostile = false;
        network = 'mainnet';
        defaultEvmChain = '';
        liveKinds = ['evmAddress', 'hash32', 'pnAddress', 'nodeId', 'cb58Id'];
        lookups = sharedLookups(
            () => Promise.resolve(api),
            { timeouts: { connectMs: 5000, headersMs: 5000, bodyMs: 5000 } },
            sandbox.nodeUrl,
        );
        host = {
            dataApi: () => Promise.resolve(api),
            nodeRpc: () => node,
            chains: (net, signal) => lookups.chains(net, signal),
            nodeChains: (net, signal) => lookups.nodeChains(net, signal),
            rpcFor: (rpcUrl) => lookups.rpcFor(rpcUrl),
            network: () => network,
            defaultEvmChain: () => defaultEvmChain,
            liveKinds: () => liveKinds,
            explorerUrl: (kind, value, net) =>
                `https://subnets${net === 'fuji' ? '-test' : ''}.avax.network/${kind}/${encodeURIComponent(value)}`,
            commands,
        };
        engine = new HoverEngine(host);
    });

    afterEach(async () => {
        engine.dispose();
        await lookups.close();
    });

    after(async () => {
        await Promise.all([api.close(), node.close()]);
        await sandbox.close();
    });

    function requests(operation: string): number {
        return sandbox.requests.filter((r) => r.operations.includes(operation)).length;
    }

    it('offers copy, details, other chain and the explorer for an address, with our commands only', () => {
        const built = engine.offlineMarkdown(id(known.evmAddress.toLowerCase()), place);
        assert.ok(
            built.markdown.includes(
                `command:avalanche.hover.copy?${encodeURIComponent(JSON.stringify([known.evmAddress]))}`,
            ),
            'copies the EIP-55 form',
        );
        assert.match(built.markdown, /\[Open details\]\(command:avalanche\.hover\.openDetails\?/);
        assert.match(built.markdown, /\[Other chain…\]\(command:avalanche\.hover\.lookUpOnChain\?/);
        assert.ok(
            built.markdown.includes(
                `[Open in explorer](https://subnets.avax.network/c-chain/address/${known.evmAddress})`,
            ),
        );
        assert.deepEqual(
            [...built.commands].sort(),
            [commands.copy, commands.lookUpOnChain, commands.openDetails].sort(),
        );
        const details = /openDetails\?([^ )]+)/.exec(built.markdown)![1]!;
        assert.deepEqual(JSON.parse(decodeURIComponent(details)), [
            { text: known.evmAddress.toLowerCase(), ...place },
        ]);
    });

    it('offers the checksum fix for a broken address and nothing that looks it up', () => {
        const broken = brokenChecksum(known.evmAddress);
        const built = engine.offlineMarkdown(id(broken), place);
        assert.match(built.markdown, /\[Fix checksum\]\(command:avalanche\.hover\.fixChecksum\?/);
        assert.doesNotMatch(built.markdown, /Open details|Other chain|explorer/);
        assert.deepEqual([...built.commands].sort(), [commands.copy, commands.fixChecksum].sort());
        assert.equal(engine.isLive(id(broken)), false);
    });

    it('offers the timeline of an ICM message id this window followed, and of no other hash', () => {
        const messageId = `0x${'ab'.repeat(32)}`;
        const followed = new HoverEngine({
            ...host,
            commands: { ...commands, followIcm: 'avalanche.query.followIcmMessage' },
            icmMessage: (text) => (text === messageId ? '43114' : undefined),
        });
        try {
            const built = followed.offlineMarkdown(id(messageId), place);
            assert.ok(built.commands.includes('avalanche.query.followIcmMessage'));
            const link =
                /\[Follow ICM message\]\(command:avalanche\.query\.followIcmMessage\?([^ )]+)/.exec(
                    built.markdown,
                );
            assert.ok(link, built.markdown);
            assert.deepEqual(JSON.parse(decodeURIComponent(link[1]!)), [
                { chain: '43114', messageId },
            ]);
            const other = followed.offlineMarkdown(id(known.evmTxHash), place).markdown;
            assert.doesNotMatch(other, /Follow ICM message/);
        } finally {
            followed.dispose();
        }
    });

    it('gives each kind its own copy forms and explorer links', () => {
        const hash = engine.offlineMarkdown(id(known.evmTxHash), place).markdown;
        assert.match(hash, /\[Copy cb58\]/);
        assert.doesNotMatch(
            hash,
            /explorer/,
            'a hash is a transaction or a block: the live part links it',
        );
        const cb58 = engine.offlineMarkdown(id(known.l1SubnetId), place).markdown;
        assert.match(cb58, /\[Copy hex\]/);
        assert.doesNotMatch(cb58, /Other chain/);
        const p = engine.offlineMarkdown(id(known.pChainAddress), place).markdown;
        assert.ok(
            p.includes(`(https://subnets.avax.network/p-chain/address/${known.pChainAddress})`),
        );
        const fuji = engine.offlineMarkdown(id(sandbox.known.fuji.xChainAddress), place).markdown;
        assert.match(fuji, /https:\/\/subnets-test\.avax\.network\/x-chain\/address\//);
    });

    it('says when live lookups are off for a kind, and then is not live', () => {
        liveKinds = ['hash32'];
        const built = engine.offlineMarkdown(id(known.evmAddress), place);
        assert.match(built.markdown, /Live lookups are off for this kind/);
        assert.equal(engine.isLive(id(known.evmAddress)), false);
        assert.equal(engine.isLive(id(known.evmTxHash)), true);
    });

    it('answers a cached identifier in well under 2 ms', async () => {
        const tx = id(known.evmTxHash);
        assert.equal(engine.cachedMarkdown(tx), undefined);
        const first = await engine.liveMarkdown(tx, new AbortController().signal);
        assert.ok(first);
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
            const started = performance.now();
            const cached = engine.cachedMarkdown(tx);
            engine.offlineMarkdown(tx, place);
            times.push(performance.now() - started);
            assert.equal(cached?.markdown, first.markdown);
        }
        times.sort((a, b) => a - b);
        assert.ok(times[100]! < 2, `median ${times[100]} ms`);
        assert.equal(requests('getTransaction'), 1);
    });

    it('sends one request for concurrent hovers over one identifier', async () => {
        const hovers = await Promise.all(
            Array.from({ length: 5 }, () =>
                engine.liveMarkdown(id(known.teleporterTxHash), new AbortController().signal),
            ),
        );
        assert.equal(new Set(hovers.map((h) => h?.markdown)).size, 1);
        assert.match(hovers[0]!.markdown, /Teleporter message/);
        assert.equal(requests('getTransaction'), 1);
        assert.equal(engine.stats.shared, 4);
    });

    it('stops the lookup when every hover waiting for it moved on', async () => {
        sandbox.addFault({ fault: { kind: 'latency', ms: 1500 } });
        const a = new AbortController();
        const b = new AbortController();
        const first = engine.liveMarkdown(id(known.evmAddress), a.signal);
        const second = engine.liveMarkdown(id(known.evmAddress), b.signal);
        a.abort();
        b.abort();
        assert.deepEqual(await Promise.all([first, second]), [undefined, undefined]);
        assert.equal(engine.stats.aborted, 1);
        assert.equal(engine.cachedMarkdown(id(known.evmAddress)), undefined);
    });

    it('turns a rate limit into one calm line, then retries in the background when it lifts', async () => {
        // With the node up the chain's JSON-RPC would answer instead (the next test).
        sandbox.settings.nodeDown = true;
        sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 1 },
            target: 'getTransaction',
            times: 1,
        });
        const tx = id(known.evmTxHash);
        const calm = await engine.liveMarkdown(tx, new AbortController().signal);
        assert.equal(
            calm?.markdown,
            '⚠ Data API rate limit reached, retrying in 1 s · [Set an API key for higher limits](command:avalanche.dataApi.setKey)',
        );
        assert.deepEqual(calm.commands, [commands.setApiKey]);
        assert.match(engine.cachedMarkdown(tx)?.markdown ?? '', /rate limit reached/);
        await new Promise((resolve) => setTimeout(resolve, 1400));
        assert.equal(engine.stats.retries, 1);
        assert.match(
            engine.cachedMarkdown(tx)?.markdown ?? '',
            /\*\*Transaction on Avalanche C\\-Chain\*\*/,
        );
        assert.equal(requests('getTransaction'), 2);
    });

    it("answers from the node's JSON-RPC during a Data API rate limit, and says so", async () => {
        sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 1 },
            target: 'getTransaction',
        });
        const built = await engine.liveMarkdown(id(known.evmTxHash), new AbortController().signal);
        const markdown = built?.markdown ?? '';
        assert.ok(
            markdown.includes('**Transaction on Avalanche C\\-Chain** · ✓ success'),
            markdown,
        );
        assert.match(markdown, /Fee [\d\\.]+ AVAX · \d+ logs?/);
        assert.match(
            markdown,
            /_From the node's JSON-RPC \(127\\\.0\\\.0\\\.1\\:\d+, Avalanche C\\-Chain\)/,
        );
        assert.ok(
            markdown.includes(', because the Data API is rate\\-limiting requests \\(429\\)_'),
            markdown,
        );
        assert.ok(requests('eth_getTransactionReceipt') >= 1);
    });

    it('on a local network asks only the node, links no explorer and says where from', async () => {
        network = 'local';
        const address = id(known.evmAddress);
        const offline = engine.offlineMarkdown(address, place).markdown;
        assert.ok(!offline.includes('Open in explorer'), offline);
        assert.match(offline, /Looked up on C\\-Chain \(local\)/);
        const built = await engine.liveMarkdown(address, new AbortController().signal);
        const markdown = built?.markdown ?? '';
        assert.match(markdown, /Balance: [\d,\\.]+ AVAX/);
        assert.match(markdown, /because the Data API does not index local networks_/);
        assert.ok(!markdown.includes('](https://'), markdown);
        assert.equal(
            sandbox.requests.filter((r) => r.service === 'dataApi').length,
            0,
            'no Data API request on local',
        );
        const details = await engine.details(known.evmAddress);
        assert.ok(details && 'json' in details, 'the panels ask the Data API: JSON instead');
    });

    it('shows the parts that worked and a calm note when the node is down', async () => {
        sandbox.settings.nodeDown = true;
        const built = await engine.liveMarkdown(
            id(known.erc20Contract),
            new AbortController().signal,
        );
        assert.match(built?.markdown ?? '', /ERC\\-20 token/);
        assert.match(
            built?.markdown ?? '',
            /⚠ The node cannot be reached .*contract check skipped/,
        );
    });

    it('escapes hostile text from the services', async () => {
        sandbox.settings.hostile = true;
        for (const text of [
            known.evmAddress,
            known.evmTxHash,
            known.l1SubnetId,
            known.l1NodeId,
            known.xAssetId,
        ]) {
            const built = await engine.liveMarkdown(id(text), new AbortController().signal);
            assert.ok(built);
            assert.ok(!/(?<!\\)[<>]/.test(built.markdown), built.markdown.slice(0, 300));
            assert.ok(!built.markdown.includes('!['));
            for (const m of built.markdown.matchAll(/\]\(command:([\w.-]+)/g))
                assert.ok(ours.includes(m[1]!), m[1]);
            for (const c of built.commands) assert.ok(ours.includes(c));
        }
    });

    it('opens the panel that shows each kind, or the live result as JSON', async () => {
        const query = async (text: string) => {
            const details = await engine.details(text);
            assert.ok(
                details && 'query' in details,
                `${text}: ${JSON.stringify(details)?.slice(0, 200)}`,
            );
            return details.query;
        };
        assert.deepEqual(await query(known.evmTxHash), {
            source: 'dataApi',
            operation: 'getTransaction',
            params: { chainId: '43114', txHash: known.evmTxHash },
        });
        const block = await query(known.evmBlockHash);
        assert.ok(block.source === 'dataApi' && block.operation === 'getTransactionsForBlock');
        const address = await query(known.evmAddress);
        assert.ok(address.source === 'dataApi' && address.operation === 'listTransactions');
        const utxos = await query(known.xChainAddress);
        assert.deepEqual(utxos.source === 'dataApi' && utxos.params, {
            network: 'mainnet',
            blockchainId: 'x-chain',
            addresses: known.xChainAddress,
        });
        const validators = await query(known.l1SubnetId);
        assert.deepEqual(validators.source === 'dataApi' && validators.params, {
            network: 'mainnet',
            subnetId: known.l1SubnetId,
        });
        const chain = await engine.details(known.l1BlockchainId);
        assert.ok(chain && 'json' in chain);
        const json = JSON.parse(chain.json) as {
            identifier: { kind: string; start?: number };
            live: { kind: string };
        };
        assert.equal(json.identifier.kind, 'cb58Id');
        assert.equal(json.identifier.start, undefined);
        assert.equal(json.live.kind, 'blockchain');
        assert.equal(await engine.details('not an id'), undefined);
        assert.equal(await engine.details(brokenChecksum(known.evmAddress)), undefined);
    });

    it('looks an identifier up on another chain once one is chosen', async () => {
        const choices = await engine.chainChoices(known.evmAddress);
        assert.equal(choices[0]!.evmChainId, undefined);
        assert.equal(choices[0]!.picked, true);
        const l1 = choices.find((c) => c.evmChainId === known.l1EvmChainId);
        assert.ok(l1);
        const address = id(known.evmAddress);
        const before = engine.keyOf(address);
        engine.chooseChain(known.evmAddress, l1.evmChainId);
        assert.notEqual(engine.keyOf(address), before);
        const result = await engine.load(address);
        assert.ok(result.kind === 'evmAddress' && result.chain.evmChainId === known.l1EvmChainId);
        assert.ok(
            engine
                .offlineMarkdown(address, place)
                .markdown.includes(`Looked up on ${l1.label.replace(/-/g, '\\-')}`),
        );
        assert.equal(
            (await engine.chainChoices(known.evmAddress)).find((c) => c.picked)?.evmChainId,
            known.l1EvmChainId,
        );
        // Other identifiers keep the default; choosing nothing goes back to it.
        assert.equal(engine.evmChainFor(id(known.erc20Contract)), '');
        engine.chooseChain(known.evmAddress, undefined);
        assert.equal(engine.keyOf(address), before);
        defaultEvmChain = known.l1EvmChainId;
        assert.equal(engine.evmChainFor(address), known.l1EvmChainId);
    });

    it('keeps answers per network', () => {
        const hash = id(known.evmTxHash);
        const mainnetKey = engine.keyOf(hash);
        network = 'fuji';
        assert.notEqual(engine.keyOf(hash), mainnetKey);
        assert.equal(engine.cachedMarkdown(hash), undefined);
    });

    it('parses command arguments without trusting them', () => {
        assert.deepEqual(parseHoverArg('0xabc'), { text: '0xabc' });
        assert.deepEqual(parseHoverArg({ text: ' x ', uri: 'file:///a', line: 1, character: 2 }), {
            text: 'x',
            place: { uri: 'file:///a', line: 1, character: 2 },
        });
        assert.deepEqual(parseHoverArg({ text: 'x'.repeat(201) }), {});
        assert.deepEqual(parseHoverArg({ uri: 'file:///a', line: -1, character: 0 }), {});
        assert.deepEqual(parseHoverArg({ uri: 7, line: 1, character: 1 }), {});
        assert.deepEqual(parseHoverArg({ uri: 'file:///a', line: 1.5, character: 1 }), {});
        assert.deepEqual(parseHoverArg(null), {});
        assert.deepEqual(parseHoverArg([1, 2]), {});
    });

    it('finds the checksum fixes of a line, with their offsets', () => {
        const broken = brokenChecksum(known.evmAddress);
        const line = `address a = ${known.evmAddress}; address b = ${broken}; // ${known.evmAddress.toLowerCase()}`;
        const fixes = checksumFixes(line);
        assert.equal(fixes.length, 1);
        const fix = fixes[0]!;
        assert.equal(line.slice(fix.start, fix.end), broken);
        assert.equal(fix.corrected, toChecksumAddress(known.evmAddress));
        assert.deepEqual(checksumFixes('no addresses here'), []);
    });

    /**
     * The Data API client, each of whose calls keeps this thread busy for 60 ms when `busyFor`
     * says so, as a first lookup is while it compiles and runs code for the first time.
     */
    function busyClient(busyFor: (method: string) => boolean): typeof api {
        return new Proxy(api, {
            get(target, key) {
                const value: unknown = Reflect.get(target, key, target);
                if (typeof value !== 'function') return value;
                return (...args: unknown[]): unknown => {
                    if (busyFor(String(key))) {
                        const until = performance.now() + 60;
                        while (performance.now() < until);
                    }
                    return (value as (...a: unknown[]) => unknown).apply(target, args);
                };
            },
        });
    }

    it("asks for the workspace's contracts after a busy first lookup answered, and answers without them", async () => {
        const events: string[] = [];
        const recorded = busyClient((key) => {
            events.push(key);
            // A first lookup is busy compiling and running code for the first time.
            return key === 'listErc20Balances' && !events.includes('answered');
        });
        const indexed = new HoverEngine({
            ...host,
            dataApi: () => Promise.resolve(recorded),
            // An index that never finishes: the answer must not wait for it.
            contracts: () => {
                events.push('contracts');
                return new Promise(() => undefined);
            },
        });
        try {
            const live = await indexed.liveMarkdown(
                id(known.evmAddress),
                new AbortController().signal,
            );
            assert.match(live?.markdown ?? '', /AVAX/);
            events.push('answered');
            // Asked once the thread is idle after the answer.
            for (let i = 0; i < 100 && !events.includes('contracts'); i++)
                await new Promise((resolve) => setTimeout(resolve, 20));
            assert.ok(events.indexOf('contracts') > events.indexOf('answered'), events.join(', '));
            // Later lookups ask once their requests are out, and answer without waiting long.
            events.length = 0;
            indexed.forget();
            await indexed.liveMarkdown(id(known.evmAddress), new AbortController().signal);
            const first = events.indexOf('listErc20Balances');
            assert.ok(first >= 0 && events.indexOf('contracts') > first, events.join(', '));
        } finally {
            indexed.dispose();
        }
    });

    it("an agent's engine asks for the workspace's contracts in its first lookup, busy or not, and names with them", async () => {
        let asked = 0;
        // As busy as a first lookup (the test above), when a hover's engine would wait.
        const busy = busyClient(() => true);
        const indexed = new HoverEngine({
            ...host,
            dataApi: () => Promise.resolve(busy),
            contractsFirst: true,
            contracts: () => {
                asked++;
                return Promise.resolve(undefined);
            },
        });
        try {
            await indexed.liveMarkdown(id(known.evmAddress), new AbortController().signal);
            assert.equal(asked, 1, 'asked before the first answer');
        } finally {
            indexed.dispose();
        }
    });

    it("asks for the workspace's contracts while a first lookup waits on the network", async () => {
        // Clients and schemas in use already, so that the lookup below only waits.
        await engine.liveMarkdown(id(known.evmAddress), new AbortController().signal);
        sandbox.addFault({ fault: { kind: 'latency', ms: 500 } });
        let answered = false;
        let askedBeforeAnswer: boolean | undefined;
        const indexed = new HoverEngine({
            ...host,
            contracts: () => {
                askedBeforeAnswer ??= !answered;
                return new Promise(() => undefined);
            },
        });
        try {
            await indexed.liveMarkdown(id(known.evmAddress), new AbortController().signal);
            answered = true;
            assert.equal(askedBeforeAnswer, true);
        } finally {
            indexed.dispose();
        }
    });

    it('names a contract by its code from the workspace’s artifacts, in cached hovers too', async () => {
        const workspace = new WorkspaceKnowledge(
            directoryWorkspaceFiles(`${fixturesDir}/contracts-workspace`),
        );
        try {
            const knowledge = await workspace.knowledge();
            const named = new HoverEngine({
                ...host,
                contracts: () => Promise.resolve(knowledge),
                contractsNow: () => workspace.knowledgeNow(),
            });
            try {
                const counter = id(known.counterContract);
                const live = await named.liveMarkdown(counter, new AbortController().signal);
                const want =
                    /\*\*Counter\*\* · code matches foundry\/out\/Counter\.sol\/Counter\.json \(Foundry artifact\)/;
                // Markdown escapes are not what a person reads.
                const plain = (md: string | undefined) => (md ?? '').replace(/\\/g, '');
                assert.match(plain(live!.markdown), want);
                assert.match(plain(named.cachedMarkdown(counter)?.markdown), want);
                // The vault's code has its immutables filled in; masked, it is the artifact's.
                const vault = await named.liveMarkdown(
                    id(known.vaultContract),
                    new AbortController().signal,
                );
                assert.match(plain(vault?.markdown), /\*\*ExplorerVault\*\* · code matches/);
                // Without the workspace the same hover names nothing.
                assert.doesNotMatch(engine.cachedMarkdown(counter)?.markdown ?? '', /Counter/);
            } finally {
                named.dispose();
            }
        } finally {
            workspace.dispose();
        }
    });
});
