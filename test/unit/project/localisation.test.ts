import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../helpers/paths';
import { testTranslation } from '../../integration/translation';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;

interface Entry {
    path: (string | number)[];
    value: string;
    key: string;
}
interface ManifestNls {
    userVisibleStrings: (manifest: unknown) => Entry[];
    plainStrings: (manifest: unknown) => Entry[];
    localize: (manifest: unknown, nls: Record<string, string>) => unknown;
    convertManifest: (
        text: string,
        nls: Record<string, string>,
    ) => { text: string; nls: Record<string, string>; converted: number };
}

async function manifestNls(): Promise<ManifestNls> {
    const url = pathToFileURL(path.join(rootDir, 'scripts', 'manifestNls.mjs')).href;
    return (await import(url)) as ManifestNls;
}

/** A manifest with one string of each kind, written the way package.json is. */
const fixture = `{
  "name": "x",
  "contributes": {
    "viewsContainers": { "activitybar": [{ "id": "avalanche", "title": "Avalanche", "icon": "a.svg" }] },
    "views": { "avalanche": [{ "id": "avalanche.chains", "name": "Chains", "contextualTitle": "Avalanche" }] },
    "viewsWelcome": [
      { "view": "avalanche.chains", "contents": "No chains.\\n[Refresh](command:avalanche.refresh)" },
      { "view": "avalanche.chains", "contents": "Still none.", "when": "x" }
    ],
    "commands": [
      { "command": "avalanche.refresh", "title": "Refresh", "category": "Avalanche", "icon": "$(refresh)" },
      { "command": "avalanche.network.choose", "title": "Choose Network", "category": "Avalanche" }
    ],
    "configuration": [
      {
        "title": "Avalanche Explorer",
        "properties": {
          "avalanche.network": {
            "type": "string",
            "enum": ["mainnet", "fuji", 3],
            "enumDescriptions": ["The main network", "The test network", "Three"],
            "markdownDescription": "Which \`network\`."
          },
          "avalanche.node.urls": {
            "type": "array",
            "items": { "type": "object", "properties": { "url": { "type": "string", "description": "Its URL" } } },
            "default": []
          }
        }
      }
    ],
    "walkthroughs": [
      {
        "id": "avalanche.start",
        "title": "Get started",
        "description": "First steps",
        "steps": [{ "id": "network", "title": "Choose a network", "description": "Pick one", "media": { "image": "a.png", "altText": "A picture" } }]
      }
    ]
  }
}
`;

describe('(unit) localisation: package.nls.json for the manifest (scripts/manifestNls.mjs)', () => {
    it('moves every user-visible string, keyed by ids, and leaves everything else as written', async () => {
        const { convertManifest, localize, plainStrings } = await manifestNls();
        const { text, nls, converted } = convertManifest(fixture, {});
        assert.equal(converted, 20);
        assert.deepEqual(plainStrings(JSON.parse(text)), []);
        assert.deepEqual(localize(JSON.parse(text), nls), JSON.parse(fixture));
        assert.equal(nls['command.refresh'], 'Refresh');
        assert.equal(nls['category.avalanche'], 'Avalanche');
        assert.equal(nls['view.chains'], 'Chains');
        assert.equal(nls['welcome.chains.2'], 'Still none.');
        assert.equal(nls['config.network.enumDescriptions.fuji'], 'The test network');
        assert.equal(nls['config.network.enumDescriptions.3'], 'Three');
        assert.equal(nls['config.node.urls.items.url.description'], 'Its URL');
        assert.equal(nls['walkthrough.start.network.altText'], 'A picture');
        // Ids, icons, enums and defaults are not text for people.
        for (const kept of [
            '"icon": "$(refresh)"',
            '"enum": ["mainnet", "fuji", 3]',
            '"id": "network"',
        ])
            assert.ok(text.includes(kept), kept);
        // Only the strings changed: the same lines, in the same layout.
        assert.equal(text.split('\n').length, fixture.split('\n').length);
    });

    it('converts only the strings added since the last run (idempotent)', async () => {
        const { convertManifest } = await manifestNls();
        const first = convertManifest(fixture, {});
        assert.equal(convertManifest(first.text, first.nls).converted, 0);
        assert.equal(convertManifest(first.text, first.nls).text, first.text);
        const grown = first.text.replace(
            '"commands": [',
            '"commands": [\n      { "command": "avalanche.new", "title": "New Thing", "category": "Avalanche" },',
        );
        const second = convertManifest(grown, first.nls);
        assert.equal(second.converted, 2, 'the new title and its category');
        assert.equal(second.nls['command.new'], 'New Thing');
        assert.equal(
            second.text,
            first.text.replace(
                '"commands": [',
                '"commands": [\n      { "command": "avalanche.new", "title": "%command.new%", "category": "%category.avalanche%" },',
            ),
        );
        // A key already holding another text is not overwritten.
        const renamed = convertManifest(
            fixture.replace('"title": "Refresh"', '"title": "Refresh All"'),
            first.nls,
        );
        assert.equal(renamed.nls['command.refresh'], 'Refresh');
        assert.equal(renamed.nls['command.refresh.2'], 'Refresh All');
    });
});

describe('(unit) localisation: package.json', () => {
    it('has no user-visible string outside package.nls.json, and every reference resolves', async () => {
        const { userVisibleStrings, plainStrings } = await manifestNls();
        const manifest = JSON.parse(
            readFileSync(path.join(rootDir, 'package.json'), 'utf8'),
        ) as unknown;
        const nls = JSON.parse(
            readFileSync(path.join(rootDir, 'package.nls.json'), 'utf8'),
        ) as Record<string, string>;
        assert.deepEqual(
            plainStrings(manifest).map((e) => e.path.join('.')),
            [],
            'run node scripts/manifestNls.mjs',
        );
        const unresolved = userVisibleStrings(manifest)
            .map((e) => /^%([^%\s]+)%$/.exec(e.value)?.[1] ?? '')
            .filter((key) => typeof nls[key] !== 'string');
        assert.deepEqual(unresolved, []);
    });
});

describe('(unit) localisation: runtime strings (vscode.l10n.t and l10n/bundle.l10n.json)', () => {
    /** A quoted literal of the source as the string it denotes. */
    function literalText(literal: string): string {
        return literal.startsWith('"')
            ? (JSON.parse(literal) as string)
            : literal.slice(1, -1).replace(/\\'/g, "'");
    }

    /** Each .ts file of src/, with its text. */
    function sourceFiles(): { file: string; text: string }[] {
        const files: { file: string; text: string }[] = [];
        const walk = (dir: string): void => {
            for (const name of readdirSync(dir)) {
                const file = path.join(dir, name);
                if (statSync(file).isDirectory()) walk(file);
                else if (file.endsWith('.ts'))
                    files.push({ file, text: readFileSync(file, 'utf8') });
            }
        };
        walk(path.join(rootDir, 'src'));
        return files;
    }

    /**
     * Every message written as a literal in src/: the first argument of `vscode.l10n.t('…')`, and
     * the template of core's `phrase('…')` (src/core/text/phrase.ts), which the extension
     * translates with `vscode.l10n.t` where a person reads it (src/commands/formatError.ts).
     */
    function messagesInSource(): Map<string, string> {
        const found = new Map<string, string>();
        for (const { file, text } of sourceFiles()) {
            for (const m of text.matchAll(
                /(?:l10n\.t|\bphrase)\(\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g,
            )) {
                found.set(literalText(m[1]!), path.relative(rootDir, file));
            }
        }
        return found;
    }

    it('phrase() is only ever called with a string literal template, so the bundle sees each', () => {
        const calls: string[] = [];
        const notLiteral: string[] = [];
        for (const { file, text } of sourceFiles()) {
            for (const m of text.matchAll(/\bphrase\(/g)) {
                // The declaration itself, `function phrase(template: string, …)`.
                if (/function\s+$/.test(text.slice(0, m.index))) continue;
                const rest = text.slice(m.index + m[0].length);
                const where = `${path.relative(rootDir, file)}:${text.slice(0, m.index).split('\n').length}`;
                calls.push(where);
                // One literal, then the next argument or the end of the call: never `'a' + b`.
                if (!/^\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*[,)]/.test(rest))
                    notLiteral.push(where);
            }
        }
        assert.ok(calls.length >= 100, `${calls.length} calls`);
        assert.deepEqual(notLiteral, []);
    });

    it('the bundle holds exactly the messages the code passes to vscode.l10n.t', () => {
        const bundle = JSON.parse(
            readFileSync(path.join(rootDir, 'l10n', 'bundle.l10n.json'), 'utf8'),
        ) as Record<string, string>;
        const messages = messagesInSource();
        assert.ok(messages.size >= 8, `${messages.size} messages`);
        assert.deepEqual(
            [...messages.keys()].filter((m) => !(m in bundle)),
            [],
            'missing',
        );
        assert.deepEqual(
            Object.keys(bundle).filter((m) => !messages.has(m)),
            [],
            'unused',
        );
        const manifest = JSON.parse(readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as {
            l10n?: string;
        };
        assert.equal(manifest.l10n, './l10n');
    });

    it('each translation in l10n/ translates messages of the bundle, and none is the test one', () => {
        const l10nDir = path.join(rootDir, 'l10n');
        const bundle = JSON.parse(
            readFileSync(path.join(l10nDir, 'bundle.l10n.json'), 'utf8'),
        ) as Record<string, string>;
        for (const file of readdirSync(l10nDir)) {
            if (file === 'bundle.l10n.json') continue;
            assert.match(file, /^bundle\.l10n\.[a-z]{2,3}(-[a-z0-9]+)*\.json$/i);
            const translation = JSON.parse(
                readFileSync(path.join(l10nDir, file), 'utf8'),
            ) as Record<string, string>;
            assert.deepEqual(
                Object.keys(translation).filter((m) => !(m in bundle)),
                [],
                `${file}: not in the bundle`,
            );
            // The integration tier writes it into its staged copy only (scripts/hostTest.mjs).
            assert.notDeepEqual(translation, testTranslation, `${file} is the test translation`);
        }
    });
});
