/**
 * A throw-away root certificate and a server certificate it signs, made with the `openssl`
 * command, for the TLS-inspection tests: a server that presents `cert` is trusted only by a
 * client that is handed `rootPem` (or finds it through NODE_EXTRA_CA_CERTS).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificates {
    readonly rootPem: string;
    readonly rootFile: string;
    readonly key: string;
    readonly cert: string;
    remove(): void;
}

/** A root and a server certificate for `hosts` (names and 127.0.0.1), valid for a day. */
export function makeTestCertificates(hosts: readonly string[]): TestCertificates {
    const dir = mkdtempSync(path.join(tmpdir(), 'avalanche-explorer-certs-'));
    const file = (name: string): string => path.join(dir, name);
    const openssl = (...args: string[]): void => {
        execFileSync('openssl', args, { stdio: 'pipe' });
    };
    openssl(
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=Avalanche Explorer test inspection root',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-addext',
        'keyUsage=critical,keyCertSign,cRLSign',
        '-keyout',
        file('root.key'),
        '-out',
        file('root.pem'),
    );
    openssl(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${hosts[0] ?? 'localhost'}`,
        '-keyout',
        file('server.key'),
        '-out',
        file('server.csr'),
    );
    const names = [...hosts.map((h) => `DNS:${h}`), 'IP:127.0.0.1'].join(',');
    writeFileSync(
        file('server.ext'),
        `subjectAltName=${names}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
    );
    openssl(
        'x509',
        '-req',
        '-in',
        file('server.csr'),
        '-CA',
        file('root.pem'),
        '-CAkey',
        file('root.key'),
        '-CAcreateserial',
        '-days',
        '1',
        '-extfile',
        file('server.ext'),
        '-out',
        file('server.pem'),
    );
    return {
        rootPem: readFileSync(file('root.pem'), 'utf8'),
        rootFile: file('root.pem'),
        key: readFileSync(file('server.key'), 'utf8'),
        cert: readFileSync(file('server.pem'), 'utf8'),
        remove: () => rmSync(dir, { recursive: true, force: true }),
    };
}
