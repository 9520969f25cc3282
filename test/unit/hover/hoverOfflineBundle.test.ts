/**
 * The first hover's offline part loads `dist/hoverOffline.js` (src/core/hover/offlineEntry.ts)
 * instead of the core bundle. It stays small only while nothing it imports reaches the clients,
 * their schemas or the resolver: this bundles the entry as esbuild.mjs does and reads what went in.
 */
import * as assert from 'node:assert/strict';
import * as path from 'node:path';

import * as esbuild from 'esbuild';
import { repoRoot } from '../../helpers/paths';

const rootDir = repoRoot;

describe('(unit) the offline hover bundle', () => {
    it('holds the identifiers and the Markdown, not zod, the clients or the resolver', async function () {
        this.timeout(60_000);
        const result = await esbuild.build({
            entryPoints: [path.join(rootDir, 'src/core/hover/offlineEntry.ts')],
            bundle: true,
            minify: true,
            write: false,
            metafile: true,
            platform: 'node',
            format: 'cjs',
            target: 'node20',
            external: ['vscode', 'undici'],
            logLevel: 'silent',
        });
        const output = Object.values(result.metafile.outputs)[0];
        assert.ok(output);
        const inputs = Object.entries(output.inputs)
            .filter(([, input]) => input.bytesInOutput > 0)
            .map(([file]) => file);
        assert.ok(inputs.some((file) => file.endsWith('src/core/identifiers.ts')));
        assert.ok(inputs.some((file) => file.endsWith('src/core/hover/offlineMarkdown.ts')));
        // The live part's Markdown loads with the core, on the first live answer.
        assert.ok(!inputs.some((file) => file.endsWith('src/core/hover/markdown.ts')));
        const heavy = inputs.filter((file) =>
            /node_modules\/(zod|undici|viem|lossless-json)\/|src\/core\/(dataApi|nodeRpc|http|query|agent|views)\/|src\/core\/hover\/(resolve\/(?!lookup)|engine)/.test(
                file,
            ),
        );
        assert.deepEqual(heavy, [], 'the offline bundle pulls in the live side');
        // A tenth of the core bundle (about 550 kB minified) when this was written.
        assert.ok(output.bytes < 90_000, `${output.bytes} bytes`);
    });
});
