// What `npm run audit` (scripts/audit.mjs) looks at, as pure functions the unit tier tests
// (test/unit/project/audit.test.ts): the npm packages whose code reaches dist/ (from esbuild's metafile),
// the packages of the production tree (package-lock.json), and which advisories of an
// `npm audit --json` report concern them, minus the ones audit-exceptions.json accepts with a reason.
//
// Why not `npm audit --omit=dev`: zod, viem (with ox and abitype), the MCP SDK and ajv are
// devDependencies because esbuild bundles them into dist/, and the packaged extension ships only
// dist/ and undici. `--omit=dev` would check undici alone and miss all the code that runs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The npm package an esbuild input path belongs to, or undefined for the project's own files and
 * for virtual modules (`lazy-bundle:core.js`, `<stdin>`). `lockPath` is the package's key in
 * package-lock.json (`node_modules/viem/node_modules/ox`): the input path from its first
 * `node_modules/`, which also works when node_modules is a symlink that esbuild resolved
 * (`../../main/node_modules/zod/…`); `dir` is the package's folder as the input names it.
 */
export function packageOfInput(input) {
    const normal = input.replace(/\\/g, '/');
    const inside = normal.indexOf('/node_modules/');
    if (!normal.startsWith('node_modules/') && inside < 0) return undefined;
    const first = normal.startsWith('node_modules/') ? 0 : inside + 1;
    // The last node_modules/<name> or node_modules/@scope/<name> on the path is the package.
    const pattern = /node_modules\/((?:@[^/]+\/)?[^/]+)/g;
    let match;
    let last;
    while ((match = pattern.exec(normal)) !== null) last = match;
    if (!last || last[1].startsWith('.')) return undefined;
    const end = last.index + last[0].length;
    return {
        name: last[1],
        lockPath: normal.slice(first, end),
        dir: normal.slice(0, end),
    };
}

/**
 * The packages whose files are inputs of a metafile (esbuild's, or several merged), one entry
 * per installed copy: `{ name, version, lockPath, files, bytes }` sorted by name and path.
 * `version` is read from the package's package.json under `root` (undefined if it has none).
 */
export function bundledPackages(metafile, root) {
    const byPath = new Map();
    for (const [input, { bytes = 0 } = {}] of Object.entries(metafile.inputs ?? {})) {
        const pkg = packageOfInput(input);
        if (!pkg) continue;
        let entry = byPath.get(pkg.lockPath);
        if (!entry) {
            const manifestFile = path.resolve(root, pkg.dir, 'package.json');
            const version = existsSync(manifestFile)
                ? JSON.parse(readFileSync(manifestFile, 'utf8')).version
                : undefined;
            entry = { name: pkg.name, version, lockPath: pkg.lockPath, files: 0, bytes: 0 };
            byPath.set(pkg.lockPath, entry);
        }
        entry.files++;
        entry.bytes += bytes;
    }
    return [...byPath.values()].sort(
        (a, b) => a.name.localeCompare(b.name) || a.lockPath.localeCompare(b.lockPath),
    );
}

/**
 * The package-lock.json keys of the production tree: what `npm audit --omit=dev` checks (the
 * runtime `dependencies`, which the .vsix carries next to dist/, and theirs).
 */
export function productionPaths(lockfile) {
    return Object.entries(lockfile.packages ?? {})
        .filter(([key, entry]) => key !== '' && !entry.dev && !entry.devOptional)
        .map(([key]) => key);
}

/** The GHSA id in an advisory's URL, or the npm advisory number. */
function advisoryId(via) {
    return /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(via.url ?? '')?.[0] ?? String(via.source);
}

/**
 * Reads an `npm audit --json` answer. `{ audited: false, reason }` when it holds no report (the
 * advisory endpoint unreachable or refusing: npm then prints an error object instead), else
 * `{ audited: true, advisories }` with one `{ id, package, title, url, severity, range, nodes }`
 * per advisory of a package (advisories npm repeats on the packages that depend on it are left
 * to that package's own entry).
 */
export function readAuditReport(report) {
    if (
        !report ||
        typeof report !== 'object' ||
        !report.vulnerabilities ||
        typeof report.vulnerabilities !== 'object'
    ) {
        const reason =
            report?.message ??
            report?.error?.summary ??
            (report === undefined ? 'npm printed no JSON' : 'npm printed no vulnerability report');
        return { audited: false, reason: String(reason).slice(0, 500) };
    }
    const advisories = [];
    for (const [name, entry] of Object.entries(report.vulnerabilities)) {
        for (const via of entry.via ?? []) {
            if (typeof via !== 'object' || via === null) continue;
            advisories.push({
                id: advisoryId(via),
                package: via.name ?? name,
                title: String(via.title ?? ''),
                url: via.url,
                severity: via.severity ?? entry.severity,
                range: via.range ?? entry.range,
                nodes: entry.nodes ?? [`node_modules/${name}`],
            });
        }
    }
    return { audited: true, advisories };
}

/**
 * Checks audit-exceptions.json's content: `{ exceptions: [{ package, advisory, reason,
 * expires? }] }`, each with a reason of its own (why the finding does not apply, or why it waits).
 * Returns the list of problems; empty when it is usable.
 */
export function exceptionProblems(file) {
    const problems = [];
    if (!file || !Array.isArray(file.exceptions)) return ['"exceptions" must be a list'];
    file.exceptions.forEach((e, i) => {
        const where = `exceptions[${i}]`;
        if (typeof e?.package !== 'string' || !e.package) problems.push(`${where}: no package`);
        if (typeof e?.advisory !== 'string' || !e.advisory)
            problems.push(`${where}: no advisory (GHSA id)`);
        if (typeof e?.reason !== 'string' || e.reason.trim().length < 20)
            problems.push(`${where}: the reason must say why (20 characters at least)`);
        if (e?.expires !== undefined && Number.isNaN(Date.parse(e.expires)))
            problems.push(`${where}: expires is not a date`);
    });
    return problems;
}

/**
 * Sorts the advisories that concern `scope` (package-lock.json keys: the bundled packages and
 * the production tree) into `open` and `accepted` (matched by package and advisory id to an
 * exception that has not expired by `now`); the rest concern only development tools. `stale`
 * lists the exceptions that matched nothing in scope, and `expired` those past their date.
 */
export function classifyAdvisories(advisories, scope, exceptions = [], now = new Date()) {
    const inScope = new Set(scope);
    const open = [];
    const accepted = [];
    let outOfScope = 0;
    const used = new Set();
    const live = exceptions.filter((e) => !e.expires || Date.parse(e.expires) > now.getTime());
    for (const advisory of advisories) {
        const nodes = advisory.nodes.filter((node) => inScope.has(node));
        if (nodes.length === 0) {
            outOfScope++;
            continue;
        }
        const exception = live.find(
            (e) => e.package === advisory.package && e.advisory === advisory.id,
        );
        if (exception) {
            used.add(exception);
            accepted.push({ ...advisory, nodes, reason: exception.reason });
        } else {
            open.push({ ...advisory, nodes });
        }
    }
    return {
        open,
        accepted,
        outOfScope,
        stale: live.filter((e) => !used.has(e)),
        expired: exceptions.filter((e) => !live.includes(e)),
    };
}
