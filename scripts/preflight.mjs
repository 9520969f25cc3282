// `npm test`'s first step: every system package the requested tiers need, checked at once, so that
// a fresh Debian machine learns the whole list and the one command that installs it, instead of
// stopping at the first tier that misses one. The list is .ci/run's, which installs the same
// packages; docs/testing.md says it too. Each check looks for the file or command the tier uses:
//   chromium     the workbench of integration, proxy, e2e and node-host (scripts/codeServer.mjs)
//   ripgrep, libkrb5-dev, build-essential, python3
//                code-server's first install (its ripgrep and kerberos modules; scripts/codeServer.mjs)
//   squid        the proxy suite's real proxy (scripts/squid.mjs)
//   openssl      test certificates (unit and proxy, test/helpers/testCertificates.ts) and squid's password file
//   golang-go, gcc
//                the node tier builds AvalancheGo, its plugin and a helper (scripts/avalanchego.mjs)
// `node scripts/preflight.mjs [tier…]` runs the check alone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const hostTiers = ['integration', 'proxy', 'e2e', 'node', 'node-host'];

/** True when `command` is on the PATH of `env`. */
function which(command, env) {
    const result = spawnSync('/bin/sh', ['-c', `command -v ${command}`], { env, stdio: 'ignore' });
    return result.status === 0;
}

/**
 * The checks: a Debian package, what needs it, the tiers that do, and whether it is present.
 * `codeServerInstalled` spares the install's build tools once code-server is in place.
 */
export function systemChecks({ env = process.env, codeServerInstalled = false } = {}) {
    const codeServerBuild = codeServerInstalled ? [] : hostTiers;
    const nodeTier = env['AVALANCHE_SKIP_NODE_TIER'] === '1' ? [] : ['node', 'node-host'];
    return [
        {
            package: 'chromium',
            why: 'the browser that runs the workbench',
            tiers: hostTiers,
            present: () =>
                ['/usr/bin/chromium', '/usr/bin/chromium-browser'].some((p) => existsSync(p)),
        },
        {
            package: 'ripgrep',
            why: "code-server's search binary",
            tiers: codeServerBuild,
            present: () => which('rg', env),
        },
        {
            package: 'libkrb5-dev',
            why: "code-server's kerberos module",
            tiers: codeServerBuild,
            present: () => existsSync('/usr/include/gssapi/gssapi.h') || which('krb5-config', env),
        },
        {
            package: 'build-essential',
            why: "code-server's native modules, and gcc for AvalancheGo's cgo",
            tiers: [...new Set([...codeServerBuild, ...nodeTier])],
            present: () =>
                which('make', env) &&
                which('g++', env) &&
                (which(env['CC'] || 'gcc', env) || which('cc', env)),
        },
        {
            package: 'python3',
            why: "node-gyp, for code-server's native modules",
            tiers: codeServerBuild,
            present: () => which('python3', env),
        },
        {
            package: 'squid',
            why: 'the real proxy of the proxy suite',
            tiers: ['proxy'],
            present: () => ['/usr/sbin/squid', '/usr/bin/squid'].some((p) => existsSync(p)),
        },
        {
            package: 'openssl',
            why: "test certificates and the proxy's password file",
            tiers: ['unit', 'proxy'],
            present: () => which('openssl', env),
        },
        {
            package: 'golang-go',
            why: 'building AvalancheGo, its Subnet-EVM plugin and a P-Chain helper (Go >= 1.25, or one that fetches it)',
            tiers: nodeTier,
            present: () => which('go', env),
        },
    ];
}

/** The missing packages that `tiers` need, each with why; empty when nothing is missing. */
export function missingPackages(tiers, options) {
    return systemChecks(options).filter(
        (check) => check.tiers.some((tier) => tiers.includes(tier)) && !check.present(),
    );
}

/** The message naming every missing package and the one line that installs them all. */
export function preflightMessage(missing) {
    const width = Math.max(...missing.map((m) => m.package.length));
    return [
        `Missing system packages (${missing.length}) for the requested test tiers:`,
        ...missing.map((m) => `  ${m.package.padEnd(width)}  ${m.why} (${m.tiers.join(', ')})`),
        'Install them all with (Debian/Ubuntu, as root or with sudo):',
        `  apt-get install -y --no-install-recommends ${missing.map((m) => m.package).join(' ')}`,
        'Or run .ci/run, which installs them and runs the tests. AVALANCHE_SKIP_NODE_TIER=1 skips the node tier.',
    ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const { installedCodeServer } = await import('./codeServer.mjs');
    const tiers = process.argv.slice(2);
    const missing = missingPackages(
        tiers.length ? tiers : ['unit', 'node', 'integration', 'proxy', 'e2e'],
        { codeServerInstalled: Boolean(installedCodeServer()) },
    );
    if (missing.length) {
        console.error(preflightMessage(missing));
        process.exit(1);
    }
    console.log('preflight: every system package the tiers need is here');
}
