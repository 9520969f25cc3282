// Checks package.json against the id tables in src/: command ids (CommandId), views (ViewId),
// settings (SettingKey, defaults, restricted keys). Run as `npm run check:manifest`; the unit test
// test/unit/project/manifest.test.ts runs the same `checkManifest()` on the compiled tables.
//
// The CLI reads the TypeScript tables by bundling them in memory with esbuild, so it needs no
// prior compile step; the modules it loads are free of `vscode` on purpose.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { localize } from './manifestNls.mjs';

const category = 'Avalanche';

/**
 * @typedef {object} Tables
 * @property {Record<string, string>} CommandId
 * @property {ReadonlySet<string>} internalCommandIds
 * @property {string} ViewContainerId
 * @property {Record<string, string>} ViewId
 * @property {string} ConfigSection
 * @property {Record<string, string>} SettingKey
 * @property {Readonly<Record<string, unknown>>} settingDefaults
 * @property {readonly string[]} restrictedSettingKeys
 */

function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
}

function compareSets(problems, what, actual, expected) {
    const a = new Set(actual);
    const e = new Set(expected);
    for (const x of e) if (!a.has(x)) problems.push(`${what}: missing ${x}`);
    for (const x of a) if (!e.has(x)) problems.push(`${what}: unexpected ${x}`);
    if (actual.length !== a.size) problems.push(`${what}: duplicates in ${JSON.stringify(actual)}`);
}

/**
 * Returns every mismatch between the manifest and the tables; empty when they agree.
 * @param {any} manifest parsed package.json
 * @param {Tables} tables
 * @param {{ rootDir?: string }} [options] when set, also checks that icon files exist
 * @returns {string[]}
 */
export function checkManifest(manifest, tables, options = {}) {
    const problems = [];
    const contributes = manifest.contributes ?? {};

    // Activation: the status bar and hovers need startup activation; never "*".
    if (!same(manifest.activationEvents, ['onStartupFinished'])) {
        problems.push(
            `activationEvents: expected ["onStartupFinished"], got ${JSON.stringify(manifest.activationEvents)}`,
        );
    }

    // Commands.
    const commands = contributes.commands ?? [];
    const commandIds = Object.values(tables.CommandId);
    compareSets(
        problems,
        'contributes.commands',
        commands.map((c) => c.command),
        commandIds,
    );
    for (const c of commands) {
        if (c.category !== category)
            problems.push(`command ${c.command}: category must be "${category}"`);
        if (typeof c.title !== 'string' || c.title.trim() === '')
            problems.push(`command ${c.command}: no title`);
        if (typeof c.title === 'string' && c.title.startsWith(`${category}:`)) {
            problems.push(`command ${c.command}: the title repeats the category`);
        }
        if (!/^avalanche\.[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(c.command ?? '')) {
            problems.push(`command ${c.command}: id must look like avalanche.<area>.<verb>`);
        }
    }
    const palette = contributes.menus?.commandPalette ?? [];
    const hidden = palette.filter((m) => m.when === 'false').map((m) => m.command);
    compareSets(problems, 'commandPalette entries with "when": "false"', hidden, [
        ...tables.internalCommandIds,
    ]);
    for (const [menu, entries] of Object.entries(contributes.menus ?? {})) {
        for (const entry of entries) {
            if (entry.command && !commandIds.includes(entry.command)) {
                problems.push(`menus.${menu}: unknown command ${entry.command}`);
            }
        }
    }

    // View container and views.
    const containers = contributes.viewsContainers?.activitybar ?? [];
    const container = containers.find((c) => c.id === tables.ViewContainerId);
    if (!container) {
        problems.push(`viewsContainers.activitybar: missing ${tables.ViewContainerId}`);
    } else {
        if (container.title !== category)
            problems.push(`view container title must be "${category}"`);
        if (typeof container.icon !== 'string' || !container.icon.endsWith('.svg')) {
            problems.push('view container icon must be an SVG file');
        } else if (options.rootDir) {
            const iconPath = join(options.rootDir, container.icon);
            if (!existsSync(iconPath))
                problems.push(`view container icon ${container.icon} does not exist`);
            else if (!readFileSync(iconPath, 'utf8').includes('currentColor')) {
                problems.push(`view container icon ${container.icon} must paint with currentColor`);
            }
        }
    }
    const views = contributes.views?.[tables.ViewContainerId] ?? [];
    const viewIds = Object.values(tables.ViewId);
    compareSets(
        problems,
        `views.${tables.ViewContainerId}`,
        views.map((v) => v.id),
        viewIds,
    );
    for (const v of views) {
        if (typeof v.name !== 'string' || v.name === '') problems.push(`view ${v.id}: no name`);
    }

    // Welcome content: every view has an unconditional entry; links name contributed commands.
    const welcome = contributes.viewsWelcome ?? [];
    for (const id of viewIds) {
        if (!welcome.some((w) => w.view === id && w.when === undefined && w.contents)) {
            problems.push(`viewsWelcome: ${id} has no unconditional welcome content`);
        }
    }
    for (const w of welcome) {
        if (!viewIds.includes(w.view)) problems.push(`viewsWelcome: unknown view ${w.view}`);
        for (const m of String(w.contents ?? '').matchAll(/\]\(command:([^)?\s]+)/g)) {
            if (!commandIds.includes(m[1]))
                problems.push(`viewsWelcome ${w.view}: unknown command ${m[1]}`);
        }
    }

    // Settings: titled sections, keys == SettingKey, scope + markdownDescription, same defaults.
    const sections = Array.isArray(contributes.configuration) ? contributes.configuration : [];
    if (!Array.isArray(contributes.configuration)) {
        problems.push('contributes.configuration must be an array of titled sections');
    }
    const properties = {};
    for (const section of sections) {
        if (typeof section.title !== 'string' || section.title === '')
            problems.push('configuration section without title');
        Object.assign(properties, section.properties ?? {});
    }
    const settingIds = Object.values(tables.SettingKey).map((k) => `${tables.ConfigSection}.${k}`);
    compareSets(problems, 'configuration properties', Object.keys(properties), settingIds);
    for (const [id, schema] of Object.entries(properties)) {
        if (!schema.scope) problems.push(`setting ${id}: no scope`);
        if (typeof schema.markdownDescription !== 'string' || schema.markdownDescription === '') {
            problems.push(`setting ${id}: no markdownDescription`);
        }
        const key = id.slice(tables.ConfigSection.length + 1);
        if (key in tables.settingDefaults && !same(schema.default, tables.settingDefaults[key])) {
            problems.push(
                `setting ${id}: default ${JSON.stringify(schema.default)} differs from settingDefaults (${JSON.stringify(tables.settingDefaults[key])})`,
            );
        }
    }

    // Untrusted workspaces: the request-routing keys are restricted, and only those.
    const restricted = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
    compareSets(
        problems,
        'capabilities.untrustedWorkspaces.restrictedConfigurations',
        restricted,
        tables.restrictedSettingKeys.map((k) => `${tables.ConfigSection}.${k}`),
    );
    return problems;
}

/** Loads the TypeScript tables by bundling them in memory. */
export async function loadTables(rootDir) {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
        absWorkingDir: rootDir,
        stdin: {
            contents: [
                "export { CommandId, internalCommandIds } from './src/commands/commandIds';",
                "export { ViewContainerId, ViewId } from './src/platform/viewIds';",
                "export { ConfigSection, SettingKey, settingDefaults, restrictedSettingKeys } from './src/platform/settingKeys';",
            ].join('\n'),
            resolveDir: rootDir,
            loader: 'ts',
        },
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'node',
        external: ['vscode'],
        logLevel: 'silent',
    });
    const code = result.outputFiles[0].text;
    return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

const isMain = process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain) {
    const rootDir = join(dirname(fileURLToPath(import.meta.url)), '..');
    // As VS Code shows it: the `%key%` strings replaced by their texts (scripts/manifestNls.mjs).
    const nlsFile = join(rootDir, 'package.nls.json');
    const manifest = localize(
        JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8')),
        existsSync(nlsFile) ? JSON.parse(readFileSync(nlsFile, 'utf8')) : {},
    );
    const problems = checkManifest(manifest, await loadTables(rootDir), { rootDir });
    if (problems.length > 0) {
        console.error(`package.json does not match the id tables in src/ (${problems.length}):`);
        for (const p of problems) console.error(`  - ${p}`);
        process.exit(1);
    }
    console.log('package.json matches CommandId, ViewId and SettingKey.');
}
