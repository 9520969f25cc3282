/**
 * The query command tables against the client and the command ids: one command per Data API
 * operation and per node method, prompts that name real parameters, ids that the manifest check
 * accepts, and titles that read well in the palette.
 */
import * as assert from 'node:assert/strict';

import {
    DataApiQueryCommandId,
    NodeQueryCommandId,
    QueryCommandId,
    queryInternalCommandIds,
} from '../../../src/commands/queryCommandIds';
import { CommandId, internalCommandIds } from '../../../src/commands/commandIds';
import {
    chainPrompt,
    dataApiOperations,
    dataApiQueries,
    dataApiQuery,
    dataApiQueryByCommand,
    listNodeRpcMethods,
    nodeMethodCommandName,
    nodeQueries,
    nodeQuery,
    nodeQueryByCommand,
    operationParams,
    pickKinds,
    rawMethodMayChange,
} from '../../../src/core';

describe('(unit) query tables', () => {
    it('has exactly one Data API command per operation of the client, in document order', () => {
        assert.deepEqual(
            [...dataApiQueries.map((e) => e.operation)].sort(),
            [...dataApiOperations].sort(),
        );
        assert.equal(new Set(dataApiQueries.map((e) => e.commandId)).size, dataApiQueries.length);
        for (const entry of dataApiQueries) {
            assert.equal(dataApiQuery(entry.operation), entry);
            assert.equal(dataApiQueryByCommand(entry.commandId), entry);
        }
    });

    it('has one node command per method of the method table', () => {
        const methods = listNodeRpcMethods().map((m) => m.name);
        assert.equal(methods.length, 70);
        assert.deepEqual(
            nodeQueries().map((e) => e.method),
            methods,
        );
        for (const entry of nodeQueries()) {
            assert.equal(nodeQuery(entry.method), entry);
            assert.equal(nodeQueryByCommand(entry.commandId), entry);
            assert.equal(
                entry.commandId,
                `avalanche.nodeRpc.${nodeMethodCommandName(entry.method)}`,
            );
        }
        assert.equal(nodeMethodCommandName('info.getNodeID'), 'infoGetNodeID');
        assert.equal(nodeMethodCommandName('eth_getBalance'), 'ethGetBalance');
    });

    it('the command ids of the tables are exactly those of queryCommandIds.ts, in CommandId', () => {
        assert.deepEqual(
            Object.values(DataApiQueryCommandId).sort(),
            dataApiQueries.map((e) => e.commandId).sort(),
        );
        assert.deepEqual(
            Object.values(NodeQueryCommandId).sort(),
            nodeQueries()
                .map((e) => e.commandId)
                .sort(),
        );
        const all = Object.values(CommandId) as string[];
        for (const id of Object.values(QueryCommandId)) assert.ok(all.includes(id), id);
        for (const id of queryInternalCommandIds) assert.ok(internalCommandIds.has(id), id);
    });

    it('every id passes the manifest rule (letters only after avalanche.<area>.)', () => {
        for (const id of Object.values(QueryCommandId)) {
            assert.match(id, /^avalanche\.[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/, id);
        }
    });

    it('prompts name parameters the operation accepts; required ones come first', () => {
        for (const entry of dataApiQueries) {
            const names = operationParams[entry.operation];
            for (const prompt of entry.prompts) {
                const known =
                    names.includes(prompt.name) ||
                    (entry.operation === 'postTransactionExportJob' &&
                        ['addresses', 'includeChains'].includes(prompt.name));
                assert.ok(known, `${entry.operation}: ${prompt.name}`);
            }
            const firstOptional = entry.prompts.findIndex((p) => p.optional);
            if (firstOptional >= 0) {
                assert.ok(
                    entry.prompts.slice(firstOptional).every((p) => p.optional),
                    `${entry.operation}: required after optional`,
                );
            }
        }
    });

    it('closed sets are quick picks: network, chains, sort orders, currencies, log levels, tx types', () => {
        const kinds = new Map(
            dataApiQueries.flatMap((e) =>
                e.prompts.map((p) => [`${e.operation}.${p.name}`, p.kind] as const),
            ),
        );
        // Any chain of any subnet: an open set, typed as a cb58 id.
        assert.equal(kinds.get('getBlockchainById.blockchainId'), 'cb58Id');
        kinds.delete('getBlockchainById.blockchainId');
        for (const [name, kind] of kinds) {
            if (
                /\.(network|sortOrder|sortBy|currency|txTypes|blockchainId|includeSpent|filterSpamTokens|includeInactiveL1Validators|feature|type)$/.test(
                    name,
                )
            ) {
                assert.ok(pickKinds.has(kind), `${name} is a ${kind}`);
            }
        }
        const setLogger = nodeQuery('admin.setLoggerLevel')!;
        assert.equal(setLogger.prompts.find((p) => p.name === 'logLevel')?.kind, 'logLevel');
        assert.ok(setLogger.changesNode);
    });

    it('node methods on /ext/bc/<chain>/… ask for the chain first', () => {
        for (const entry of nodeQueries()) {
            const method = listNodeRpcMethods().find((m) => m.name === entry.method)!;
            const needs = method.endpoint === 'evm' || method.endpoint === 'validators';
            assert.equal(entry.needsChain, needs, entry.method);
            assert.equal(entry.prompts[0] === chainPrompt, needs, entry.method);
        }
    });

    it('the node-changing methods are exactly those of the brief', () => {
        assert.deepEqual(
            nodeQueries()
                .filter((e) => e.changesNode)
                .map((e) => e.method)
                .sort(),
            [
                'admin.alias',
                'admin.aliasChain',
                'admin.loadVMs',
                'admin.lockProfile',
                'admin.memoryProfile',
                'admin.setLoggerLevel',
                'admin.startCPUProfiler',
                'admin.stopCPUProfiler',
            ],
        );
    });

    it('titles are unique, say where they go, and end with … when they ask something', () => {
        const titles = [
            ...dataApiQueries.map((e) => e.title),
            ...nodeQueries().map((e) => e.title),
        ];
        assert.equal(new Set(titles).size, titles.length);
        for (const entry of nodeQueries()) {
            assert.match(entry.title, /^Node: /);
            assert.equal(
                entry.title.endsWith('…'),
                entry.prompts.length > 0 || entry.changesNode,
                entry.title,
            );
        }
        for (const entry of dataApiQueries) assert.match(entry.title, /^(Data|Metrics) API: .*…$/);
    });

    it('raw methods are read-only only by an allow-list; everything else is confirmed (#33)', () => {
        for (const method of [
            'admin.alias',
            'platform.issueTx',
            'eth_sendRawTransaction',
            'personal_sign',
            'avm.send',
            'admin.lockProfile',
            // Issue #33: a deny-list let these pass as reads, and restored panels re-sent them.
            'admin_exportChain',
            'admin_importChain',
            'debug_chaindbCompact',
            'debug_verbosity',
            'debug_vmodule',
            'debug_cpuProfile',
            'debug_setHead',
            'ipcs.publishBlockchain',
            'avm.mint',
            'anvil_mine',
            'hardhat_reset',
            'evm_mine',
            'eth_newFilter',
            'someNamespace.methodOfTomorrow',
        ]) {
            assert.ok(rawMethodMayChange(method), method);
        }
        for (const method of [
            'info.peers',
            'eth_blockNumber',
            'eth_call',
            'platform.getHeight',
            'health.health',
            'eth_getLogs',
            'debug_traceTransaction',
            'net_version',
        ]) {
            assert.ok(!rawMethodMayChange(method), method);
        }
    });
});
