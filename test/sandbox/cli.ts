/**
 * `npm run sandbox`: starts the sandbox network in the foreground and prints its URLs and a few
 * known ids. Flags: --scale large|small, --seed N, --port-data N, --port-metrics N, --port-node N,
 * --node-network mainnet|fuji, --no-admin, --public-node, --require-key KEY, --hostile.
 */
import { startSandbox } from './index';
import type { SandboxOptions, SandboxSettings } from './types';

function parseArgs(argv: readonly string[]): SandboxOptions {
    const options: SandboxOptions = {};
    const settings: Partial<SandboxSettings> = {};
    const ports: { dataApi?: number; metrics?: number; node?: number } = {};
    const value = (i: number, flag: string): string => {
        const v = argv[i + 1];
        if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
        return v;
    };
    const int = (text: string, flag: string): number => {
        const n = Number(text);
        if (!Number.isInteger(n) || n < 0)
            throw new Error(`${flag} must be a non-negative integer`);
        return n;
    };
    for (let i = 0; i < argv.length; i++) {
        const flag = argv[i]!;
        switch (flag) {
            case '--scale': {
                const v = value(i++, flag);
                if (v !== 'small' && v !== 'large')
                    throw new Error('--scale must be small or large');
                options.scale = v;
                break;
            }
            case '--seed':
                options.seed = int(value(i++, flag), flag);
                break;
            case '--port-data':
                ports.dataApi = int(value(i++, flag), flag);
                break;
            case '--port-metrics':
                ports.metrics = int(value(i++, flag), flag);
                break;
            case '--port-node':
                ports.node = int(value(i++, flag), flag);
                break;
            case '--node-network': {
                const v = value(i++, flag);
                if (v !== 'mainnet' && v !== 'fuji')
                    throw new Error('--node-network must be mainnet or fuji');
                options.nodeNetwork = v;
                break;
            }
            case '--no-admin':
                settings.adminApi = false;
                break;
            case '--public-node':
                settings.publicNode = true;
                break;
            case '--require-key':
                settings.requireApiKey = value(i++, flag);
                break;
            case '--hostile':
                settings.hostile = true;
                break;
            case '--help':
            case '-h':
                console.log(
                    'Usage: npm run sandbox -- [--scale small|large] [--seed N] [--port-data N] [--port-metrics N] [--port-node N] [--node-network mainnet|fuji] [--no-admin] [--public-node] [--require-key KEY] [--hostile]',
                );
                return process.exit(0);
            default:
                throw new Error(`unknown flag ${flag}`);
        }
    }
    options.ports = ports;
    options.settings = settings;
    return options;
}

async function main(): Promise<void> {
    let options: SandboxOptions;
    try {
        options = parseArgs(process.argv.slice(2));
    } catch (error) {
        console.error(`sandbox: ${(error as Error).message}`);
        process.exit(2);
    }
    const started = Date.now();
    const sandbox = await startSandbox(options);
    const network = options.nodeNetwork ?? 'mainnet';
    const k = sandbox.known[network];
    console.log(
        `Sandbox network (${options.scale ?? 'small'}, seed ${options.seed ?? 1}) ready in ${Date.now() - started} ms`,
    );
    console.log(`  Data API     ${sandbox.dataApiUrl}`);
    console.log(`  Metrics API  ${sandbox.metricsUrl}`);
    console.log(`  Node         ${sandbox.nodeUrl}   (${network})`);
    console.log(`  Control      ${sandbox.dataApiUrl}/__sandbox/state`);
    console.log('Known ids:');
    for (const key of [
        'evmAddress',
        'evmTxHash',
        'erc20Contract',
        'pChainAddress',
        'pChainTxHash',
        'l1SubnetId',
        'l1BlockchainId',
        'l1EvmChainId',
        'nodeId',
    ] as const) {
        console.log(`  ${key.padEnd(15)} ${String(k[key])}`);
    }
    const stop = (): void => {
        void sandbox.close().then(() => process.exit(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
}

void main();
