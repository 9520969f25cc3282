/**
 * No dead exports in src: a function, constant or class exported by a module is imported by
 * another file (of src, the tests, the bench or the scripts). An export nothing imports tells a
 * reader that something outside depends on it, and keeps it alive after its last user goes.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from '../../helpers/paths';

/**
 * Exports read by name where no file names them: the bundle loader that esbuild.mjs routes the
 * lazy bundles' requires to, and a table used only through `typeof` in a type another module uses.
 */
const readElsewhere = new Set(['loadBundle', 'txFeeNames']);

function sourceFiles(dir: string): string[] {
    return readdirSync(path.join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.(ts|mts|mjs|cjs|js)$/.test(f) && !f.includes('node_modules'))
        .map((f) => path.join(dir, f));
}

describe('(unit) no dead exports in src', function () {
    this.timeout(60_000);

    it('every exported function, constant and class is named by another file', () => {
        const src = sourceFiles('src');
        const others = [...src, ...['test', 'bench', 'scripts'].flatMap(sourceFiles)];
        const texts = new Map(others.map((f) => [f, readFileSync(path.join(repoRoot, f), 'utf8')]));
        const dead: string[] = [];
        for (const file of src) {
            const text = texts.get(file)!;
            const names = text.matchAll(
                /^export (?:async )?(?:function|const|class) ([A-Za-z0-9_$]+)/gm,
            );
            for (const [, name] of names) {
                if (readElsewhere.has(name!)) continue;
                const word = new RegExp(`\\b${name!.replace(/\$/g, '\\$')}\\b`);
                const named = others.some((f) => f !== file && word.test(texts.get(f)!));
                if (!named) dead.push(`${file}: ${name}`);
            }
        }
        assert.deepEqual(dead, [], 'exported but named by no other file: drop the export');
    });
});
