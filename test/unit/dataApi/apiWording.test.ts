/**
 * What the interface documents say an endpoint or method does, said to the user where it matters
 * (issue #18, point 5): a transaction bundle of 4.2 counts only the transfers of the queried
 * address; 4.10 lists only value-moving calls and creations; a bad block hash of 4.12 is called a
 * block hash; an alias's length is counted in bytes, as AvalancheGo counts it.
 */
import * as assert from 'node:assert/strict';

import {
    buildView,
    mainColumns,
    nodeRpcMethods,
    validateParams,
    ValidationError,
    checkPromptText,
} from '../../../src/core/index';
import type { QueryRequest } from '../../../src/shared/query';

const address = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';

function view(operation: string) {
    const request: QueryRequest = {
        source: 'dataApi',
        operation,
        params: { chainId: '43114', address },
    };
    return { request, view: buildView(request, { transactions: [] }, { network: 'mainnet' }).view };
}

describe('(unit) the words that explain what the API does (#18)', () => {
    it('4.2: the transfers counted per transaction are those of the queried address', () => {
        const { request, view: v } = view('listTransactions');
        assert.match(v.notice?.text ?? '', /only the transfers .* that involve this address/);
        assert.ok(mainColumns(request)?.some((c) => c.label === 'Transfers with this address'));
    });

    it('4.10: the internal transactions listed are value-moving calls and creations', () => {
        const { view: v } = view('listInternalTransactions');
        assert.match(v.notice?.text ?? '', /CALL, CALLCODE\) that move a non-zero value/);
        assert.match(v.notice?.text ?? '', /CREATE, CREATE2, CREATE3/);
    });

    it('4.12: a malformed block hash is called a block hash', () => {
        assert.throws(
            () => validateParams('getTransactionsForBlock', { chainId: '43114', blockId: '0x12' }),
            (error: Error) =>
                error instanceof ValidationError && /a block hash: 0x/.test(error.message),
        );
    });

    it('admin.alias: the 512 limit counts UTF-8 bytes, as the node does', () => {
        const twoByte = 'é'.repeat(300); // 300 characters, 600 bytes
        assert.throws(
            () => nodeRpcMethods['admin.alias'].encodeParams({ endpoint: 'bc/X', alias: twoByte }),
            /at most 512 bytes/,
        );
        assert.throws(
            () => nodeRpcMethods['admin.aliasChain'].encodeParams({ chain: 'X', alias: twoByte }),
            /at most 512 bytes/,
        );
        assert.doesNotThrow(() =>
            nodeRpcMethods['admin.alias'].encodeParams({
                endpoint: 'bc/X',
                alias: 'é'.repeat(256),
            }),
        );
        assert.match(
            checkPromptText({ kind: 'alias', optional: false }, twoByte) ?? '',
            /512 bytes/,
        );
    });
});
