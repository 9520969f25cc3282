/**
 * Core's error sentences are phrases (src/core/text/phrase.ts): the English `message` that logs,
 * agents and the MCP server read is what it was before, word for word, and the extension's
 * formatter (`formatError` with a translator, as `platform/personText.ts` passes `vscode.l10n.t`)
 * writes the same error in another language, nested phrases (ValidationError's `allowed`, the
 * peer named inside a sentence) translated first and a peer's own text left as it came. The
 * errors come from the real clients: the sandbox over HTTP, a closed port, the clients' checks.
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';

import { formatError } from '../../../src/commands/formatError';
import {
    DataApiClient,
    isNetworkError,
    isRateLimitedError,
    isValidationError,
    NodeRpcClient,
    nodeRpcMethods,
    normaliseNodeUrl,
} from '../../../src/core';
import { englishText, fillTemplate, phrase, type Translate } from '../../../src/core/text/phrase';
import { startSandbox, type Sandbox } from '../../sandbox';
import { validParams } from '../dataApi/dataApi.samples';

/** A few templates in German, as a translation bundle holds them; the rest stays English. */
const german: Record<string, string> = {
    'Invalid {0}: {1} is not allowed; expected {2}.':
        'Ungültiger Wert für {0}: {1} ist nicht zulässig; erwartet: {2}.',
    'an EVM transaction hash: 0x followed by 64 hex digits':
        'ein EVM-Transaktionshash: 0x und 64 Hexadezimalziffern',
    'an http:// or https:// node URL such as http://127.0.0.1:9650':
        'eine http://- oder https://-Node-URL wie http://127.0.0.1:9650',
    '{0} rate limit reached. Try again in {1} s. Set an API key for higher limits.':
        'Ratenlimit der {0} erreicht. Versuchen Sie es in {1} s erneut. Ein API-Schlüssel hebt das Limit.',
    'Could not connect to {0} (connection refused). Is it running, and is the URL right?':
        'Keine Verbindung zu {0} (Verbindung abgelehnt). Läuft er, und stimmt die URL?',
    'the node at {0}': 'dem Node unter {0}',
    'Not found on the {0}: {1}. Check the id, the chain and the network.':
        'Nicht gefunden bei der {0}: {1}. Prüfen Sie ID, Chain und Netzwerk.',
};
/** As `vscode.l10n.t` does: the bundle's text if it has one, the English template otherwise. */
const translate: Translate = (template, ...args) =>
    fillTemplate(german[template] ?? template, ...args);

async function rejection(promise: Promise<unknown>): Promise<Error> {
    try {
        await promise;
    } catch (error) {
        return error as Error;
    }
    assert.fail('the call failed');
}

function phraseOf(error: Error): ReturnType<typeof phrase> {
    const sentence = (error as { phrase?: ReturnType<typeof phrase> }).phrase;
    assert.ok(sentence, `${error.name} carries its phrase`);
    return sentence;
}

describe('(unit) error sentences as phrases: English as before, translated for people (#40)', function () {
    this.timeout(20_000);
    let sandbox: Sandbox;
    let dataApi: DataApiClient;

    before(async () => {
        sandbox = await startSandbox();
        dataApi = new DataApiClient({
            baseUrl: sandbox.dataApiUrl,
            metricsUrl: sandbox.metricsUrl,
            retry: { maxRetries: 0 },
        });
    });
    after(async () => {
        await dataApi.close();
        await sandbox.close();
    });
    afterEach(() => sandbox.clearFaults());

    it('a ValidationError: the same English, and its nested `allowed` translated first', async () => {
        const error = await rejection(
            dataApi.getTransaction({ ...validParams.getTransaction, txHash: '0xbad' }),
        );
        assert.ok(isValidationError(error));
        const english =
            'Invalid txHash: "0xbad" is not allowed; expected an EVM transaction hash: 0x followed by 64 hex digits.';
        assert.equal(error.message, english);
        assert.equal(englishText(phraseOf(error)), english);
        assert.equal(error.allowed, 'an EVM transaction hash: 0x followed by 64 hex digits');
        assert.deepEqual(formatError(error), { message: english, actions: [] });
        assert.equal(
            formatError(error, translate).message,
            'Ungültiger Wert für txHash: "0xbad" ist nicht zulässig; erwartet: ein EVM-Transaktionshash: 0x und 64 Hexadezimalziffern.',
        );

        const url = (() => {
            try {
                return normaliseNodeUrl('ftp://127.0.0.1:9650');
            } catch (thrown) {
                return thrown as Error;
            }
        })();
        assert.ok(isValidationError(url));
        assert.equal(
            url.message,
            'Invalid url: "ftp://127.0.0.1:9650" is not allowed; expected an http:// or https:// node URL such as http://127.0.0.1:9650, without credentials.',
        );
        // A template missing from the translation stays English inside the German sentence.
        assert.equal(
            formatError(url, translate).message,
            'Ungültiger Wert für url: "ftp://127.0.0.1:9650" ist nicht zulässig; erwartet: an http:// or https:// node URL such as http://127.0.0.1:9650, without credentials.',
        );
    });

    it('a 429 and a 404 from the Data API: the sentence as before, the peer’s text an argument', async () => {
        sandbox.addFault({
            fault: { kind: 'status', status: 429, retryAfterSeconds: 2 },
            service: 'dataApi',
        });
        const limited = await rejection(dataApi.listSubnets({ network: 'mainnet' }));
        assert.ok(isRateLimitedError(limited));
        const english =
            'Data API rate limit reached. Try again in 2 s. Set an API key for higher limits.';
        assert.equal(limited.message, english);
        assert.equal(englishText(phraseOf(limited)), english);
        assert.deepEqual(formatError(limited, translate), {
            message:
                'Ratenlimit der Data API erreicht. Versuchen Sie es in 2 s erneut. Ein API-Schlüssel hebt das Limit.',
            actions: ['setApiKey'],
        });

        sandbox.clearFaults();
        sandbox.addFault({ fault: { kind: 'status', status: 404 }, service: 'dataApi' });
        const missing = await rejection(dataApi.listSubnets({ network: 'mainnet' }));
        const apiMessage = (missing as { apiMessage?: string }).apiMessage;
        assert.ok(apiMessage, 'the sandbox says why');
        assert.equal(
            missing.message,
            `Not found on the Data API: ${apiMessage}. Check the id, the chain and the network.`,
        );
        assert.equal(englishText(phraseOf(missing)), missing.message);
        assert.equal(
            formatError(missing, translate).message,
            `Nicht gefunden bei der Data API: ${apiMessage}. Prüfen Sie ID, Chain und Netzwerk.`,
        );
    });

    it('a refused connection names the node in the reader’s language (a nested phrase)', async () => {
        const server = createServer();
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const port = (server.address() as { port: number }).port;
        await new Promise<void>((resolve) => server.close(() => resolve()));
        const node = new NodeRpcClient({
            url: `http://127.0.0.1:${port}`,
            retry: { maxRetries: 0 },
        });
        try {
            const error = await rejection(node.call(nodeRpcMethods['info.getNodeVersion'], {}));
            assert.ok(isNetworkError(error));
            const english = `Could not connect to the node at http://127.0.0.1:${port} (connection refused). Is it running, and is the URL right?`;
            assert.equal(error.message, english);
            assert.equal(englishText(phraseOf(error)), english);
            assert.equal(
                formatError(error, translate).message,
                `Keine Verbindung zu dem Node unter http://127.0.0.1:${port} (Verbindung abgelehnt). Läuft er, und stimmt die URL?`,
            );
        } finally {
            await node.close();
        }
    });

    it('fills placeholders once, as vscode.l10n.t does: a peer’s "{1}" is not a placeholder', () => {
        const p = phrase('{0} failed: {1} (code {2}).', 'eth_call', 'bad {2} and {0}', -32000);
        assert.equal(englishText(p), 'eth_call failed: bad {2} and {0} (code -32000).');
        const nested = phrase('a {0}', phrase('b {0}', phrase('c {0}', 'd')));
        const seen: string[] = [];
        const order: Translate = (template, ...args) => {
            seen.push(template);
            return fillTemplate(template.toUpperCase(), ...args);
        };
        assert.equal(
            formatError({ name: 'Error', message: 'a b c d', phrase: nested }, order).message,
            'A B C d',
        );
        assert.deepEqual(seen, ['c {0}', 'b {0}', 'a {0}']);
    });
});
