// A real forward proxy for the proxy tests: Debian's squid, on loopback, in a folder of its own.
// It listens on two ports: one open, one that demands Basic credentials (407 without them). It
// alone resolves the test host names (its `hosts_file` maps them to 127.0.0.1), so a request for
// such a name that does not go through it fails. Its access log records every request with the
// request headers it saw, so a test can check what reached the proxy (and that an API key did not).
// Nothing on the machine changes: no /etc/hosts entry, no system configuration.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Where Debian installs the proxy and its password helper. */
const squidBinary = ['/usr/sbin/squid', '/usr/bin/squid'].find((file) => existsSync(file));
const ncsaHelper = '/usr/lib/squid/basic_ncsa_auth';

export function squidAvailable() {
    return squidBinary !== undefined && existsSync(ncsaHelper);
}

function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.on('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
    });
}

async function waitForPort(port, timeoutMs, alive) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
        if (!alive()) throw new Error('squid exited at start (see its cache.log)');
        const open = await new Promise((resolve) => {
            const socket = net.connect(port, '127.0.0.1');
            socket.once('connect', () => {
                socket.destroy();
                resolve(true);
            });
            socket.once('error', () => resolve(false));
        });
        if (open) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`squid did not listen on ${port} within ${timeoutMs} ms`);
}

/**
 * Starts squid in `dir` for `hosts` (names it maps to 127.0.0.1). Returns
 * { url, authUrl, user, password, accessLog, log(), stop() }.
 */
export async function startSquid({ dir, hosts, user = 'dev', password = 's3cret-proxy' }) {
    if (!squidAvailable()) throw new Error('squid is not installed (apt-get install squid)');
    mkdirSync(dir, { recursive: true });
    const [openPort, authPort] = [await freePort(), await freePort()];
    const file = (name) => path.join(dir, name);
    writeFileSync(file('hosts'), hosts.map((host) => `127.0.0.1 ${host}\n`).join(''));
    const hash = execFileSync('openssl', ['passwd', '-apr1', password], {
        encoding: 'utf8',
    }).trim();
    writeFileSync(file('passwd'), `${user}:${hash}\n`);
    writeFileSync(file('access.log'), '');
    writeFileSync(
        file('squid.conf'),
        [
            `http_port 127.0.0.1:${openPort} name=open`,
            `http_port 127.0.0.1:${authPort} name=auth`,
            `pid_filename ${file('squid.pid')}`,
            `cache_log ${file('cache.log')}`,
            // %>h: every request header the proxy received, to show what it saw (and did not).
            'logformat headers %ts.%03tu %>a %Ss/%03>Hs %rm %ru %un "%>h"',
            `access_log stdio:${file('access.log')} headers`,
            `hosts_file ${file('hosts')}`,
            `coredump_dir ${dir}`,
            'cache deny all',
            'cache_mem 8 MB',
            'shutdown_lifetime 0 seconds',
            'visible_hostname avalanche-explorer-test-proxy',
            `auth_param basic program ${ncsaHelper} ${file('passwd')}`,
            'auth_param basic realm avalanche-explorer-test',
            'auth_param basic children 1',
            'acl openport myportname open',
            'acl authport myportname auth',
            'acl authenticated proxy_auth REQUIRED',
            'http_access allow openport',
            'http_access allow authport authenticated',
            'http_access deny all',
            '',
        ].join('\n'),
    );
    // Squid started by root drops to its own user, which must be able to write the logs.
    if (process.getuid?.() === 0) {
        try {
            const proxyUid = Number(execFileSync('id', ['-u', 'proxy'], { encoding: 'utf8' }));
            const proxyGid = Number(execFileSync('id', ['-g', 'proxy'], { encoding: 'utf8' }));
            for (const name of ['', 'access.log', 'passwd', 'hosts']) {
                chownSync(name ? file(name) : dir, proxyUid, proxyGid);
            }
        } catch {
            // No `proxy` user: squid keeps running as root and can write anyway.
        }
    }
    const child = spawn(squidBinary, ['-N', '-f', file('squid.conf')], {
        cwd: dir,
        detached: true,
        stdio: 'ignore',
    });
    let exited = false;
    child.on('exit', () => {
        exited = true;
    });
    const stop = async () => {
        if (exited) return;
        try {
            process.kill(-child.pid, 'SIGTERM');
        } catch {
            return;
        }
        const deadline = Date.now() + 5000;
        while (!exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        if (!exited) {
            try {
                process.kill(-child.pid, 'SIGKILL');
            } catch {
                // already gone
            }
        }
    };
    try {
        await waitForPort(openPort, 15_000, () => !exited);
        await waitForPort(authPort, 15_000, () => !exited);
    } catch (error) {
        await stop();
        throw error;
    }
    return {
        url: `http://127.0.0.1:${openPort}`,
        authUrl: `http://127.0.0.1:${authPort}`,
        user,
        password,
        accessLog: file('access.log'),
        dir,
        log: () => readFileSync(file('access.log'), 'utf8'),
        stop,
    };
}
