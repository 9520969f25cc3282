#!/usr/bin/env node
// `npm run audit`: npm's advisories for the code that ships. The packaged extension is dist/ plus
// undici; most of what dist/ holds (zod, viem with ox and abitype, the MCP SDK with ajv, …) comes
// from devDependencies that esbuild bundles, which `npm audit --omit=dev` never looks at. This
// script builds (esbuild.mjs writes dist/metafile.json), lists the packages whose files are inputs
// of dist/, runs `npm audit --json` over the whole tree and reports the advisories of those
// packages and of the production tree (`dependencies`); audit-exceptions.json holds the ones left
// open on purpose, each with its reason. The pure parts are in scripts/auditScope.mjs.
//
//   node scripts/audit.mjs [--no-build] [--report <file>] [--metafile <file>] [--exceptions <file>]
//     --no-build    use dist/metafile.json as the last `npm run build` left it
//     --report      a saved `npm audit --json` answer instead of asking the registry
//     --metafile, --exceptions   other files than dist/metafile.json and audit-exceptions.json
//
// Exit codes: 0 no open advisory; 1 open advisories (or an unusable audit-exceptions.json);
// 2 NOT AUDITED: npm could not get advisories (no network, or a registry or mirror without the
// audit endpoint). A check that could not run is not a pass, so 2 is never 0; it is told apart
// from 1 so that a pipeline can decide what an unreachable endpoint means for it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import {
    bundledPackages,
    classifyAdvisories,
    exceptionProblems,
    productionPaths,
    readAuditReport,
} from './auditScope.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

const { values: options } = parseArgs({
    options: {
        'no-build': { type: 'boolean', default: false },
        report: { type: 'string' },
        metafile: { type: 'string' },
        exceptions: { type: 'string' },
    },
});
const metafileFile = path.resolve(options.metafile ?? path.join(root, 'dist', 'metafile.json'));
const exceptionsFile = path.resolve(options.exceptions ?? path.join(root, 'audit-exceptions.json'));

function kb(bytes) {
    return `${(bytes / 1024).toFixed(1)} kB`;
}

if (!options['no-build'] && !options.metafile) {
    console.log('building (node esbuild.mjs) for an up-to-date dist/metafile.json');
    const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
        console.error('ERROR: the build failed');
        process.exit(1);
    }
}
if (!existsSync(metafileFile)) {
    console.error(`ERROR: ${path.relative(root, metafileFile)} is missing: run "npm run build".`);
    process.exit(1);
}
const bundled = bundledPackages(JSON.parse(readFileSync(metafileFile, 'utf8')), root);
const lockfile = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const production = productionPaths(lockfile);
const scope = [...new Set([...bundled.map((p) => p.lockPath), ...production])];

console.log(`\nPackages whose code is in dist/ (${bundled.length}), with their inputs' size:`);
for (const p of bundled) {
    const where = p.lockPath === `node_modules/${p.name}` ? '' : ` (${p.lockPath})`;
    const files = `${p.files} file${p.files === 1 ? '' : 's'}`;
    console.log(`  ${p.name}@${p.version ?? '?'}${where}: ${files}, ${kb(p.bytes)}`);
}
console.log(`Production tree (package.json "dependencies" and theirs): ${production.join(', ')}`);

const exceptionsData = existsSync(exceptionsFile)
    ? JSON.parse(readFileSync(exceptionsFile, 'utf8'))
    : { exceptions: [] };
const problems = exceptionProblems(exceptionsData);
if (problems.length) {
    console.error(`\nERROR: ${path.basename(exceptionsFile)} is not usable:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
}

let reportText;
let source;
if (options.report) {
    source = options.report;
    reportText = readFileSync(options.report, 'utf8');
} else {
    source = 'npm audit --json';
    console.log(`\nrunning ${source} (asks the registry's advisory endpoint)`);
    // npm exits non-zero both when it found advisories and when it could not ask; the JSON says which.
    const audit = spawnSync('npm', ['audit', '--json'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
    });
    reportText = audit.stdout ?? '';
    if (audit.error) reportText = JSON.stringify({ message: audit.error.message });
}
let parsed;
try {
    parsed = JSON.parse(reportText);
} catch {
    parsed = undefined;
}
const report = readAuditReport(parsed);
if (!report.audited) {
    console.log(
        [
            '',
            '!!! NOT AUDITED: npm could not get the advisories, so nothing above was checked.',
            `!!! ${source}: ${report.reason}`,
            '!!! Run it where the way to the registry lets POST /-/npm/v1/security/advisories/bulk',
            '!!! through (the public registry answers it; mirrors and proxies may refuse it), or',
            '!!! pass an answer saved there with --report <file>.',
            '',
            `audit: NOT AUDITED (${bundled.length} bundled packages, ${production.length} production ones)`,
        ].join('\n'),
    );
    process.exit(2);
}

const result = classifyAdvisories(report.advisories, scope, exceptionsData.exceptions);
const describe = (a) =>
    `  ${String(a.severity ?? '?').padEnd(8)} ${a.package} ${a.range ?? ''} ${a.id}: ${a.title}\n           ${a.url ?? ''} (${a.nodes.join(', ')})`;
console.log(
    `\n${report.advisories.length} advisories in the whole tree; ${result.outOfScope} concern development tools only.`,
);
if (result.accepted.length) {
    console.log(`Accepted in ${path.basename(exceptionsFile)} (${result.accepted.length}):`);
    for (const a of result.accepted) console.log(`${describe(a)}\n           why: ${a.reason}`);
}
for (const e of result.expired)
    console.log(`Exception past its date, no longer applied: ${e.package} ${e.advisory}`);
for (const e of result.stale)
    console.log(`Exception that matches nothing any more (remove it): ${e.package} ${e.advisory}`);
if (result.open.length) {
    console.log(`\nOPEN advisories of code that ships (${result.open.length}):`);
    for (const a of result.open) console.log(describe(a));
    console.log(
        `\nUpdate the package, or add an entry with the reason to ${path.basename(exceptionsFile)}.`,
    );
}
console.log(
    `\naudit: ${result.open.length} open, ${result.accepted.length} accepted (${bundled.length} bundled packages, ${production.length} production ones)`,
);
process.exit(result.open.length ? 1 : 0);
