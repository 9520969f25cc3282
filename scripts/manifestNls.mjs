#!/usr/bin/env node
// `node scripts/manifestNls.mjs`: moves every user-visible string of package.json's `contributes`
// into package.nls.json and leaves a `%key%` reference in its place, the way VS Code localises a
// manifest (https://code.visualstudio.com/api/references/extension-manifest, "localization"): a
// translation is then a `package.nls.<locale>.json` next to it, never a change to package.json.
// It converts only the strings still plain, so it can be run again whenever package.json gains
// some; package.json keeps its own formatting (each string is replaced where it stands).
// `--check` changes nothing and exits 1 naming every plain string left (`npm run lint` runs it).
//
// Which strings: command titles, short titles and categories; view container titles; view names
// and contextual titles; welcome contents; submenu labels; configuration section titles and each
// setting's (and nested schema's) descriptions, enum descriptions and labels and deprecation
// messages; walkthrough titles, descriptions and media alt texts. Not the language-model tools:
// their names and descriptions are also the MCP server's (src/core/agent/toolDefinitions.ts).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A reference to package.nls.json, as VS Code recognises one. */
const reference = /^%([^%\s]+)%$/;

const schemaTextFields = [
    'title',
    'description',
    'markdownDescription',
    'deprecationMessage',
    'markdownDeprecationMessage',
    'errorMessage',
];
const schemaTextLists = ['enumDescriptions', 'markdownEnumDescriptions', 'enumItemLabels'];

const slug = (text) =>
    String(text)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'x';
const short = (id) => String(id).replace(/^avalanche\./, '');

/**
 * Every user-visible string of `manifest.contributes`: its path in the manifest, its value and the
 * key it gets in package.nls.json (from ids, not positions, so that reordering keeps the keys).
 */
export function userVisibleStrings(manifest) {
    const found = [];
    const add = (pathParts, value, key) => {
        if (typeof value === 'string' && value !== '')
            found.push({ path: ['contributes', ...pathParts], value, key });
    };
    const c = manifest.contributes ?? {};
    (c.commands ?? []).forEach((command, i) => {
        const id = short(command.command);
        add(['commands', i, 'title'], command.title, `command.${id}`);
        add(['commands', i, 'shortTitle'], command.shortTitle, `command.${id}.short`);
        add(['commands', i, 'category'], command.category, `category.${slug(command.category)}`);
    });
    for (const [location, containers] of Object.entries(c.viewsContainers ?? {})) {
        containers.forEach((container, i) =>
            add(
                ['viewsContainers', location, i, 'title'],
                container.title,
                `viewContainer.${short(container.id)}`,
            ),
        );
    }
    for (const [container, views] of Object.entries(c.views ?? {})) {
        views.forEach((view, i) => {
            add(['views', container, i, 'name'], view.name, `view.${short(view.id)}`);
            add(
                ['views', container, i, 'contextualTitle'],
                view.contextualTitle,
                `view.${short(view.id)}.contextualTitle`,
            );
        });
    }
    const welcomes = new Map();
    (c.viewsWelcome ?? []).forEach((welcome, i) => {
        const n = (welcomes.get(welcome.view) ?? 0) + 1;
        welcomes.set(welcome.view, n);
        add(
            ['viewsWelcome', i, 'contents'],
            welcome.contents,
            `welcome.${short(welcome.view)}.${n}`,
        );
    });
    (c.submenus ?? []).forEach((submenu, i) =>
        add(['submenus', i, 'label'], submenu.label, `submenu.${short(submenu.id)}`),
    );
    const sections = Array.isArray(c.configuration) ? c.configuration : [c.configuration ?? {}];
    const sectionPath = (i) =>
        Array.isArray(c.configuration) ? ['configuration', i] : ['configuration'];
    sections.forEach((section, i) => {
        add([...sectionPath(i), 'title'], section.title, `config.section.${slug(section.title)}`);
        for (const [name, schema] of Object.entries(section.properties ?? {})) {
            schemaStrings(
                schema,
                [...sectionPath(i), 'properties', name],
                `config.${short(name)}`,
                add,
            );
        }
    });
    (c.walkthroughs ?? []).forEach((walkthrough, i) => {
        const key = `walkthrough.${short(walkthrough.id)}`;
        add(['walkthroughs', i, 'title'], walkthrough.title, `${key}.title`);
        add(['walkthroughs', i, 'description'], walkthrough.description, `${key}.description`);
        (walkthrough.steps ?? []).forEach((step, j) => {
            const stepKey = `${key}.${short(step.id)}`;
            const at = ['walkthroughs', i, 'steps', j];
            add([...at, 'title'], step.title, `${stepKey}.title`);
            add([...at, 'description'], step.description, `${stepKey}.description`);
            add([...at, 'media', 'altText'], step.media?.altText, `${stepKey}.altText`);
        });
    });
    return found;
}

/** The texts of one setting's JSON schema and of the schemas nested in it. */
function schemaStrings(schema, at, key, add) {
    if (!schema || typeof schema !== 'object') return;
    for (const field of schemaTextFields) add([...at, field], schema[field], `${key}.${field}`);
    for (const list of schemaTextLists) {
        if (!Array.isArray(schema[list])) continue;
        schema[list].forEach((text, j) => {
            const value = Array.isArray(schema.enum) ? schema.enum[j] : j;
            add([...at, list, j], text, `${key}.${list}.${slug(value)}`);
        });
    }
    for (const [name, nested] of Object.entries(schema.properties ?? {})) {
        schemaStrings(nested, [...at, 'properties', name], `${key}.${name}`, add);
    }
    if (schema.items && !Array.isArray(schema.items))
        schemaStrings(schema.items, [...at, 'items'], `${key}.items`, add);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        schemaStrings(
            schema.additionalProperties,
            [...at, 'additionalProperties'],
            `${key}.value`,
            add,
        );
    }
}

/** The user-visible strings that are not yet `%key%` references. */
export function plainStrings(manifest) {
    return userVisibleStrings(manifest).filter((entry) => !reference.test(entry.value));
}

/** `manifest` with every `%key%` string replaced by its text in `nls`, as VS Code shows it. */
export function localize(manifest, nls) {
    const walk = (value) => {
        if (typeof value === 'string') {
            const match = reference.exec(value);
            return match && typeof nls[match[1]] === 'string' ? nls[match[1]] : value;
        }
        if (Array.isArray(value)) return value.map(walk);
        if (value && typeof value === 'object')
            return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
        return value;
    };
    return walk(manifest);
}

/**
 * Converts the plain strings of package.json's text `manifestText`, adding their texts to `nls`:
 * returns the new text, the new table and how many strings it moved. A key already holding
 * another text gets a suffix (`.2`); one holding the same text is shared.
 */
export function convertManifest(manifestText, nls) {
    const manifest = JSON.parse(manifestText);
    const table = { ...nls };
    const replacements = new Map();
    for (const entry of plainStrings(manifest)) {
        let key = entry.key;
        for (let n = 2; key in table && table[key] !== entry.value; n++) key = `${entry.key}.${n}`;
        table[key] = entry.value;
        replacements.set(JSON.stringify(entry.path), `%${key}%`);
    }
    const text = replaceStrings(manifestText, replacements);
    const check = JSON.parse(text);
    if (plainStrings(check).length > 0) throw new Error('some strings were not replaced');
    return { text, nls: table, converted: replacements.size };
}

/**
 * Replaces, in JSON text, the string values at the given paths (keys: JSON of the path), leaving
 * every other character as it was.
 */
function replaceStrings(text, replacements) {
    let out = '';
    let at = 0;
    // Each open container: its kind, the key or index being read, and whether a key is awaited.
    const stack = [];
    const currentPath = () => stack.map((frame) => frame.at);
    let i = 0;
    const stringEnd = (start) => {
        let j = start + 1;
        while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
        return j + 1;
    };
    while (i < text.length) {
        const ch = text[i];
        const frame = stack[stack.length - 1];
        if (ch === '{' || ch === '[') {
            if (frame?.kind === 'array') frame.at++;
            stack.push(
                ch === '{'
                    ? { kind: 'object', at: undefined, expectKey: true }
                    : { kind: 'array', at: -1 },
            );
            i++;
        } else if (ch === '}' || ch === ']') {
            stack.pop();
            i++;
        } else if (ch === ',') {
            if (frame?.kind === 'object') frame.expectKey = true;
            i++;
        } else if (ch === '"') {
            const end = stringEnd(i);
            if (frame?.kind === 'object' && frame.expectKey) {
                frame.at = JSON.parse(text.slice(i, end));
                frame.expectKey = false;
            } else {
                if (frame?.kind === 'array') frame.at++;
                const replacement = replacements.get(JSON.stringify(currentPath()));
                if (replacement !== undefined) {
                    out += text.slice(at, i) + JSON.stringify(replacement);
                    at = end;
                }
            }
            i = end;
        } else if (/[-\d tfn]/.test(ch) && frame?.kind === 'array' && /[-\dtfn]/.test(ch)) {
            // A number, true, false or null in an array: one element.
            frame.at++;
            while (i < text.length && !/[,\]\s]/.test(text[i])) i++;
        } else {
            i++;
        }
    }
    return out + text.slice(at);
}

function readNls(file) {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const manifestFile = path.join(root, 'package.json');
    const nlsFile = path.join(root, 'package.nls.json');
    const text = readFileSync(manifestFile, 'utf8');
    if (process.argv.includes('--check')) {
        const nls = readNls(nlsFile);
        const manifest = JSON.parse(text);
        const plain = plainStrings(manifest).map(
            (e) => `  ${e.path.join('.')}: ${JSON.stringify(e.value).slice(0, 80)}`,
        );
        const unknown = userVisibleStrings(manifest)
            .map((e) => reference.exec(e.value)?.[1])
            .filter((key) => key !== undefined && typeof nls[key] !== 'string')
            .map((key) => `  %${key}% is not in package.nls.json`);
        if (plain.length || unknown.length) {
            console.error(
                `package.json has ${plain.length} user-visible strings not in package.nls.json` +
                    ` and ${unknown.length} unknown references; run node scripts/manifestNls.mjs:`,
            );
            for (const line of [...plain, ...unknown]) console.error(line);
            process.exit(1);
        }
        console.log(
            'manifestNls: every user-visible string of package.json is in package.nls.json',
        );
    } else {
        const result = convertManifest(text, readNls(nlsFile));
        if (result.converted > 0) {
            writeFileSync(manifestFile, result.text);
            const sorted = Object.fromEntries(
                Object.entries(result.nls).sort(([a], [b]) => a.localeCompare(b)),
            );
            writeFileSync(nlsFile, `${JSON.stringify(sorted, null, 4)}\n`);
        }
        console.log(`manifestNls: ${result.converted} strings moved to package.nls.json`);
    }
}
