/**
 * `npm run audit` (scripts/audit.mjs, scripts/auditScope.mjs): the packages whose code reaches a
 * bundle, read from a metafile that esbuild itself writes for a small entry, and the advisories of
 * an `npm audit --json` answer that concern them; then the script itself, run over such a
 * metafile and saved answers (npm's report format, and the error npm prints when the advisory
 * endpoint refuses), for its verdicts and exit codes.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

import * as esbuild from 'esbuild';
import { repoRoot } from '../../helpers/paths';

// Compiled to out/test/unit: the repository root is three levels up.
const rootDir = repoRoot;

interface Bundled {
    name: string;
    version: string | undefined;
    lockPath: string;
    files: number;
    bytes: number;
}

interface Advisory {
    id: string;
    package: string;
    title: string;
    url?: string;
    severity: string;
    range?: string;
    nodes: string[];
}

interface Exception {
    package: string;
    advisory: string;
    reason: string;
    expires?: string;
}

interface AuditScope {
    packageOfInput: (input: string) => { name: string; lockPath: string; dir: string } | undefined;
    bundledPackages: (metafile: esbuild.Metafile, root: string) => Bundled[];
    productionPaths: (lockfile: unknown) => string[];
    readAuditReport: (
        report: unknown,
    ) => { audited: true; advisories: Advisory[] } | { audited: false; reason: string };
    exceptionProblems: (file: unknown) => string[];
    classifyAdvisories: (
        advisories: Advisory[],
        scope: string[],
        exceptions?: Exception[],
        now?: Date,
    ) => {
        open: Advisory[];
        accepted: (Advisory & { reason: string })[];
        outOfScope: number;
        stale: Exception[];
        expired: Exception[];
    };
}

/** A computed specifier keeps TypeScript from resolving (and typing) the .mjs script. */
async function auditScope(): Promise<AuditScope> {
    return (await import(
        pathToFileURL(path.join(rootDir, 'scripts/auditScope.mjs')).href
    )) as AuditScope;
}

function installedVersion(name: string): string {
    const file = path.join(rootDir, 'node_modules', name, 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The metafile esbuild writes for an entry that imports zod, @noble/hashes and a project file. */
async function realMetafile(): Promise<esbuild.Metafile> {
    const result = await esbuild.build({
        stdin: {
            contents: [
                "import { z } from 'zod';",
                "import { sha256 } from '@noble/hashes/sha2.js';",
                "import { packageOfInput } from './scripts/auditScope.mjs';",
                'console.log(z.string().parse("a"), sha256, packageOfInput);',
            ].join('\n'),
            resolveDir: rootDir,
            sourcefile: 'audit-entry.ts',
            loader: 'ts',
        },
        absWorkingDir: rootDir,
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'cjs',
        logLevel: 'silent',
    });
    return result.metafile;
}

/** One advisory of an `npm audit --json` (report version 2) answer. */
function via(name: string, ghsa: string, severity = 'high'): Record<string, unknown> {
    return {
        source: 1100000,
        name,
        dependency: name,
        title: `Something wrong in ${name}`,
        url: `https://github.com/advisories/${ghsa}`,
        severity,
        range: '<99.0.0',
    };
}

function npmReport(entries: Record<string, { via: unknown[]; nodes: string[] }>): unknown {
    const vulnerabilities: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(entries)) {
        vulnerabilities[name] = {
            name,
            severity: 'high',
            isDirect: false,
            effects: [],
            range: '<99.0.0',
            fixAvailable: false,
            ...entry,
        };
    }
    return { auditReportVersion: 2, vulnerabilities, metadata: {} };
}

/** What npm 11 printed here when the registry refused the bulk advisory request. */
const refusedAnswer = {
    message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    method: 'POST',
    uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    statusCode: 405,
    body: '',
    error: { summary: '', detail: '' },
};

describe('(unit) audit: the packages that reach a bundle (scripts/auditScope.mjs)', () => {
    it('maps input paths to packages, scoped, nested and behind a resolved symlink', async () => {
        const { packageOfInput } = await auditScope();
        const cases: [string, string | undefined, string | undefined][] = [
            ['node_modules/zod/v4/core/core.js', 'zod', 'node_modules/zod'],
            ['node_modules/@noble/hashes/sha2.js', '@noble/hashes', 'node_modules/@noble/hashes'],
            [
                'node_modules/viem/node_modules/ox/_esm/core/Hex.js',
                'ox',
                'node_modules/viem/node_modules/ox',
            ],
            [
                '../../main/node_modules/@scope/pkg/node_modules/abitype/dist/index.js',
                'abitype',
                'node_modules/@scope/pkg/node_modules/abitype',
            ],
            ['src/core/format.ts', undefined, undefined],
            ['lazy-bundle:core.js', undefined, undefined],
            ['<stdin>', undefined, undefined],
            ['scripts/node_modules_notes.mjs', undefined, undefined],
        ];
        for (const [input, name, lockPath] of cases) {
            const found = packageOfInput(input);
            assert.equal(found?.name, name, input);
            assert.equal(found?.lockPath, lockPath, input);
        }
    });

    it('lists the packages of a real esbuild metafile with their installed versions', async () => {
        const { bundledPackages } = await auditScope();
        const metafile = await realMetafile();
        const packages = bundledPackages(metafile, rootDir);
        assert.deepEqual(
            packages.map((p) => `${p.name}@${p.version ?? '?'} ${p.lockPath}`),
            [
                `@noble/hashes@${installedVersion('@noble/hashes')} node_modules/@noble/hashes`,
                `zod@${installedVersion('zod')} node_modules/zod`,
            ],
        );
        const zod = packages.find((p) => p.name === 'zod');
        assert.ok(zod && zod.files > 1 && zod.bytes > 10_000, JSON.stringify(zod));
        // The project's own file and the entry are inputs too, and no package.
        assert.ok(Object.keys(metafile.inputs).some((input) => input.endsWith('auditScope.mjs')));
    });

    it('takes the production tree from package-lock.json: what --omit=dev would check', async () => {
        const { productionPaths } = await auditScope();
        const lockfile = JSON.parse(
            readFileSync(path.join(rootDir, 'package-lock.json'), 'utf8'),
        ) as unknown;
        const paths = productionPaths(lockfile);
        assert.ok(paths.includes('node_modules/undici'), paths.join(', '));
        assert.ok(!paths.includes('node_modules/zod'), 'zod is a devDependency');
    });

    it('reports advisories of bundled and production packages only, less accepted ones', async () => {
        const { readAuditReport, classifyAdvisories } = await auditScope();
        const report = readAuditReport(
            npmReport({
                zod: { via: [via('zod', 'GHSA-2222-3333-4444')], nodes: ['node_modules/zod'] },
                ajv: { via: [via('ajv', 'GHSA-4444-5555-6666')], nodes: ['node_modules/ajv'] },
                // A development tool's advisory, and the entry npm repeats on its dependant.
                eslint: {
                    via: [via('minimatch', 'GHSA-6666-7777-8888')],
                    nodes: ['node_modules/eslint'],
                },
                glob: { via: ['minimatch'], nodes: ['node_modules/glob'] },
            }),
        );
        assert.ok(report.audited);
        assert.equal(report.advisories.length, 3, 'one per advisory of a package');
        const exceptions: Exception[] = [
            {
                package: 'ajv',
                advisory: 'GHSA-4444-5555-6666',
                reason: 'Only schemas of our own are compiled; the MCP SDK never sees peer input there.',
            },
            {
                package: 'zod',
                advisory: 'GHSA-9999-9999-9999',
                reason: 'An advisory fixed since, whose entry should have been removed.',
            },
        ];
        const result = classifyAdvisories(
            report.advisories,
            ['node_modules/zod', 'node_modules/ajv', 'node_modules/undici'],
            exceptions,
        );
        assert.deepEqual(
            result.open.map((a) => `${a.package} ${a.id}`),
            ['zod GHSA-2222-3333-4444'],
        );
        assert.deepEqual(
            result.accepted.map((a) => `${a.package} ${a.id}`),
            ['ajv GHSA-4444-5555-6666'],
        );
        assert.equal(result.outOfScope, 1);
        assert.deepEqual(
            result.stale.map((e) => e.advisory),
            ['GHSA-9999-9999-9999'],
        );
        // An exception past its date accepts nothing any more.
        const later = classifyAdvisories(
            report.advisories,
            ['node_modules/ajv'],
            [{ ...exceptions[0]!, expires: '2020-01-01' }],
        );
        assert.equal(later.open.length, 1);
        assert.equal(later.expired.length, 1);
    });

    it('tells an answer without a report (the endpoint refused) from a clean one', async () => {
        const { readAuditReport } = await auditScope();
        const refused = readAuditReport(refusedAnswer);
        assert.equal(refused.audited, false);
        assert.ok(!refused.audited && refused.reason.includes('405'), JSON.stringify(refused));
        assert.equal(readAuditReport(undefined).audited, false);
        assert.deepEqual(readAuditReport(npmReport({})), { audited: true, advisories: [] });
    });

    it('refuses exceptions without a package, an advisory id or a reason', async () => {
        const { exceptionProblems } = await auditScope();
        assert.deepEqual(exceptionProblems({ exceptions: [] }), []);
        assert.equal(exceptionProblems({}).length, 1);
        const problems = exceptionProblems({
            exceptions: [{ package: 'zod', advisory: 'GHSA-2222-3333-4444', reason: 'ok' }],
        });
        assert.match(problems.join('\n'), /reason/);
        const committed = JSON.parse(
            readFileSync(path.join(rootDir, 'audit-exceptions.json'), 'utf8'),
        ) as unknown;
        assert.deepEqual(exceptionProblems(committed), [], 'audit-exceptions.json');
    });
});

describe('(unit) audit: npm run audit (scripts/audit.mjs) over saved answers', function () {
    this.timeout(60_000);
    let dir: string;
    let metafileFile: string;

    before(async () => {
        dir = mkdtempSync(path.join(os.tmpdir(), 'avalanche-explorer-audit-'));
        metafileFile = path.join(dir, 'metafile.json');
        writeFileSync(metafileFile, JSON.stringify(await realMetafile()));
    });

    after(() => rmSync(dir, { recursive: true, force: true }));

    function audit(report: unknown, exceptions: unknown = { exceptions: [] }) {
        const reportFile = path.join(dir, 'report.json');
        const exceptionsFile = path.join(dir, 'exceptions.json');
        writeFileSync(reportFile, JSON.stringify(report));
        writeFileSync(exceptionsFile, JSON.stringify(exceptions));
        const run = spawnSync(
            process.execPath,
            [
                path.join(rootDir, 'scripts/audit.mjs'),
                '--metafile',
                metafileFile,
                '--report',
                reportFile,
                '--exceptions',
                exceptionsFile,
            ],
            { cwd: rootDir, encoding: 'utf8' },
        );
        return { status: run.status, output: `${run.stdout}${run.stderr}` };
    }

    it('says NOT AUDITED and exits 2 when npm got no advisories: never a silent pass', () => {
        const run = audit(refusedAnswer);
        assert.equal(run.status, 2, run.output);
        assert.match(run.output, /NOT AUDITED/);
        assert.match(run.output, /405 Method Not Allowed/);
        // The packages are still listed, so the run says what it could not check.
        assert.match(run.output, /zod@\d/);
    });

    it('exits 1 on an advisory of a bundled package, 0 once it is accepted with a reason', () => {
        const report = npmReport({
            zod: { via: [via('zod', 'GHSA-2222-3333-4444')], nodes: ['node_modules/zod'] },
            eslint: { via: [via('eslint', 'GHSA-6666-7777-8888')], nodes: ['node_modules/eslint'] },
        });
        const open = audit(report);
        assert.equal(open.status, 1, open.output);
        assert.match(open.output, /OPEN advisories of code that ships \(1\)/);
        assert.match(open.output, /zod .*GHSA-2222-3333-4444/);
        assert.doesNotMatch(open.output, /GHSA-6666-7777-8888/, 'a development tool is reported');

        const accepted = audit(report, {
            exceptions: [
                {
                    package: 'zod',
                    advisory: 'GHSA-2222-3333-4444',
                    reason: 'The affected parser is never reached: see the schemas in src/core.',
                },
            ],
        });
        assert.equal(accepted.status, 0, accepted.output);
        assert.match(accepted.output, /audit: 0 open, 1 accepted/);
    });

    it('exits 0 when only development tools have advisories', () => {
        const run = audit(
            npmReport({
                eslint: {
                    via: [via('eslint', 'GHSA-6666-7777-8888')],
                    nodes: ['node_modules/eslint'],
                },
            }),
        );
        assert.equal(run.status, 0, run.output);
        assert.match(run.output, /1 concern development tools only/);
    });
});
