/**
 * The titles of the deployment lenses: what the selected network's chain says about a record's
 * transaction or contract. Loaded with the first lens resolved (`dist/contracts.js`, see
 * esbuild.mjs), so activation does not carry it.
 */
import type { Command } from 'vscode';

import type { Anchor } from '../core/workspace/anchors';
import type { BatchCall, ChainInfo, RpcTarget } from '../core/index';
import { formatError } from '../commands/formatError';
import type { ClientProvider } from '../platform/clients';
import { loadCore } from '../platform/lazyCore';
import { translateForPerson } from '../platform/personText';
import type { WorkspaceContracts } from '../platform/workspaceContracts';

/** How long a chain's answer about one value is reused. */
const answerTtlMs = 30_000;

export class LensTitles {
    private readonly answers = new Map<string, { atMs: number; title: Promise<string> }>();

    constructor(
        private readonly clients: ClientProvider,
        private readonly contracts: WorkspaceContracts,
        /** The command that opens a value's panel (passed in: the id table stays in main.js). */
        private readonly openCommand: string,
    ) {}

    /** Forgets what the chains said, so the lenses ask again. */
    forget(): void {
        this.answers.clear();
    }

    /** The lens's command: what the chain says as its title, opening the value's panel. */
    async command(a: Anchor): Promise<Command> {
        const key = `${this.clients.network}|${a.chainId ?? ''}|${a.kind}|${a.value}|${a.contractName ?? ''}`;
        let entry = this.answers.get(key);
        if (!entry || Date.now() - entry.atMs > answerTtlMs) {
            entry = { atMs: Date.now(), title: this.describe(a) };
            this.answers.set(key, entry);
            for (const old of this.answers.keys()) {
                if (this.answers.size <= 1_000) break;
                this.answers.delete(old);
            }
        }
        return {
            title: inertTitle(await entry.title),
            command: this.openCommand,
            arguments: [a.value],
            tooltip: a.kind === 'transaction' ? 'Open the transaction' : 'Open the address',
        };
    }

    /** The lens's title: what the chain says about the value, or why it could not be read. */
    async describe(a: Anchor): Promise<string> {
        try {
            const target = await this.rpcOf(a.chainId ?? (await this.chainFromIndex(a)));
            if (typeof target === 'string') return target;
            return a.kind === 'transaction'
                ? await this.transactionTitle(target.rpc, target.chain, a.value)
                : await this.contractTitle(target.rpc, target.chain, a);
        } catch (error) {
            return `$(warning) ${plain(formatError(error, translateForPerson).message)}`;
        }
    }

    /**
     * The chain of a record that does not say it itself: a hardhat-deploy record's is in its
     * folder's `.chainId`, which only the index (reading the whole folder) knows.
     */
    private async chainFromIndex(a: Anchor): Promise<string | undefined> {
        const index = await this.contracts.index.get();
        const records =
            a.kind === 'transaction'
                ? index.transaction(undefined, a.value)
                : index.contractAt(undefined, a.value);
        return records.find((r) => r.origin.file === a.file && r.chainId)?.chainId;
    }

    /** The chain's RPC on the selected network, or a sentence saying why there is none. */
    private async rpcOf(
        chainId: string | undefined,
    ): Promise<{ rpc: RpcTarget; chain: ChainInfo } | string> {
        if (!chainId) return 'no chain id in this record';
        const network = this.clients.network;
        // The node's chains, then the Data API's list: either may fail while the other answers.
        let failure: Error | undefined;
        const listed = async (read: () => Promise<readonly ChainInfo[]>) => {
            try {
                return await read();
            } catch (error) {
                failure ??= error instanceof Error ? error : new Error(String(error));
                return [];
            }
        };
        const chains = [
            ...(await listed(() => this.clients.nodeChains(network))),
            ...(network === 'local' ? [] : await listed(() => this.clients.chains(network))),
        ];
        const chain = chains.find((c) => c.chainId === chainId && c.rpcUrl);
        if (!chain?.rpcUrl && failure !== undefined) throw failure;
        if (!chain?.rpcUrl) {
            return `chain ${chainId} is not on the selected network (${network}); choose its network to see its state`;
        }
        const rpc = this.clients.rpcFor(chain.rpcUrl);
        return rpc ? { rpc, chain } : `chain ${chainId} has no http(s) RPC URL`;
    }

    private async transactionTitle(
        rpc: RpcTarget,
        chain: ChainInfo,
        hash: string,
    ): Promise<string> {
        const core = loadCore();
        const receipt = await callAt(
            rpc,
            core.batchCall(core.nodeRpcMethods.eth_getTransactionReceipt, [hash]),
        );
        if (!receipt)
            return `$(question) not on ${plain(chain.chainName)} (unknown or not yet mined)`;
        const icon = receipt.status === 'failed' ? '$(error) failed' : '$(pass) success';
        const fee =
            receipt.effectiveGasPrice === undefined
                ? ''
                : ` · fee ${core.formatAmount(
                      (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString(),
                      chain.networkToken.decimals,
                      plain(chain.networkToken.symbol),
                  )}`;
        return `${icon} · block ${receipt.blockNumber}${fee} · ${plain(chain.chainName)}`;
    }

    private async contractTitle(rpc: RpcTarget, chain: ChainInfo, a: Anchor): Promise<string> {
        const core = loadCore();
        const [code, knowledge] = await Promise.all([
            callAt(rpc, core.batchCall(core.nodeRpcMethods.eth_getCode, [a.value, 'latest'])),
            this.contracts.knowledge(),
        ]);
        if (code === '0x' || code.length <= 2)
            return `$(circle-slash) no code at this address on ${plain(chain.chainName)}`;
        const bytes = (code.length - 2) / 2;
        const verdict = core.codeVerdict(knowledge, code, a.contractName, a.file);
        return `$(pass) code present (${bytes} bytes) · ${plain(verdict)} · ${plain(chain.chainName)}`;
    }
}

/** One call to an RPC URL's own path (a chain's `/ext/bc/<id>/rpc`, or a proxy's prefix). */
async function callAt<T>(rpc: RpcTarget, call: BatchCall<T>): Promise<T> {
    const [result] = await rpc.client.batch([call], { path: rpc.path });
    if (result.status === 'rejected') throw result.reason;
    return result.value;
}

/** Chain names and file names stay text in a lens title: `$(name)` would draw an icon. */
function plain(text: string): string {
    return text.replace(/\$\(/g, '$\u200b(').slice(0, 120);
}

/**
 * The title quotes the chain and the workspace (a contract's name, a revert reason): after the
 * icon this file puts first, one inert line with no `$(icon)` drawn from the quoted text.
 */
function inertTitle(title: string): string {
    const icon = /^\$\([a-z-]+\) /.exec(title)?.[0] ?? '';
    return `${icon}${loadCore().inertLabel(title.slice(icon.length), 200)}`;
}
