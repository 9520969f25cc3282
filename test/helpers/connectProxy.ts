/**
 * A small forward proxy on loopback for plain-Node tests and benchmarks: it answers CONNECT (the
 * tunnel undici's ProxyAgent opens for every request), records each CONNECT line with its
 * headers, optionally demands `Proxy-Authorization`, and maps host names of its own to
 * 127.0.0.1, so that a URL under such a name works only through this proxy. The host-level
 * tests use a real proxy from Debian instead (scripts/squid.mjs).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface SeenConnect {
    /** `host:port` of the CONNECT line. */
    readonly target: string;
    readonly headers: IncomingHttpHeaders;
}

export interface ConnectProxy {
    /** `http://127.0.0.1:<port>` */
    readonly url: string;
    readonly seen: SeenConnect[];
    close(): Promise<void>;
}

export async function startConnectProxy(options: {
    /** Host names the proxy sends to 127.0.0.1; any other name fails with 502. */
    hosts: readonly string[];
    /** When set, a CONNECT without exactly this `Proxy-Authorization` gets 407. */
    authorization?: string;
}): Promise<ConnectProxy> {
    const seen: SeenConnect[] = [];
    const sockets = new Set<Socket>();
    const server = createServer((_req, res) => {
        // Only tunnels: a request in absolute form would show its headers to the proxy.
        res.writeHead(405).end();
    });
    server.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
    });
    server.on('connect', (req, client: Socket, head: Buffer) => {
        const target = req.url ?? '';
        seen.push({ target, headers: req.headers });
        if (
            options.authorization !== undefined &&
            req.headers['proxy-authorization'] !== options.authorization
        ) {
            client.end(
                'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
            );
            return;
        }
        const [host = '', port = ''] = target.split(':');
        if (!options.hosts.includes(host.toLowerCase())) {
            client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
            return;
        }
        const upstream = connect(Number(port), '127.0.0.1', () => {
            client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
            if (head.length) upstream.write(head);
            upstream.pipe(client);
            client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return {
        url: `http://127.0.0.1:${port}`,
        seen,
        close: () =>
            new Promise((resolve) => {
                for (const socket of sockets) socket.destroy();
                server.close(() => resolve());
            }),
    };
}
