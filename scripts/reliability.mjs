#!/usr/bin/env node
// `npm run test:reliability`: the reliability checks at full size, then the table of what was
// tried and what held. The checks are ordinary test files of the three tiers (test/unit/reliability/:
// fuzz*, bounds*, hostilePeer; test/unit/workspace/workspaceHostile*, test/integration/faults* and security*,
// test/e2e/hostile*, secrets* and trust*);
// `npm test` runs the same files with small case counts. The proxy checks (test/integration/proxy*)
// run twice, behind squid named by `http.proxy` (with TLS inspection) and by HTTPS_PROXY.
// Here they run with:
//   RELIABILITY_FULL=1    the whole fault matrix, 100,000 fuzz cases per property, a 10-minute soak
//   RELIABILITY_RECORD    the file each check appends its row to (JSON lines)
// Writes bench/results/reliability.md and .json and exits non-zero when a tier failed or a check
// did not hold. Options: --fast (the `npm test` sizes, for trying the script), --skip-e2e,
// --skip-integration, --skip-unit. FUZZ_RUNS and SOAK_SECONDS override the sizes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = new Set(process.argv.slice(2));
const fast = args.has('--fast');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-reliability-'));
const recordFile = path.join(workDir, 'records.jsonl');
writeFileSync(recordFile, '');

const env = {
    ...process.env,
    RELIABILITY_RECORD: recordFile,
    ...(fast ? {} : { RELIABILITY_FULL: '1' }),
    // The soak alone runs 10 minutes inside the integration tier.
    HOST_TEST_TIMEOUT_MS:
        process.env.HOST_TEST_TIMEOUT_MS ?? String(fast ? 15 * 60_000 : 50 * 60_000),
};

const started = Date.now();
const tiers = [];

function run(title, command, commandArgs, extraEnv = {}) {
    const t0 = Date.now();
    console.log(`\n=== ${title}: ${command} ${commandArgs.join(' ')}`);
    const result = spawnSync(command, commandArgs, {
        cwd: root,
        env: { ...env, ...extraEnv },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 256 * 1024 * 1024,
    });
    process.stdout.write(result.stdout ?? '');
    const summary = /^(\w+): (\d+) passed, (\d+) failed/m.exec(result.stdout ?? '');
    const seconds = (Date.now() - t0) / 1000;
    console.log(
        `=== ${title} finished in ${seconds.toFixed(1)} s with exit code ${result.status ?? result.signal}`,
    );
    return {
        title,
        ok: result.status === 0,
        seconds,
        passed: summary ? Number(summary[2]) : undefined,
        failed: summary ? Number(summary[3]) : undefined,
    };
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// tsc emits even when files of other people have type errors; the runs need only our outputs.
run('compile', npx, ['tsc', '-p', 'tsconfig.test.json']);

if (!args.has('--skip-unit')) {
    tiers.push(
        run('unit (fuzz, bounds, hostile peers and workspace)', npx, [
            'mocha',
            '--no-config',
            '--timeout',
            '0',
            '--fgrep',
            '(unit)',
            '--reporter',
            path.join(root, 'scripts/summaryReporter.cjs'),
            '--reporter-option',
            'tier=unit',
            'out/test/unit/reliability/*.test.js',
            'out/test/unit/workspace/workspaceHostile*.test.js',
        ]),
    );
}
if (!args.has('--skip-integration') || !args.has('--skip-e2e')) {
    const build = run('build', 'npm', ['run', '--silent', 'build']);
    if (!build.ok) tiers.push(build);
}
if (!args.has('--skip-integration')) {
    tiers.push(
        run(
            'integration (faults, trust, soak)',
            process.execPath,
            [path.join(root, 'scripts/hostTest.mjs'), 'integration'],
            {
                TEST_GREP: '(integration) reliability',
            },
        ),
    );
}
if (!args.has('--skip-integration')) {
    // Behind a real proxy (squid on loopback): named by `http.proxy` with the sandbox over HTTPS
    // under a test root only the system store trusts, then named by HTTPS_PROXY.
    for (const [title, extra] of [
        [
            'integration (proxy: http.proxy, TLS inspection)',
            { HOST_PROXY: 'setting', HOST_TLS: '1' },
        ],
        ['integration (proxy: HTTPS_PROXY)', { HOST_PROXY: 'env' }],
    ]) {
        tiers.push(
            run(title, process.execPath, [path.join(root, 'scripts/hostTest.mjs'), 'integration'], {
                TEST_GREP: '(integration) proxy',
                ...extra,
            }),
        );
    }
}
if (!args.has('--skip-e2e')) {
    tiers.push(
        run(
            'e2e (hostile data, secrets, untrusted workspace)',
            process.execPath,
            [path.join(root, 'scripts/hostTest.mjs'), 'e2e'],
            {
                TEST_GREP: '(e2e) reliability',
            },
        ),
    );
}

const records = readFileSync(recordFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

const areaOrder = [
    'faults',
    'hostile',
    'hostile workspace',
    'secrets',
    'trust',
    'proxy',
    'fuzz',
    'bounds',
    'soak',
];
records.sort((a, b) => areaOrder.indexOf(a.area) - areaOrder.indexOf(b.area) || a.atMs - b.atMs);

const held = records.filter((r) => r.held).length;
const notHeld = records.length - held;
const tiersOk = tiers.every((t) => t.ok);
const fmt = (n) => (n === undefined || n === null ? '' : Number(n).toLocaleString('en-US'));
const cell = (text) =>
    String(text ?? '')
        .replace(/\|/g, '\\|')
        .replace(/\n/g, ' ');

const rows = records.map((r) => [
    r.area,
    r.check,
    fmt(r.cases),
    fmt(r.requests),
    r.held ? 'held' : 'DID NOT HOLD',
    r.detail ?? '',
]);
const widths = [0, 1, 2, 3, 4].map((i) =>
    Math.max(
        ['area', 'check', 'cases', 'requests', 'result'][i].length,
        ...rows.map((row) => row[i].length),
    ),
);
const line = (row) =>
    row
        .slice(0, 5)
        .map((v, i) => (i === 2 || i === 3 ? v.padStart(widths[i]) : v.padEnd(widths[i])))
        .join('  ');

console.log('\n=== Reliability');
console.log(line(['area', 'check', 'cases', 'requests', 'result']));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of rows) console.log(`${line(row)}  ${row[5].slice(0, 100)}`);
console.log('');
for (const t of tiers) {
    console.log(
        `${t.ok ? 'ok  ' : 'FAIL'} ${t.title}: ${t.passed ?? '?'} passed, ${t.failed ?? '?'} failed (${t.seconds.toFixed(0)} s)`,
    );
}
console.log(
    `reliability: ${held} held, ${notHeld} did not hold${tiersOk ? '' : ' (a tier failed: see above)'}`,
);

const mode = fast ? 'fast (npm test sizes)' : 'full';
const md = [
    '# Reliability',
    '',
    `\`npm run test:reliability\` (${mode}), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${Math.round((Date.now() - started) / 60_000)} min, Node ${process.version}, ${os.cpus().length} cores.`,
    'Each row is one check of test/unit/reliability/ (fuzz*, bounds*, hostilePeer), test/unit/workspace/workspaceHostile*, test/integration/faults* and security*, or test/e2e/hostile*, secrets* and trust*.',
    '',
    '| area | check | cases | requests | result | detail |',
    '|---|---|--:|--:|---|---|',
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
    '| tier | passed | failed | seconds |',
    '|---|--:|--:|--:|',
    ...tiers.map(
        (t) => `| ${t.title} | ${t.passed ?? '?'} | ${t.failed ?? '?'} | ${t.seconds.toFixed(0)} |`,
    ),
    '',
    `**${held} held, ${notHeld} did not hold.**`,
    '',
].join('\n');
const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(path.join(resultsDir, 'reliability.md'), md);
writeFileSync(
    path.join(resultsDir, 'reliability.json'),
    `${JSON.stringify({ mode, startedAt: new Date(started).toISOString(), minutes: (Date.now() - started) / 60_000, tiers, held, notHeld, records }, null, 2)}\n`,
);
console.log(
    `Written: ${path.relative(root, path.join(resultsDir, 'reliability.md'))}, reliability.json`,
);
if (existsSync(workDir)) rmSync(workDir, { recursive: true, force: true });
process.exit(tiersOk && notHeld === 0 && records.length > 0 ? 0 : 1);
