import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

import { allCommandIds, CommandId, internalCommandIds } from '../../../src/commands/commandIds';
import {
    ConfigSection,
    restrictedSettingKeys,
    settingDefaults,
    SettingKey,
} from '../../../src/platform/settingKeys';
import { ViewContainerId, ViewId } from '../../../src/platform/viewIds';
import { repoRoot } from '../../helpers/paths';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;

type CheckManifest = (
    manifest: unknown,
    tables: unknown,
    options?: { rootDir?: string },
) => string[];

interface Manifest {
    activationEvents: string[];
    capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    contributes: {
        commands: { command: string; title: string; category: string }[];
        menus: { commandPalette: { command: string; when: string }[] };
        views: Record<string, { id: string; name: string }[]>;
        viewsWelcome: { view: string; contents: string; when?: string }[];
        configuration: { title: string; properties: Record<string, Record<string, unknown>> }[];
    };
}

const tables = {
    CommandId,
    internalCommandIds,
    ViewContainerId,
    ViewId,
    ConfigSection,
    SettingKey,
    settingDefaults,
    restrictedSettingKeys,
};

/** package.json as VS Code shows it: each `%key%` replaced by its text in package.nls.json. */
function readManifest(): Manifest {
    const nlsFile = path.join(rootDir, 'package.nls.json');
    const nls = existsSync(nlsFile)
        ? (JSON.parse(readFileSync(nlsFile, 'utf8')) as Record<string, string>)
        : {};
    const text = readFileSync(path.join(rootDir, 'package.json'), 'utf8');
    return JSON.parse(text, (_key, value: unknown) => {
        const match = typeof value === 'string' ? /^%([^%\s]+)%$/.exec(value) : null;
        return match && typeof nls[match[1]!] === 'string' ? nls[match[1]!] : value;
    }) as Manifest;
}

describe('(unit) manifest', () => {
    let checkManifest: CheckManifest;

    before(async () => {
        // A computed specifier keeps TypeScript from resolving (and typing) the .mjs script.
        const url = pathToFileURL(path.join(rootDir, 'scripts/checkManifest.mjs')).href;
        ({ checkManifest } = (await import(url)) as { checkManifest: CheckManifest });
    });

    it('package.json matches CommandId, ViewId, SettingKey and the restricted keys', () => {
        assert.deepEqual(checkManifest(readManifest(), tables, { rootDir }), []);
    });

    it('contributed command ids are exactly the CommandId values, all in category Avalanche', () => {
        const commands = readManifest().contributes.commands;
        assert.deepEqual(commands.map((c) => c.command).sort(), [...allCommandIds].sort());
        assert.ok(commands.every((c) => c.category === 'Avalanche'));
    });

    it('activates on startup finished only, never on "*"', () => {
        assert.deepEqual(readManifest().activationEvents, ['onStartupFinished']);
    });

    it('settings are the SettingKey values, with scope, markdownDescription and the same defaults', () => {
        const sections = readManifest().contributes.configuration;
        assert.ok(sections.length > 1 && sections.every((s) => s.title.length > 0));
        const props = Object.assign({}, ...sections.map((s) => s.properties)) as Record<
            string,
            Record<string, unknown>
        >;
        assert.deepEqual(
            Object.keys(props).sort(),
            Object.values(SettingKey)
                .map((k) => `avalanche.${k}`)
                .sort(),
        );
        for (const key of Object.values(SettingKey)) {
            const schema = props[`avalanche.${key}`];
            assert.ok(schema?.['scope'], `${key} has a scope`);
            assert.equal(
                typeof schema['markdownDescription'],
                'string',
                `${key} markdownDescription`,
            );
            assert.deepEqual(schema['default'], settingDefaults[key], `${key} default`);
        }
    });

    it('restricted configurations are the settings that decide where requests and links go', () => {
        assert.deepEqual(
            [...readManifest().capabilities.untrustedWorkspaces.restrictedConfigurations].sort(),
            [
                'avalanche.dataApi.apiKeyHeader',
                'avalanche.dataApi.url',
                'avalanche.explorer.urlTemplate',
                'avalanche.hovers.defaultEvmChain',
                'avalanche.metricsApi.url',
                'avalanche.node.selectedUrl',
                'avalanche.node.urls',
                'avalanche.rpc.allowedOrigins',
            ],
        );
    });

    it('every view has welcome content with command links', () => {
        const welcome = readManifest().contributes.viewsWelcome;
        for (const id of Object.values(ViewId)) {
            const entries = welcome.filter((w) => w.view === id);
            assert.ok(entries.length > 0, `${id} has welcome content`);
            assert.match(entries.map((e) => e.contents).join('\n'), /\]\(command:avalanche\./);
        }
    });

    it("the editor's context menu offers Look Up, Watch and Trace only where they apply (#40)", () => {
        const contributes = readManifest().contributes as unknown as {
            menus: Record<string, { command: string; when?: string }[]>;
            keybindings: { command: string; key: string; mac?: string; when?: string }[];
        };
        const when = Object.fromEntries(
            contributes.menus['editor/context']!.map((e) => [e.command, e.when]),
        );
        assert.deepEqual(when, {
            [CommandId.EditorLookUp]: 'avalanche.editor.idKind',
            [CommandId.EditorWatch]:
                'avalanche.editor.idKind && avalanche.editor.idKind != pnAddress',
            [CommandId.EditorTrace]: 'avalanche.editor.idKind == hash32',
        });
        assert.deepEqual(
            contributes.keybindings.filter((k) => k.command === CommandId.EditorLookUp),
            [
                {
                    command: CommandId.EditorLookUp,
                    key: 'ctrl+alt+a',
                    mac: 'cmd+alt+a',
                    when: 'editorTextFocus',
                },
            ],
        );
    });

    it('welcome texts use links only: view welcome content renders no bold or italics', () => {
        for (const w of readManifest().contributes.viewsWelcome) {
            assert.doesNotMatch(w.contents, /\*\*|__/, `${w.view}: ${w.contents}`);
        }
    });

    it('the walkthrough has the eight steps of #40, each with its page and working links', () => {
        const contributes = (readManifest() as unknown as { contributes: Record<string, unknown> })
            .contributes;
        const commands = new Set<string>(allCommandIds);
        const [walkthrough] = contributes['walkthroughs'] as {
            steps: { id: string; description: string; media: { markdown: string } }[];
        }[];
        assert.deepEqual(
            walkthrough?.steps.map((s) => s.id),
            ['network', 'key', 'node', 'hover', 'query', 'trace', 'watch', 'agent'],
        );
        for (const step of walkthrough?.steps ?? []) {
            const page = readFileSync(path.join(rootDir, step.media.markdown), 'utf8');
            assert.match(page, /^# /, step.id);
            for (const [, command] of step.description.matchAll(/\(command:([\w.]+)/g)) {
                const known =
                    commands.has(command!) ||
                    command!.startsWith('workbench.') ||
                    Object.values(ViewId).some((v) => command === `${v}.focus`);
                assert.ok(known, `${step.id}: ${command}`);
            }
        }
    });

    it('Clear Data API Key is in the palette only when a key is stored', () => {
        const palette = (
            readManifest() as unknown as {
                contributes: { menus: { commandPalette: { command: string; when?: string }[] } };
            }
        ).contributes.menus.commandPalette;
        const entry = palette.find((e) => e.command === CommandId.ClearDataApiKey);
        // The context key src/platform/contextKeys.ts keeps in step with SecretStorage.
        assert.equal(entry?.when, 'avalanche.hasDataApiKey');
    });

    it('the check reports drift in each area', () => {
        const manifest = readManifest();
        manifest.activationEvents = ['*'];
        manifest.contributes.commands = manifest.contributes.commands.filter(
            (c) => c.command !== CommandId.ShowLogs,
        );
        manifest.contributes.commands[0]!.category = 'Other';
        manifest.contributes.menus.commandPalette = [];
        manifest.contributes.views[ViewContainerId] = manifest.contributes.views[
            ViewContainerId
        ]!.filter((v) => v.id !== ViewId.Node);
        manifest.contributes.viewsWelcome.push({
            view: ViewId.Chains,
            contents: '[Go](command:avalanche.nothing.here)',
        });
        const firstSection = manifest.contributes.configuration[0]!;
        firstSection.properties['avalanche.extra'] = { scope: 'window', markdownDescription: 'x' };
        delete firstSection.properties['avalanche.network']!['scope'];
        firstSection.properties['avalanche.requestTimeoutMs']!['default'] = 5;
        manifest.capabilities.untrustedWorkspaces.restrictedConfigurations.pop();

        const problems = checkManifest(manifest, tables).join('\n');
        for (const expected of [
            'activationEvents',
            `contributes.commands: missing ${CommandId.ShowLogs}`,
            'category must be "Avalanche"',
            `"when": "false": missing ${CommandId.ShowStatusMenu}`,
            `views.avalanche: missing ${ViewId.Node}`,
            'unknown command avalanche.nothing.here',
            'configuration properties: unexpected avalanche.extra',
            'setting avalanche.network: no scope',
            'setting avalanche.requestTimeoutMs: default 5 differs',
            'restrictedConfigurations: missing',
        ]) {
            assert.ok(problems.includes(expected), `reports "${expected}" in:\n${problems}`);
        }
    });

    it('the package carries every bundle the build writes, and no local code cache or source map', () => {
        const read = (file: string): string => readFileSync(path.join(rootDir, file), 'utf8');
        // The bundles the entry point loads (src/bootstrap/index.ts) and the lazy ones esbuild.mjs
        // writes; a bundle left out of .vscodeignore would load in tests but not once installed.
        const bundles = new Set([
            ...[...read('src/bootstrap/index.ts').matchAll(/\.load\('([\w.-]+\.js)'/g)].map(
                (m) => m[1]!,
            ),
            ...[...read('esbuild.mjs').matchAll(/\bout: '([\w.-]+\.js)'/g)].map((m) => m[1]!),
        ]);
        assert.deepEqual([...bundles].sort(), [
            'agent.js',
            'contracts.js',
            'core.js',
            'dashboardPanel.js',
            'hoverOffline.js',
            'main.js',
            'queries.js',
            'treeActions.js',
            'treeSources.js',
            'watch.js',
        ]);
        const patterns = read('.vscodeignore')
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line.startsWith('!'))
            .map((line) => globRegExp(line.slice(1)));
        const packaged = (file: string): boolean => patterns.some((p) => p.test(file));
        const manifest = JSON.parse(read('package.json')) as { main: string };
        for (const file of [
            path.posix.normalize(manifest.main),
            ...[...bundles].map((b) => `dist/${b}`),
            'dist/workspaceWorker.js',
            'dist/mcp.js',
            'dist/webview/main.js',
            'dist/webview/main.css',
            'dist/webview/codicon.css',
            'dist/webview/codicon.ttf',
        ]) {
            assert.ok(packaged(file), `${file} is not in the package (.vscodeignore)`);
        }
        for (const file of [
            'dist/.code-cache/main.js.0123456789abcdef.cache',
            'dist/main.js.map',
        ]) {
            assert.ok(!packaged(file), `${file} would be packaged`);
        }
    });
});

/** A .vscodeignore glob as a regular expression (`**` any path, `*` one segment's characters). */
function globRegExp(glob: string): RegExp {
    const source = glob
        .split('**')
        .map((part) =>
            part
                .split('*')
                .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
                .join('[^/]*'),
        )
        .join('.*');
    return new RegExp(`^${source}$`);
}
