/**
 * The import rules of scripts/eslint/layers.mjs, run through ESLint on source text placed at a
 * path in src/: what each rule refuses, so that `npm run lint` keeps ARCHITECTURE.md true.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { repoRoot } from '../../helpers/paths';

const root = repoRoot;

interface Rules {
    layersRule: unknown;
    activationRule: unknown;
}

async function lint(file: string, text: string): Promise<string[]> {
    const { ESLint } = await import('eslint');
    const tseslint = (await import('typescript-eslint')).default;
    const rules = (await import(path.join(root, 'scripts/eslint/layers.mjs'))) as Rules;
    const eslint = new ESLint({
        cwd: root,
        overrideConfigFile: true,
        overrideConfig: [
            {
                files: ['**/*.ts'],
                languageOptions: { parser: tseslint.parser },
                plugins: {
                    avalanche: {
                        rules: { layers: rules.layersRule, activation: rules.activationRule },
                    },
                },
                rules: { 'avalanche/layers': 'error', 'avalanche/activation': 'error' },
            },
        ],
    } as ConstructorParameters<typeof ESLint>[0]);
    const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
    return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('(unit) layer and activation import rules', function () {
    this.timeout(60_000);

    it('refuses a runtime import of a heavy core module from feature code, not a type import', async () => {
        const runtime = await lint(
            'src/hover/fixture.ts',
            "import { NodeRpcClient } from '../core/nodeRpc/rpcClient';\nexport const c = NodeRpcClient;\n",
        );
        assert.equal(runtime.length, 1);
        assert.match(
            runtime[0]!,
            /avalanche\/activation: .*core\/nodeRpc\/rpcClient\.ts at run time/,
        );
        const typed = await lint(
            'src/hover/fixture.ts',
            "import type { NodeRpcClient } from '../core/nodeRpc/rpcClient';\nexport type C = NodeRpcClient;\n",
        );
        assert.deepEqual(typed, []);
        const light = await lint(
            'src/hover/fixture.ts',
            "import { shortenId } from '../core/format';\nexport const s = shortenId;\n",
        );
        assert.deepEqual(light, []);
    });

    it('refuses zod, undici and viem in a module that loads at activation', async () => {
        const messages = await lint(
            'src/core/format.ts',
            "import * as z from 'zod';\nimport { request } from 'undici';\nexport const a = [z, request];\n",
        );
        assert.equal(messages.length, 2);
        assert.match(messages[0]!, /loads at activation .* may not import zod/);
        assert.match(messages[1]!, /may not import undici/);
    });

    it('names the order inside core: abi may not import workspace', async () => {
        const messages = await lint(
            'src/core/abi/fixture.ts',
            "import type { ContractArtifact } from '../workspace/types';\nexport type A = ContractArtifact;\n",
        );
        assert.equal(messages.length, 1);
        assert.match(messages[0]!, /src\/core\/abi may not import src\/core\/workspace/);
    });
});
