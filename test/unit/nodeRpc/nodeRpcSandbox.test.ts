import * as assert from 'node:assert/strict';

import { Agent, request, type Dispatcher } from 'undici';

import {
    batchCall,
    isAbortError,
    isHttpError,
    isNetworkError,
    isNodeApiUnavailableError,
    isRateLimitedError,
    isResponseFormatError,
    isRpcError,
    isTimeoutError,
    isValidationError,
    listNodeRpcMethods,
    NodeRpcClient,
    nodeQueries,
    nodeRpcMethods,
    paramsFromText,
    staticChoices,
    type NodeApiUnavailableError,
    type NodeRpcClientOptions,
    type NodeRpcMethod,
    type RpcError,
} from '../../../src/core';
import { DataApiClient } from '../../../src/core/dataApi/dataApiClient';
import { startSandbox } from '../../sandbox';
import type { KnownIds, Sandbox } from '../../sandbox/types';

import { failure } from '../../helpers/failure';

describe('(unit) nodeRpc client against the sandbox node', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let known: KnownIds;
    /** The L1 chain the sandbox node is still bootstrapping. */
    let bootstrappingChain: string;
    let client: NodeRpcClient;
    const extraClients: NodeRpcClient[] = [];

    const nodeRequests = () => sandbox.requests.filter((r) => r.service === 'node');
    const makeClient = (options: Partial<NodeRpcClientOptions> = {}): NodeRpcClient => {
        const made = new NodeRpcClient({
            url: sandbox.nodeUrl,
            retry: { baseDelayMs: 5, maxDelayMs: 20 },
            ...options,
        });
        extraClients.push(made);
        return made;
    };

    before(async () => {
        sandbox = await startSandbox();
        known = sandbox.known.mainnet;
        const chains = await request(`${sandbox.dataApiUrl}/v1/chains?network=mainnet`);
        const list = (await chains.body.json()) as {
            chains: { status: string; platformChainId: string }[];
        };
        const unavailable = list.chains.find((c) => c.status === 'UNAVAILABLE');
        assert.ok(unavailable, 'the sandbox has a chain that is still bootstrapping');
        bootstrappingChain = unavailable.platformChainId;
    });
    after(async () => {
        await sandbox.close();
    });
    beforeEach(() => {
        Object.assign(sandbox.settings, { adminApi: true, publicNode: false, nodeDown: false });
        sandbox.clearFaults();
        sandbox.clearRequests();
        client = makeClient();
    });
    afterEach(async () => {
        await Promise.all(extraClients.splice(0).map((c) => c.close()));
    });

    it('answers every info method consistently with the sandbox ids', async () => {
        const info = nodeRpcMethods;
        assert.deepEqual(await client.call(info['info.getNetworkID'], {}), { networkId: 1 });
        assert.deepEqual(await client.call(info['info.getNetworkName'], {}), {
            networkName: 'mainnet',
        });
        const node = await client.call(info['info.getNodeID'], {});
        assert.equal(node.nodeId, known.nodeId);
        assert.match(node.nodePop?.publicKey ?? '', /^0x[0-9a-f]{96}$/);
        assert.match((await client.call(info['info.getNodeIP'], {})).ip, /^[\d.]+:\d+$/);
        const version = await client.call(info['info.getNodeVersion'], {});
        assert.match(version.version, /^avalanche(go)?\/1\.\d+\.\d+$/);
        assert.equal(typeof version.rpcProtocolVersion, 'number');
        assert.equal((await client.call(info['info.getTxFee'], {})).txFee, '1000000');
        const vms = await client.call(info['info.getVMs'], {});
        assert.ok(vms.vms.some((vm) => vm.aliases.includes('subnet-evm')));
        assert.ok(vms.fxs.some((fx) => fx.names.includes('secp256k1fx')));
        assert.deepEqual(await client.call(info['info.isBootstrapped'], { chain: 'C' }), {
            isBootstrapped: true,
        });
        assert.deepEqual(
            await client.call(info['info.isBootstrapped'], { chain: bootstrappingChain }),
            { isBootstrapped: false },
        );
        assert.deepEqual(await client.call(info['info.getBlockchainID'], { alias: 'C' }), {
            blockchainId: known.cChainBlockchainId,
        });
        const uptime = await client.call(info['info.uptime'], {});
        for (const value of Object.values(uptime)) assert.ok(value > 0 && value <= 100);
        const upgrades = await client.call(info['info.upgrades'], {});
        assert.equal(upgrades.upgrades.at(-1)?.name, 'helicon');
        assert.equal(upgrades.graniteEpochDurationMs, 30_000);
        assert.equal(upgrades.apricotPhase4MinPChainHeight, 793005);
    });

    it('lists peers and filters them by node id', async () => {
        const all = await client.call(nodeRpcMethods['info.peers'], {});
        assert.ok(all.numPeers > 1);
        assert.equal(all.numPeers, all.peers.length);
        const first = all.peers[0];
        assert.ok(first);
        assert.match(first.nodeId, /^NodeID-/);
        assert.equal(typeof first.observedUptime, 'number');
        const one = await client.call(nodeRpcMethods['info.peers'], { nodeIDs: [first.nodeId] });
        assert.deepEqual(one, { numPeers: 1, peers: [first] });
        // ACP weights split the same total stake in every proposal, and supporters are peers.
        const acps = await client.call(nodeRpcMethods['info.acps'], {});
        assert.ok(acps.acps.length > 0);
        const totals = new Set(
            acps.acps.map((a) =>
                String(BigInt(a.supportWeight) + BigInt(a.objectWeight) + BigInt(a.abstainWeight)),
            ),
        );
        assert.equal(totals.size, 1);
        const peerIds = new Set(all.peers.map((p) => p.nodeId));
        for (const acp of acps.acps) for (const id of acp.supporters) assert.ok(peerIds.has(id));
    });

    it('answers every admin method, and the node keeps what they change', async () => {
        const admin = nodeRpcMethods;
        const aliases = await client.call(admin['admin.getChainAliases'], {
            chain: known.xChainId,
        });
        assert.ok(aliases.aliases.includes('X') && aliases.aliases.includes('avm'));
        assert.deepEqual(
            await client.call(admin['admin.aliasChain'], {
                chain: known.cChainBlockchainId,
                alias: 'myC',
            }),
            {},
        );
        const cAliases = await client.call(admin['admin.getChainAliases'], {
            chain: known.cChainBlockchainId,
        });
        assert.ok(cAliases.aliases.includes('myC'));
        assert.deepEqual(await client.call(admin['info.getBlockchainID'], { alias: 'myC' }), {
            blockchainId: known.cChainBlockchainId,
        });
        assert.equal(await client.call(admin.eth_chainId, [], { chain: 'myC' }), 43114);
        assert.deepEqual(
            await client.call(admin['admin.alias'], { endpoint: 'info', alias: 'information' }),
            {},
        );
        assert.deepEqual(await client.callRaw('/ext/information', 'info.getNetworkID', {}), {
            networkID: '1',
        });
        const set = await client.call(admin['admin.setLoggerLevel'], {
            loggerName: 'C',
            logLevel: 'debug',
        });
        assert.equal(set.loggerLevels?.find((l) => l.loggerName === 'C')?.logLevel, 'DEBUG');
        const get = await client.call(admin['admin.getLoggerLevel'], { loggerName: 'C' });
        assert.equal(get.loggerLevels[0]?.logLevel, 'DEBUG');
        const all = await client.call(admin['admin.getLoggerLevel'], {});
        assert.ok(all.loggerLevels.length > 1);
        const loaded = await client.call(admin['admin.loadVMs'], {});
        assert.ok(loaded.newVms.some((vm) => vm.aliases.includes('subnet-evm')));
        assert.deepEqual(loaded.failedVms, []);
        assert.deepEqual(await client.call(admin['admin.loadVMs'], {}), {
            newVms: [],
            failedVms: [],
        });
        assert.deepEqual(await client.call(admin['admin.lockProfile'], {}), {});
        assert.deepEqual(await client.call(admin['admin.memoryProfile'], {}), {});
        assert.deepEqual(await client.call(admin['admin.startCPUProfiler'], {}), {});
        assert.deepEqual(await client.call(admin['admin.stopCPUProfiler'], {}), {});
        const again = (await failure(client.call(admin['admin.stopCPUProfiler'], {}))) as RpcError;
        assert.ok(isRpcError(again));
        assert.equal(
            again.message,
            "admin.stopCPUProfiler failed: cpu profiler doesn't exist (code -32000).",
        );
        assert.equal(again.data, null);
    });

    it('answers the Subnet-EVM methods on the L1', async () => {
        const chain = known.l1BlockchainId;
        assert.equal(
            await client.call(nodeRpcMethods.eth_chainId, [], { chain }),
            Number(known.l1EvmChainId),
        );
        const config = await client.call(nodeRpcMethods.eth_getChainConfig, [], { chain });
        assert.equal(config.chainId, Number(known.l1EvmChainId));
        const fee = await client.call(nodeRpcMethods.eth_feeConfig, [], { chain });
        assert.deepEqual(fee.feeConfig, config.feeConfig);
        assert.deepEqual(
            await client.call(nodeRpcMethods.eth_feeConfig, ['latest'], { chain }),
            fee,
        );
        assert.ok(config.precompileUpgrades.length > 0);
        const upgradeAt = config.precompileUpgrades[0]?.blockTimestamp ?? 0;
        const before = await client.call(nodeRpcMethods.eth_getActiveRulesAt, [upgradeAt - 1], {
            chain,
        });
        const after = await client.call(nodeRpcMethods.eth_getActiveRulesAt, [upgradeAt], {
            chain,
        });
        const name = config.precompileUpgrades[0]?.name ?? '';
        assert.ok(!before.precompiles.some((p) => p.name === name));
        assert.ok(after.precompiles.some((p) => p.name === name && p.timestamp === upgradeAt));
        assert.equal(after.networkRules['IsSubnetEVM'], true);
        const latest = await client.call(nodeRpcMethods.eth_getActiveRulesAt, [], { chain });
        assert.equal(latest.ethRules['IsIstanbul'], true);
        const active = await client.call(nodeRpcMethods.eth_getActivePrecompilesAt, [upgradeAt], {
            chain,
        });
        assert.deepEqual(
            active.precompiles.map((p) => p.name),
            after.precompiles.map((p) => p.name),
        );
        const validators = await client.call(
            nodeRpcMethods['validators.getCurrentValidators'],
            {},
            { chain },
        );
        assert.ok(validators.validators.some((v) => v.nodeId === known.l1NodeId));
        assert.ok(validators.validators.every((v) => /^\d+$/.test(v.weight)));
        const one = await client.call(
            nodeRpcMethods['validators.getCurrentValidators'],
            { nodeIDs: [known.l1NodeId] },
            { chain },
        );
        assert.deepEqual(
            one.validators.map((v) => v.nodeId),
            [known.l1NodeId],
        );
    });

    it('answers the standard eth_* methods on the C-Chain, by alias or id', async () => {
        const byId = { chain: known.cChainBlockchainId };
        const byAlias = { chain: 'C' };
        assert.equal(
            await client.call(nodeRpcMethods.eth_chainId, [], byId),
            Number(known.cChainId),
        );
        const height = await client.call(nodeRpcMethods.eth_blockNumber, [], byAlias);
        assert.ok(height >= Number(known.evmBlockNumber));
        const block = await client.call(
            nodeRpcMethods.eth_getBlockByNumber,
            [Number(known.evmBlockNumber)],
            byAlias,
        );
        assert.equal(block?.hash, known.evmBlockHash);
        assert.equal(block?.number, Number(known.evmBlockNumber));
        const full = await client.call(
            nodeRpcMethods.eth_getBlockByNumber,
            [`0x${Number(known.evmBlockNumber).toString(16)}`, true],
            byAlias,
        );
        assert.deepEqual(
            full?.transactions?.map((t) => t.hash),
            block?.transactionHashes,
        );
        assert.equal(
            await client.call(nodeRpcMethods.eth_getBlockByNumber, [height + 1000], byAlias),
            null,
        );
        const tx = await client.call(
            nodeRpcMethods.eth_getTransactionByHash,
            [known.evmTxHash],
            byAlias,
        );
        assert.equal(tx?.hash, known.evmTxHash);
        const receipt = await client.call(
            nodeRpcMethods.eth_getTransactionReceipt,
            [known.evmTxHash],
            byAlias,
        );
        assert.equal(receipt?.transactionHash, known.evmTxHash);
        assert.equal(receipt?.blockNumber, tx?.blockNumber);
        assert.ok(receipt?.status === 'success' || receipt?.status === 'failed');
        const missing = `0x${'0'.repeat(63)}1`;
        assert.equal(
            await client.call(nodeRpcMethods.eth_getTransactionByHash, [missing], byAlias),
            null,
        );
        assert.equal(
            await client.call(nodeRpcMethods.eth_getTransactionReceipt, [missing], byAlias),
            null,
        );
        const balance = await client.call(
            nodeRpcMethods.eth_getBalance,
            [known.evmAddress],
            byAlias,
        );
        assert.match(balance, /^\d+$/);
        const code = await client.call(
            nodeRpcMethods.eth_getCode,
            [known.erc20Contract, 'latest'],
            byAlias,
        );
        assert.match(code, /^0x([0-9a-f]{2})+$/);
        assert.equal(
            await client.call(nodeRpcMethods.eth_getCode, [known.evmAddress], byAlias),
            '0x',
        );
        const config = await client.call(nodeRpcMethods.eth_getChainConfig, [], byAlias);
        assert.equal(config.chainId, 43114);
        assert.equal(config.feeConfig, undefined);
        assert.ok(
            config.forks.some((f) => f.key === 'durangoBlockTimestamp' && f.kind === 'timestamp'),
        );
    });

    it('says which methods a chain does not offer', async () => {
        // Coreth has none of Subnet-EVM's extras, and no validators API (as a real node answers).
        for (const method of [
            nodeRpcMethods.eth_feeConfig,
            nodeRpcMethods.eth_getActivePrecompilesAt,
            nodeRpcMethods.eth_getActiveRulesAt,
        ]) {
            const error = await failure(client.call(method, [], { chain: 'C' }));
            assert.ok(isRpcError(error));
            assert.equal(error.code, -32601);
            assert.equal(
                error.message,
                `This node does not offer ${method.name} (it exists only on Subnet-EVM chains, not on the C-Chain).`,
            );
        }
        const validators = await failure(
            client.call(nodeRpcMethods['validators.getCurrentValidators'], {}, { chain: 'C' }),
        );
        assert.ok(isNodeApiUnavailableError(validators));
        assert.match(validators.message, /^The node has no validators API for chain C /);
        const raw = await failure(client.callRaw('/ext/info', 'info.fooBar', {}));
        assert.ok(isRpcError(raw));
        assert.match(raw.message, /^This node does not offer info\.fooBar/);
        const upper = await failure(client.callRaw('/ext/info', 'info.GetNodeID', {}));
        assert.match(upper.message, /lower-case letter after the dot/);
        const wrongService = await failure(client.callRaw('/ext/info', 'admin.lockProfile', {}));
        assert.match(wrongService.message, /^This node does not offer admin\.lockProfile/);
    });

    it('sends a batch as one request and settles each call on its own', async () => {
        const results = await client.batch(
            [
                batchCall(nodeRpcMethods.eth_chainId, []),
                batchCall(nodeRpcMethods.eth_getBlockByNumber, [Number(known.evmBlockNumber)]),
                batchCall(nodeRpcMethods.eth_getBalance, ['0xnot-an-address']),
                batchCall(nodeRpcMethods.eth_feeConfig, []),
                { method: 'eth_gasPrice', params: [] },
            ],
            { chain: 'C' },
        );
        const requests = nodeRequests();
        assert.equal(requests.length, 1);
        assert.deepEqual(requests[0]?.operations, [
            'eth_chainId',
            'eth_getBlockByNumber',
            'eth_feeConfig',
            'eth_gasPrice',
        ]);
        assert.deepEqual(results[0], { status: 'fulfilled', value: 43114 });
        assert.equal(
            results[1].status === 'fulfilled' && results[1].value?.hash,
            known.evmBlockHash,
        );
        assert.ok(results[2].status === 'rejected' && isValidationError(results[2].reason));
        assert.ok(results[3].status === 'rejected' && isRpcError(results[3].reason));
        assert.ok(
            results[4].status === 'fulfilled' && /^0x[0-9a-f]+$/.test(String(results[4].value)),
        );
        const info = await client.batch([
            batchCall(nodeRpcMethods['info.getNetworkID'], {}),
            batchCall(nodeRpcMethods['info.getNodeID'], {}),
            batchCall(nodeRpcMethods['info.isBootstrapped'], { chain: 'Q' }),
        ]);
        assert.deepEqual(info[0], { status: 'fulfilled', value: { networkId: 1 } });
        assert.equal(info[1].status === 'fulfilled' && info[1].value.nodeId, known.nodeId);
        assert.ok(info[2].status === 'rejected' && isRpcError(info[2].reason));
        assert.match(
            info[2].status === 'rejected' ? info[2].reason.message : '',
            /there is no chain with alias\/ID 'Q'/,
        );
        // One array to /rpc, then three single requests: /ext/info takes no batch.
        assert.equal(nodeRequests().length, 4);
    });

    it('reads the P- and X-Chain APIs one request at a time, agreeing with the Data API', async () => {
        const p = nodeRpcMethods;
        const results = await client.batch([
            batchCall(p['platform.getHeight'], {}),
            batchCall(p['platform.getSubnet'], { subnetID: known.l1SubnetId }),
            batchCall(p['platform.getCurrentValidators'], { subnetID: known.l1SubnetId }),
            batchCall(p['platform.getTx'], { txID: known.pChainTxHash }),
            batchCall(p['platform.getL1Validator'], { validationID: known.l1ValidationId }),
        ]);
        // /ext/bc/P takes no batch, as on a real node: five single requests.
        assert.equal(nodeRequests().length, 5);
        assert.ok(nodeRequests().every((r) => r.url === '/ext/bc/P'));
        const [height, subnet, validators, tx, l1Validator] = results.map((r) => {
            assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
            return r.status === 'fulfilled' ? r.value : undefined;
        }) as [
            { height: string },
            { isL1: boolean },
            { validators: { validationId?: string; nodeId: string }[] },
            { typeName: string; subnetId?: string },
            { subnetId: string; validator: { nodeId: string } },
        ];
        assert.match(height.height, /^\d+$/);
        assert.equal(subnet.isL1, true);
        assert.equal(tx.typeName, 'ConvertSubnetToL1Tx');
        assert.equal(tx.subnetId, known.l1SubnetId);
        assert.equal(l1Validator.subnetId, known.l1SubnetId);
        assert.equal(l1Validator.validator.nodeId, known.l1NodeId);
        assert.ok(validators.validators.some((v) => v.validationId === known.l1ValidationId));
        // The Data API of the same sandbox lists the same L1 validators; the node lists the
        // inactive ones (no balance left) among its current validators too.
        const data = await request(
            `${sandbox.dataApiUrl}/v1/networks/mainnet/l1Validators?subnetId=${known.l1SubnetId}&includeInactiveL1Validators=true&pageSize=100`,
        );
        const listed = (await data.body.json()) as { validators: { validationId: string }[] };
        assert.deepEqual(
            listed.validators.map((v) => v.validationId).sort(),
            validators.validators.map((v) => v.validationId).sort(),
        );
        const x = await client.call(p['avm.getAssetDescription'], { assetID: 'AVAX' });
        assert.equal(x.symbol, 'AVAX');
        const balance = await client.call(p['avm.getBalance'], {
            address: known.xChainAddress,
            assetID: known.avaxAssetId,
        });
        assert.match(balance.balance, /^\d+$/);
    });

    it('rejects every invalid call before anything is sent', async () => {
        const address = known.evmAddress;
        const bad: [NodeRpcMethod, unknown, { chain?: string }][] = [
            [nodeRpcMethods['admin.alias'], { endpoint: 'info', alias: 'a'.repeat(513) }, {}],
            [nodeRpcMethods['admin.alias'], { endpoint: 'info', alias: '' }, {}],
            [nodeRpcMethods['admin.alias'], { endpoint: '', alias: 'x' }, {}],
            [nodeRpcMethods['admin.aliasChain'], { chain: 'C', alias: 'b'.repeat(513) }, {}],
            [nodeRpcMethods['admin.setLoggerLevel'], { loggerName: 'C' }, {}],
            [nodeRpcMethods['admin.setLoggerLevel'], { logLevel: 'NOISY' }, {}],
            [nodeRpcMethods['admin.setLoggerLevel'], { displayLevel: '' }, {}],
            [
                nodeRpcMethods['admin.getChainAliases'],
                { chain: `${known.xChainId.slice(0, -1)}X` },
                {},
            ],
            [nodeRpcMethods['info.isBootstrapped'], { chain: 'X/../admin' }, {}],
            [nodeRpcMethods['info.peers'], { nodeIDs: [known.nodeId.slice(0, -1)] }, {}],
            [nodeRpcMethods['info.peers'], { nodeIDs: ['74rkKpWj2jSCcb9mXsoMy8gjQXvoZhtCy'] }, {}],
            [
                nodeRpcMethods['validators.getCurrentValidators'],
                { nodeIDs: ['NodeID-x'] },
                { chain: 'C' },
            ],
            [nodeRpcMethods.eth_getBalance, [address.slice(0, 41)], { chain: 'C' }],
            [nodeRpcMethods.eth_getBalance, [address, '0x0a'], { chain: 'C' }],
            [nodeRpcMethods.eth_getBalance, [address, -1], { chain: 'C' }],
            [nodeRpcMethods.eth_getCode, [address, 'newest'], { chain: 'C' }],
            [
                nodeRpcMethods.eth_getTransactionByHash,
                [known.evmTxHash.slice(0, 65)],
                { chain: 'C' },
            ],
            [nodeRpcMethods.eth_getTransactionReceipt, ['0x'], { chain: 'C' }],
            [nodeRpcMethods.eth_getBlockByNumber, [1.5], { chain: 'C' }],
            [nodeRpcMethods.eth_getActiveRulesAt, [-1], { chain: known.l1BlockchainId }],
            [nodeRpcMethods.eth_getActivePrecompilesAt, [2.5], { chain: known.l1BlockchainId }],
            [nodeRpcMethods.eth_feeConfig, ['0x'], { chain: known.l1BlockchainId }],
            [nodeRpcMethods.eth_chainId, [], {}],
            [
                nodeRpcMethods.eth_chainId,
                [],
                { chain: `${known.cChainBlockchainId.slice(0, -1)}6` },
            ],
            [nodeRpcMethods.eth_chainId, [], { chain: 'C?x=1' }],
        ];
        for (const [method, params, options] of bad) {
            const error = await failure(client.call(method, params, options));
            assert.ok(
                isValidationError(error),
                `${method.name} ${JSON.stringify(params)}: ${error.message}`,
            );
            assert.match(error.message, /^Invalid .+ is not allowed; expected .+\.$/);
        }
        const raw = await failure(client.callRaw('/ext/../ext/admin', 'admin.lockProfile', {}));
        assert.ok(isValidationError(raw));
        const batch = await client.batch([
            batchCall(nodeRpcMethods['info.peers'], { nodeIDs: ['x'] }),
        ]);
        assert.ok(batch[0].status === 'rejected' && isValidationError(batch[0].reason));
        assert.equal(nodeRequests().length, 0);
    });

    it('explains a disabled admin API, while info keeps working', async () => {
        sandbox.settings.adminApi = false;
        for (const method of listNodeRpcMethods().filter((m) => m.endpoint === 'admin')) {
            // Params that pass the client-side checks, so that the request reaches the node.
            const params: unknown =
                method.name === 'admin.setLoggerLevel'
                    ? { logLevel: 'INFO' }
                    : method.name === 'admin.alias'
                      ? { endpoint: 'info', alias: 'i2' }
                      : method.name === 'admin.aliasChain'
                        ? { chain: 'C', alias: 'c2' }
                        : method.name === 'admin.getChainAliases'
                          ? { chain: known.cChainBlockchainId }
                          : {};
            const error = (await failure(
                client.call(method, params as never),
            )) as NodeApiUnavailableError;
            assert.ok(isNodeApiUnavailableError(error), method.name);
            assert.equal(error.reason, 'adminDisabled');
            assert.equal(error.status, 404);
            assert.equal(
                error.message,
                'The admin API is disabled on this node: start it with --api-admin-enabled=true.',
            );
        }
        // Node-changing admin calls are not retried: one request each.
        assert.equal(nodeRequests().length, 10);
        assert.deepEqual(await client.call(nodeRpcMethods['info.getNetworkID'], {}), {
            networkId: 1,
        });
    });

    it('explains public-server refusals', async () => {
        sandbox.settings.publicNode = true;
        for (const name of ['info.getNodeID', 'info.getNodeIP', 'info.getVMs'] as const) {
            const error = (await failure(
                client.call(nodeRpcMethods[name], {}),
            )) as NodeApiUnavailableError;
            assert.ok(isNodeApiUnavailableError(error), name);
            assert.equal(error.reason, 'publicServer');
            assert.equal(
                error.message,
                `Public API servers do not offer ${name}; connect to your own node to see it.`,
            );
        }
        const admin = (await failure(
            client.call(nodeRpcMethods['admin.lockProfile'], {}),
        )) as NodeApiUnavailableError;
        assert.equal(admin.reason, 'adminDisabled');
        assert.deepEqual(await client.call(nodeRpcMethods['info.getNetworkName'], {}), {
            networkName: 'mainnet',
        });
        assert.equal(await client.call(nodeRpcMethods.eth_chainId, [], { chain: 'C' }), 43114);
    });

    it('explains a chain that is bootstrapping, unknown or not tracked', async () => {
        const error = (await failure(
            client.call(nodeRpcMethods.eth_blockNumber, [], { chain: bootstrappingChain }),
        )) as NodeApiUnavailableError;
        assert.ok(isNodeApiUnavailableError(error));
        assert.equal(error.reason, 'bootstrapping');
        assert.equal(error.status, 503);
        assert.equal(
            error.message,
            `${bootstrappingChain} is still bootstrapping on this node; try again when it is done.`,
        );
        // Bootstrapping lasts minutes: the refusal is not retried like a passing 503.
        assert.equal(nodeRequests().length, 1);
        const validators = (await failure(
            client.call(
                nodeRpcMethods['validators.getCurrentValidators'],
                {},
                { chain: bootstrappingChain },
            ),
        )) as NodeApiUnavailableError;
        assert.equal(validators.reason, 'bootstrapping');
        // Fuji's C-Chain is a valid id this mainnet node does not track.
        const fujiC = 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp';
        for (const chain of [fujiC, 'nope']) {
            const missing = (await failure(
                client.call(nodeRpcMethods.eth_chainId, [], { chain }),
            )) as NodeApiUnavailableError;
            assert.ok(isNodeApiUnavailableError(missing), chain);
            assert.equal(missing.reason, 'notFound');
            assert.equal(missing.message, `The node has no chain ${chain} (or it is not tracked).`);
        }
    });

    it('explains 405 and 415 when something between client and node rewrites the request', async () => {
        const rewriting = (
            rewrite: (opts: Dispatcher.DispatchOptions) => Dispatcher.DispatchOptions,
        ): Dispatcher =>
            new Agent().compose((dispatch) => (opts, handler) => dispatch(rewrite(opts), handler));
        const putting = rewriting((opts) => ({ ...opts, method: 'PUT' }));
        const retyping = rewriting((opts) => ({
            ...opts,
            headers: { ...(opts.headers as Record<string, string>), 'content-type': 'text/plain' },
        }));
        try {
            const methodError = (await failure(
                makeClient({ dispatcher: putting }).call(nodeRpcMethods['info.getNetworkID'], {}),
            )) as NodeApiUnavailableError;
            assert.equal(methodError.reason, 'methodNotAllowed');
            assert.equal(methodError.status, 405);
            const typeError = (await failure(
                makeClient({ dispatcher: retyping }).call(nodeRpcMethods.eth_chainId, [], {
                    chain: 'C',
                }),
            )) as NodeApiUnavailableError;
            assert.equal(typeError.reason, 'unsupportedMediaType');
            assert.equal(typeError.status, 415);
            assert.match(typeError.message, /expects application\/json/);
        } finally {
            await Promise.all([putting.close(), retyping.close()]);
        }
    });

    it('turns a slow node into a TimeoutError', async () => {
        sandbox.addFault({
            fault: { kind: 'latency', ms: 2_000 },
            target: 'info.peers',
            service: 'node',
        });
        const quick = makeClient({ timeouts: { headersMs: 200 } });
        const started = Date.now();
        const error = await failure(quick.call(nodeRpcMethods['info.peers'], {}));
        assert.ok(isTimeoutError(error), error.message);
        assert.equal(error.phase, 'headers');
        assert.match(error.message, /did not answer in time/);
        assert.ok(Date.now() - started < 1_500);
        // Other methods are not affected by the fault.
        assert.deepEqual(await quick.call(nodeRpcMethods['info.getNetworkID'], {}), {
            networkId: 1,
        });
    });

    it('turns resets and truncated answers into NetworkError, and retries only read-only methods', async () => {
        const once = makeClient({ retry: { maxRetries: 0 } });
        sandbox.addFault({
            fault: { kind: 'reset' },
            target: 'info.getNetworkName',
            service: 'node',
        });
        const reset = await failure(once.call(nodeRpcMethods['info.getNetworkName'], {}));
        assert.ok(isNetworkError(reset), reset.message);
        sandbox.clearFaults();
        sandbox.addFault({
            fault: { kind: 'truncate' },
            target: 'info.getNodeVersion',
            service: 'node',
        });
        const truncated = await failure(once.call(nodeRpcMethods['info.getNodeVersion'], {}));
        assert.ok(isNetworkError(truncated), truncated.message);
        assert.match(truncated.message, /closed before the answer was complete/);
        sandbox.clearFaults();
        sandbox.clearRequests();
        // One reset: the read-only call is sent again and succeeds; the node-changing one is not.
        sandbox.addFault({
            fault: { kind: 'reset' },
            target: 'info.getNetworkName',
            service: 'node',
            times: 1,
        });
        sandbox.addFault({
            fault: { kind: 'reset' },
            target: 'admin.memoryProfile',
            service: 'node',
            times: 1,
        });
        assert.deepEqual(await client.call(nodeRpcMethods['info.getNetworkName'], {}), {
            networkName: 'mainnet',
        });
        const profile = await failure(client.call(nodeRpcMethods['admin.memoryProfile'], {}));
        assert.ok(isNetworkError(profile));
        assert.deepEqual(
            nodeRequests().map((r) => r.operations[0]),
            ['info.getNetworkName', 'info.getNetworkName', 'admin.memoryProfile'],
        );
    });

    it('turns corrupt and misshapen answers into ResponseFormatError', async () => {
        sandbox.addFault({
            fault: { kind: 'invalidJson' },
            target: 'info.upgrades',
            service: 'node',
        });
        const invalid = await failure(client.call(nodeRpcMethods['info.upgrades'], {}));
        assert.ok(isResponseFormatError(invalid));
        assert.match(invalid.message, /not valid JSON/);
        sandbox.addFault({
            fault: { kind: 'schemaBreak' },
            target: 'info.getNodeVersion',
            service: 'node',
        });
        const broken = await failure(client.call(nodeRpcMethods['info.getNodeVersion'], {}));
        assert.ok(isResponseFormatError(broken), broken.message);
        assert.match(broken.message, /info\.getNodeVersion has an unexpected shape/);
        assert.ok(broken.issues.length > 0);
        assert.equal(broken.url, `${sandbox.nodeUrl}/ext/info`);
        sandbox.addFault({
            fault: { kind: 'schemaBreak' },
            target: 'eth_blockNumber',
            service: 'node',
        });
        const evm = await failure(client.call(nodeRpcMethods.eth_blockNumber, [], { chain: 'C' }));
        assert.ok(isResponseFormatError(evm), evm.message);
    });

    it('turns 429, 500, 502 and 503 into HTTP errors after bounded retries', async () => {
        sandbox.addFault({
            fault: { kind: 'status', status: 500 },
            target: 'info.uptime',
            service: 'node',
        });
        const internal = await failure(client.call(nodeRpcMethods['info.uptime'], {}));
        assert.ok(isHttpError(internal));
        assert.equal(internal.status, 500);
        assert.match(internal.message, /node had an internal error/);
        for (const status of [502, 503] as const) {
            sandbox.clearFaults();
            sandbox.clearRequests();
            sandbox.addFault({
                fault: { kind: 'status', status },
                target: 'info.acps',
                service: 'node',
            });
            const error = await failure(client.call(nodeRpcMethods['info.acps'], {}));
            assert.ok(isHttpError(error) && !isNodeApiUnavailableError(error));
            assert.equal(error.status, status);
            assert.match(error.message, /temporarily unavailable/);
            assert.equal(nodeRequests().length, 4, 'first attempt and three retries');
            sandbox.clearFaults();
            sandbox.addFault({
                fault: { kind: 'status', status },
                target: 'info.acps',
                service: 'node',
                times: 1,
            });
            assert.ok((await client.call(nodeRpcMethods['info.acps'], {})).acps.length > 0);
        }
        sandbox.clearFaults();
        sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 7 },
            target: 'info.peers',
            service: 'node',
        });
        const limited = await failure(client.call(nodeRpcMethods['info.peers'], {}));
        assert.ok(isRateLimitedError(limited));
        assert.equal(limited.retryAfterMs, 7_000);
    });

    it('cancels through an AbortSignal, sending nothing when already aborted', async () => {
        sandbox.addFault({
            fault: { kind: 'latency', ms: 3_000 },
            target: 'info.peers',
            service: 'node',
        });
        const controller = new AbortController();
        const started = Date.now();
        const pending = client.call(
            nodeRpcMethods['info.peers'],
            {},
            { signal: controller.signal },
        );
        setTimeout(() => controller.abort(), 100);
        const error = await failure(pending);
        assert.ok(isAbortError(error), error.message);
        assert.ok(Date.now() - started < 1_500);
        sandbox.clearRequests();
        const aborted = AbortSignal.abort();
        assert.ok(
            isAbortError(
                await failure(
                    client.call(nodeRpcMethods['info.getNetworkID'], {}, { signal: aborted }),
                ),
            ),
        );
        assert.ok(
            isAbortError(
                await failure(
                    client.callRaw('/ext/info', 'info.getNetworkID', {}, { signal: aborted }),
                ),
            ),
        );
        assert.ok(
            isAbortError(
                await failure(
                    client.batch([batchCall(nodeRpcMethods.eth_chainId, [])], {
                        chain: 'C',
                        signal: aborted,
                    }),
                ),
            ),
        );
        assert.equal(nodeRequests().length, 0);
    });

    it('explains a node that is down', async () => {
        sandbox.settings.nodeDown = true;
        const error = await failure(
            makeClient({ retry: { maxRetries: 0 } }).call(nodeRpcMethods['info.getNetworkID'], {}),
        );
        assert.ok(isNetworkError(error), error.message);
        assert.ok(error.message.includes(new URL(sandbox.nodeUrl).origin), error.message);
    });

    it('never sends the Data API key to the node', async () => {
        const key = 'sandbox-key-0123456789abcdef';
        sandbox.settings.requireApiKey = key;
        const dataApi = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            apiKey: key,
        });
        try {
            await Promise.all([
                dataApi.supportedChains({ network: 'mainnet' }),
                client.call(nodeRpcMethods['info.getNetworkID'], {}),
                client.call(nodeRpcMethods.eth_blockNumber, [], { chain: 'C' }),
                client.batch([batchCall(nodeRpcMethods['info.peers'], {})]),
                client.callRaw('/ext/info', 'info.getNodeVersion', {}),
            ]);
        } finally {
            sandbox.settings.requireApiKey = undefined;
            await dataApi.close();
        }
        const keyed = sandbox.requests.filter((r) => r.service === 'dataApi');
        assert.ok(
            keyed.some((r) => r.headers['x-glacier-api-key'] === key),
            'the key did reach the Data API',
        );
        const node = nodeRequests();
        assert.equal(node.length, 4);
        for (const recorded of node) {
            assert.equal(recorded.headers['x-glacier-api-key'], undefined);
            for (const value of Object.values(recorded.headers)) {
                assert.ok(!String(value).includes(key));
            }
            assert.equal(recorded.method, 'POST');
            assert.match(String(recorded.headers['content-type']), /^application\/json/);
        }
    });
});

describe('(unit) node palette choices against the sandbox node', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let client: NodeRpcClient;
    before(async () => {
        sandbox = await startSandbox();
        client = new NodeRpcClient({ url: sandbox.nodeUrl, retry: { maxRetries: 0 } });
    });
    after(async () => {
        await client.close();
        await sandbox.close();
    });

    // The sandbox answers as a real AvalancheGo 1.14.2 does (test/unit/sandbox/sandbox.realnode.test.ts):
    // it refuses an alias in admin.getChainAliases, so the C/X/P pick that method once offered
    // fails here as it failed on every real node.
    it('every choice a node query offers for a parameter is one the node takes', async () => {
        let alias = 0;
        const samples: Record<string, () => string> = {
            alias: () => `pick${++alias}`,
            endpoint: () => 'info',
            block: () => '0',
            address: () => '0x0000000000000000000000000000000000000001',
            hash: () => `0x${'00'.repeat(32)}`,
        };
        let tried = 0;
        for (const entry of nodeQueries()) {
            const method = nodeRpcMethods[entry.method as keyof typeof nodeRpcMethods];
            for (const prompt of entry.prompts) {
                if (prompt.name === 'rpcChain') continue;
                for (const choice of staticChoices(prompt.kind)) {
                    const texts: Record<string, string> = { [prompt.name]: choice.value };
                    for (const other of entry.prompts) {
                        if (other.optional || other.name in texts || other.name === 'rpcChain')
                            continue;
                        const sample = samples[other.name];
                        assert.ok(sample, `${entry.method}: no sample for ${other.name}`);
                        texts[other.name] = sample();
                    }
                    const params = paramsFromText(method as NodeRpcMethod<string, unknown>, texts);
                    const outcome = await client
                        .call(
                            method as NodeRpcMethod<string, unknown>,
                            params,
                            entry.needsChain ? { chain: 'C' } : {},
                        )
                        .then(
                            () => 'ok',
                            (error: Error) => `${error.name}: ${error.message}`,
                        );
                    assert.equal(
                        outcome,
                        'ok',
                        `${entry.method} with ${prompt.name} = ${choice.value}`,
                    );
                    tried++;
                }
            }
        }
        assert.ok(tried >= 10, `${tried} choices tried`);
    });

    it('admin.getChainAliases: an alias is refused before sending, with what to send instead', async () => {
        sandbox.clearRequests();
        const error = await failure(
            client.call(nodeRpcMethods['admin.getChainAliases'], { chain: 'C' }),
        );
        assert.ok(isValidationError(error), `${error.name}: ${error.message}`);
        assert.equal(
            error.message,
            'Invalid chain: "C" is not allowed; expected a blockchain id (cb58): this method takes no alias such as C, X or P; info.getBlockchainID gives the id of an alias.',
        );
        assert.equal(sandbox.requests.filter((r) => r.service === 'node').length, 0);
        const entry = nodeQueries().find((e) => e.method === 'admin.getChainAliases');
        assert.deepEqual(
            entry?.prompts.map((p) => p.kind),
            ['cb58Id'],
        );
        const { aliases } = await client.call(nodeRpcMethods['admin.getChainAliases'], {
            chain: sandbox.known.mainnet.xChainId,
        });
        assert.ok(aliases.includes('X'), aliases.join(', '));
    });
});
