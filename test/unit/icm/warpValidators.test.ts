/**
 * The validator set behind a Warp message's signer bits: platform.getValidatorsAt in the method
 * table (both answer forms, exact uint64 weights, its height parameter), the sandbox's answer
 * (real BLS keys, the set at a height), the context the aggregated-signatures panel reads from the
 * selected node, and the panel that maps the bits on it.
 */
import * as assert from 'node:assert/strict';

import { MockAgent } from 'undici';

import {
    buildView,
    isRpcError,
    isValidationError,
    NodeRpcClient,
    nodeRpcMethods as m,
    runQuery,
    type QueryDeps,
    type ViewContext,
} from '../../../src/core';
import { DataApiClient } from '../../../src/core/dataApi/dataApiClient';
import { parseJsonExact } from '../../../src/core/http/exactJson';
import { readWarpValidators } from '../../../src/core/query/warpValidators';
import {
    canonicalValidatorSet,
    decodeSignedWarpMessage,
    signerWeights,
    type SignedWarpMessage,
} from '../../../src/core/warp';
import type { DataApiQuery } from '../../../src/shared/query';
import type { Cell, Field } from '../../../src/shared/viewModel';
import { startSandbox } from '../../sandbox';
import { compressedPublicKey } from '../../sandbox/bls';
import { Dataset } from '../../sandbox/dataset';
import { signedConversionMessage } from '../../sandbox/dataApi';
import type { KnownIds, Sandbox } from '../../sandbox/types';

const method = m['platform.getValidatorsAt'];
const keyA = `0x${'a5'.repeat(48)}`;
const keyB = `0x${'85'.repeat(48)}`;

function parse(json: unknown) {
    const parsed = method.resultSchema().safeParse(json);
    if (!parsed.success) assert.fail(JSON.stringify(parsed.error.issues));
    return method.normalize(parsed.data);
}

function shown(cell: Cell | undefined): string | undefined {
    if (!cell) return undefined;
    return 'raw' in cell ? cell.raw : 'text' in cell ? cell.text : undefined;
}

function fieldOf(fields: readonly Field[] | undefined, label: string): Cell | undefined {
    return fields?.find((f) => f.label === label)?.value;
}

describe('(unit) platform.getValidatorsAt in the method table', function () {
    it('reads the map AvalancheGo 1.11+ sends, keys and exact weights, ordered by node id', function () {
        // The weights as json.Uint64 strings, and one as a bare number past 2^53 that only the
        // exact parse keeps.
        const text = `{"NodeID-B":{"publicKey":"${keyB}","weight":"18446744073709551615"},"NodeID-A":{"publicKey":"${keyA}","weight":9007199254740993},"NodeID-C":{"publicKey":null,"weight":"7"}}`;
        assert.deepEqual(parse(parseJsonExact(text)), {
            validators: [
                { nodeId: 'NodeID-A', publicKey: keyA, weight: '9007199254740993' },
                { nodeId: 'NodeID-B', publicKey: keyB, weight: '18446744073709551615' },
                { nodeId: 'NodeID-C', weight: '7' },
            ],
        });
        assert.deepEqual(parse({}), { validators: [] });
    });

    it('reads the older form: the map under "validators", bare weights', function () {
        const text =
            '{"validators":{"NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg":2000000000000000,"NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu":"18446744073709551615","NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ":9007199254740993}}';
        assert.deepEqual(parse(parseJsonExact(text)), {
            validators: [
                { nodeId: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', weight: '2000000000000000' },
                {
                    nodeId: 'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu',
                    weight: '18446744073709551615',
                },
                { nodeId: 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ', weight: '9007199254740993' },
            ],
        });
        assert.deepEqual(parse({ validators: {} }), { validators: [] });
    });

    it('refuses what is neither form', function () {
        for (const bad of [
            { 'NodeID-A': { publicKey: keyA, weight: -1 } },
            { 'NodeID-A': { publicKey: keyA, weight: '1e3' } },
            { 'NodeID-A': { publicKey: keyA } },
            { notANode: { weight: '1' } },
            { validators: { 'NodeID-A': 'x' } },
            { validators: [] },
            [],
            null,
        ]) {
            assert.equal(method.resultSchema().safeParse(bad).success, false, JSON.stringify(bad));
        }
        // zod skips a "__proto__" key rather than assigning it: no validator, no polluted prototype.
        const polluting = parse(JSON.parse('{"__proto__":{"weight":"1"}}'));
        assert.deepEqual(polluting, { validators: [] });
        assert.equal(({} as { weight?: unknown }).weight, undefined);
    });

    it('sends a height or "proposed" and the subnet, checked before sending', function () {
        const subnet = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';
        assert.deepEqual(method.encodeParams({ height: 12 }), { height: '12' });
        assert.deepEqual(method.encodeParams({ height: 'proposed', subnetID: subnet }), {
            height: 'proposed',
            subnetID: subnet,
        });
        assert.deepEqual(method.encodeParams({ height: 2n ** 64n - 2n }), {
            height: '18446744073709551614',
        });
        for (const [params, param] of [
            [{ height: -1 }, /height/],
            [{ height: 'latest' }, /height/],
            // The node's own sentinel for "proposed": it refuses the number.
            [{ height: '18446744073709551615' }, /height/],
            [{}, /height/],
            [{ height: 1, subnetID: 'C' }, /subnetID/],
        ] as const) {
            assert.throws(
                () => method.encodeParams(params as never),
                (error: Error) => isValidationError(error) && param.test(error.message),
                JSON.stringify(params),
            );
        }
        assert.deepEqual(
            method.params.map((p) => [p.name, p.kind, p.optional]),
            [
                ['height', 'heightOrProposed', false],
                ['subnetID', 'cb58Id', true],
            ],
        );
    });
});

describe('(unit) sandbox: platform.getValidatorsAt and its BLS keys', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let node: NodeRpcClient;

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });
    after(async () => {
        await node.close();
        await sandbox.close();
    });

    it('makes keys that are points of G1: the generator and its double, as every library prints them', function () {
        assert.equal(
            compressedPublicKey(0n),
            '0x97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb',
        );
        assert.equal(
            compressedPublicKey(1n),
            '0xa572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e',
        );
    });

    it('answers the primary network and an L1 as getCurrentValidators lists them, with their keys', async function () {
        const { height } = await node.call(m['platform.getHeight'], {});
        for (const subnetID of [undefined, known.l1SubnetId]) {
            const current = await node.call(
                m['platform.getCurrentValidators'],
                subnetID ? { subnetID } : {},
            );
            const at = await node.call(m['platform.getValidatorsAt'], {
                height,
                ...(subnetID ? { subnetID } : {}),
            });
            assert.ok(at.validators.length > 0);
            assert.deepEqual(
                at.validators.map((v) => [v.nodeId, v.weight, v.publicKey]),
                current.validators
                    .map((v) => [v.nodeId, v.weight, v.publicKey])
                    .sort(([a], [b]) => (a! < b! ? -1 : 1)),
            );
            // Every key is a compressed key, so every validator joins the canonical set.
            const set = canonicalValidatorSet(
                at.validators.map((v) => ({ ...v, weight: BigInt(v.weight) })),
            );
            assert.equal(set.validators.length, at.validators.length, String(subnetID));
        }
        const proposed = await node.call(m['platform.getValidatorsAt'], {
            height: 'proposed',
            subnetID: known.l1SubnetId,
        });
        assert.ok(proposed.validators.length > 0);
    });

    it('has no L1 validators before the conversion, and refuses a height past the tip as the node does', async function () {
        const before = await node.call(m['platform.getValidatorsAt'], {
            height: known.l1ConversionHeight - 1,
            subnetID: known.l1SubnetId,
        });
        assert.deepEqual(before.validators, []);
        const { height } = await node.call(m['platform.getHeight'], {});
        const ahead = (BigInt(height) + 5n).toString();
        const error = await node.call(m['platform.getValidatorsAt'], { height: ahead }).then(
            () => assert.fail('expected a refusal'),
            (e: unknown) => e as Error,
        );
        assert.ok(isRpcError(error), String(error));
        assert.match(
            error.message,
            new RegExp(
                `failed to get validator set at ${ahead}: failed to fetch validator set at unfinalized height .*current P-chain height \\(${height}\\) < requested P-Chain height \\(${ahead}\\)`,
            ),
        );
    });

    it('signs its conversions with bits that all name validators of the converted L1', function () {
        const data = new Dataset('mainnet', 1, 'small');
        const index = data.primary.conversionSubnet(data.known.pChainTxHash)!;
        const decoded = decodeSignedWarpMessage(signedConversionMessage(data, index));
        assert.ok(decoded.ok);
        const set = canonicalValidatorSet(
            data.primary.l1Validators(index).map((v) => ({ ...v, weight: v.weight })),
        );
        const weights = signerWeights(decoded.message.signature.signers, set);
        assert.deepEqual(weights.unknownIndices, []);
        assert.equal(weights.signers.length, decoded.message.signature.signerCount);
    });
});

describe('(unit) the signatures panel reads its validator set from the selected node', function () {
    this.timeout(30_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    let dataApi: DataApiClient;
    let node: NodeRpcClient;
    const errors: unknown[] = [];

    const deps = (nodeClient: NodeRpcClient = node): QueryDeps => ({
        dataApi: () => Promise.resolve(dataApi),
        nodeRpc: () => nodeClient,
        contracts: () => Promise.resolve(undefined),
        describeError: (error) => {
            errors.push(error);
            return `described: ${(error as Error).message}`;
        },
    });
    const query = (network: string, txHash: string): DataApiQuery => ({
        source: 'dataApi',
        operation: 'getAggregatedSignatures',
        params: { network, txHash },
    });

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        dataApi = new DataApiClient({ baseUrl: sandbox.dataApiUrl, retry: { maxRetries: 0 } });
        node = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });
    after(async () => {
        await node.close();
        await dataApi.close();
        await sandbox.close();
    });
    beforeEach(() => {
        errors.length = 0;
        sandbox.clearRequests();
    });

    it('maps every signer of a conversion on the converted L1’s set, at the node’s height, and shows it', async function () {
        const request = query('mainnet', known.pChainTxHash);
        const run = await runQuery(request, deps(), { signal: new AbortController().signal });
        // What was asked of the node, in the order the panel needs it.
        const methods = sandbox.requests
            .filter((r) => r.service === 'node')
            .flatMap((r) => r.operations);
        assert.deepEqual([...methods].sort(), [
            'info.getNetworkID',
            'platform.getHeight',
            'platform.getTx',
            'platform.getValidatorsAt',
        ]);
        assert.equal(methods.at(-1), 'platform.getValidatorsAt');
        const got = run.context.warpValidators;
        assert.ok(got && !('error' in got), got && 'error' in got ? got.error : 'no set');
        assert.equal(got.subnetId, known.l1SubnetId);
        assert.equal(got.subnet, `L1 ${known.l1SubnetId}`);
        assert.match(got.reason ?? '', /L1 it is for/);
        const { height } = await node.call(m['platform.getHeight'], {});
        assert.equal(got.height, height);
        const l1 = await node.call(m['platform.getCurrentValidators'], {
            subnetID: known.l1SubnetId,
        });
        assert.deepEqual(
            got.set.validators.flatMap((v) => v.nodeIds).sort(),
            l1.validators.map((v) => v.nodeId).sort(),
        );

        const context: ViewContext = { network: 'mainnet', ...run.context };
        const { view } = buildView(request, run.result, context);
        assert.equal(view.notice, undefined);
        const signers = view.sections.find((s) => s.title.startsWith('Signers ('));
        assert.ok(signers, view.sections.map((s) => s.title).join(', '));
        const count = got.set.validators.length;
        assert.equal(signers.title, `Signers (${count} of ${count} validators with a BLS key)`);
        assert.equal(
            shown(fieldOf(signers.fields, 'Signed weight')),
            shown(fieldOf(signers.fields, 'Total weight')),
        );
        assert.equal(shown(fieldOf(signers.fields, 'Signed share')), '100.00%');
        assert.equal(shown(fieldOf(signers.fields, 'At P-Chain height')), height);
        const set = fieldOf(signers.fields, 'Validator set');
        assert.ok(set?.k === 'id' && set.link, 'links to the L1');
        assert.equal(signers.table?.rows.length, count);
        assert.doesNotMatch(signers.note ?? '', /name no validator/);
    });

    it('a message of another network: says which network the node is on, reads no set', async function () {
        const fuji = sandbox.known.fuji;
        const run = await runQuery(query('fuji', fuji.pChainTxHash), deps(), {
            signal: new AbortController().signal,
        });
        const got = run.context.warpValidators;
        assert.ok(got && 'error' in got);
        assert.equal(
            got.error,
            'the selected node is on network 1 (mainnet) and the message was signed on network 5 (fuji); select a node of that network to see who signed.',
        );
        const methods = sandbox.requests
            .filter((r) => r.service === 'node')
            .flatMap((r) => r.operations);
        assert.ok(!methods.includes('platform.getValidatorsAt'), methods.join(', '));
    });

    it('a node that is down: the panel still shows the message, and says why the signers are bits only', async function () {
        sandbox.settings.nodeDown = true;
        try {
            const request = query('mainnet', known.pChainTxHash);
            const run = await runQuery(request, deps(), { signal: new AbortController().signal });
            const got = run.context.warpValidators;
            assert.ok(got && 'error' in got);
            assert.match(got.error, /^described: /);
            const { view } = buildView(request, run.result, { network: 'mainnet', ...run.context });
            assert.equal(view.notice?.tone, 'warn');
            assert.match(view.notice?.text ?? '', /^Who signed is not shown: described: /);
            assert.ok(
                view.sections.some((s) => s.title === 'P-Chain message: SubnetToL1Conversion'),
            );
        } finally {
            sandbox.settings.nodeDown = false;
        }
    });

    it('finds the signing subnet: an L1 validator’s for its messages, the validating subnet for an L1 chain’s', async function () {
        const mock = new MockAgent();
        mock.disableNetConnect();
        const pool = mock.get('http://node.test');
        const answers: Record<string, unknown> = {
            'info.getNetworkID': { networkID: '5' },
            'platform.getHeight': { height: '900' },
            'platform.getL1Validator': {
                nodeID: 'NodeID-A',
                weight: '1',
                subnetID: known.l1SubnetId,
                height: '900',
            },
            'platform.validatedBy': { subnetID: known.subnetId },
            'platform.getValidatorsAt': {
                'NodeID-A': { publicKey: keyA, weight: '9007199254740993' },
                'NodeID-B': { publicKey: keyB, weight: '1' },
            },
        };
        const asked: { method: string; params: unknown }[] = [];
        pool.intercept({ path: /.*/, method: 'POST' })
            .reply(200, (options) => {
                const body = JSON.parse(options.body as string) as {
                    id: number;
                    method: string;
                    params: unknown;
                };
                asked.push({ method: body.method, params: body.params });
                return { jsonrpc: '2.0', id: body.id, result: answers[body.method] };
            })
            .persist();
        const client = new NodeRpcClient({
            url: 'http://node.test',
            dispatcher: mock,
            retry: { maxRetries: 0 },
        });
        const signal = new AbortController().signal;
        const message = (payload: SignedWarpMessage['payload'], fromPChain: boolean) =>
            ({
                networkId: 5,
                sourceChainId: fromPChain
                    ? '11111111111111111111111111111111LpoYY'
                    : known.l1BlockchainId,
                fromPChain,
                payload,
                signature: {
                    signers: [0],
                    signerCount: 1,
                    signersHex: '0x01',
                    paddedBitSet: false,
                    signature: '0x',
                },
                length: 0,
            }) satisfies SignedWarpMessage;
        try {
            const weight = await readWarpValidators(
                message(
                    {
                        kind: 'AddressedCall',
                        sourceAddress: '0x',
                        payloadLength: 0,
                        message: {
                            kind: 'L1ValidatorWeight',
                            validationId: known.l1ValidationId,
                            nonce: 1n,
                            weight: 1n,
                        },
                    },
                    true,
                ),
                known.pChainTxHash,
                { node: client, describeError: String },
                signal,
            );
            assert.ok(!('error' in weight), 'error' in weight ? weight.error : '');
            assert.equal(weight.subnetId, known.l1SubnetId);
            assert.equal(weight.height, '900');
            assert.equal(weight.set.totalWeight, 2n ** 53n + 2n);
            assert.deepEqual(asked.at(-1), {
                method: 'platform.getValidatorsAt',
                params: { height: '900', subnetID: known.l1SubnetId },
            });

            const fromChain = await readWarpValidators(
                message({ kind: 'Hash', hash: '0x' }, false),
                known.pChainTxHash,
                { node: client, describeError: String },
                signal,
            );
            assert.ok(!('error' in fromChain));
            assert.equal(fromChain.subnet, `subnet ${known.subnetId}`);
            assert.match(fromChain.reason ?? '', /validates the source chain/);
            assert.ok(
                asked.some(
                    (a) =>
                        a.method === 'platform.validatedBy' &&
                        JSON.stringify(a.params) ===
                            JSON.stringify({ blockchainID: known.l1BlockchainId }),
                ),
            );
        } finally {
            await client.close();
            await mock.close();
        }
    });
});
