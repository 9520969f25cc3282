/**
 * What the palette's "Watch…" asks: which kind of item, then its ids on the selected network,
 * each checked as typed with the rule the list keeps it by (`checkWatchTarget`); and that rule
 * for a target a caller passes (a row, a hover, a panel).
 */
import * as vscode from 'vscode';

import type { WatchNetwork, WatchTarget } from '../core/index';
import { evmChainIdPattern } from '../core/ids/evmPatterns';
import type { ClientProvider } from '../platform/clients';
import { loadCore } from '../platform/lazyCore';

/** A target from a caller or a prompt, checked; the check's sentence is the error. */
export function checkedTarget(arg: unknown): WatchTarget {
    const result = loadCore().checkWatchTarget(arg);
    if ('error' in result) throw new Error(result.error);
    return result.target;
}

/** The palette's flow: which kind, then its id on the selected network, checked as typed. */
export async function askWatchTarget(
    clients: Pick<ClientProvider, 'network' | 'nodeUrl'>,
): Promise<WatchTarget | undefined> {
    const network = clients.network;
    const picks: (vscode.QuickPickItem & { what: WatchTarget['kind'] })[] = [
        { label: '$(server) L1 validator', description: 'validation id', what: 'l1Validator' },
        {
            label: '$(type-hierarchy) L1',
            description: 'subnet id: all its validators',
            what: 'l1',
        },
        {
            label: '$(git-commit) EVM transaction',
            description: '0x hash, until it is accepted',
            what: 'evmTx',
        },
        {
            label: '$(git-commit) P-Chain transaction',
            description: 'cb58 id, until committed',
            what: 'pTx',
        },
        {
            label: '$(account) EVM address',
            description: 'its native balance',
            what: 'evmAddress',
        },
        {
            label: '$(cloud-download) Export',
            description: 'Data API operation id',
            what: 'export',
        },
        { label: '$(vm) Node', description: 'the selected node: up or down', what: 'node' },
        {
            label: '$(mail) ICM message',
            description: 'source chain and message id, until delivered and executed',
            what: 'icmMessage',
        },
    ];
    const picked = await vscode.window.showQuickPick(picks, {
        title: `Watch on ${network}`,
        placeHolder: 'What to watch',
    });
    if (!picked) return undefined;
    const core = loadCore();
    const ask = async (prompt: string, build: (text: string) => unknown) => {
        const text = await vscode.window.showInputBox({
            title: picked.label.replace(/^\$\([^)]*\)\s*/, 'Watch '),
            prompt,
            ignoreFocusOut: true,
            validateInput: (value) => {
                const r = core.checkWatchTarget(build(value.trim()));
                return 'error' in r ? r.error : undefined;
            },
        });
        return text === undefined ? undefined : checkedTarget(build(text.trim()));
    };
    switch (picked.what) {
        case 'node':
            return checkedTarget({ kind: 'node', url: clients.nodeUrl });
        case 'l1Validator':
            return ask('Validation id (cb58)', (v) => ({
                kind: 'l1Validator',
                network,
                validationId: v,
            }));
        case 'l1':
            return ask('Subnet id of the L1 (cb58)', (v) => ({
                kind: 'l1',
                network,
                subnetId: v,
            }));
        case 'pTx':
            return ask('P-Chain transaction id (cb58)', (v) => ({
                kind: 'pTx',
                network,
                txId: v,
            }));
        case 'export':
            return ask('Operation id', (v) => ({ kind: 'export', network, operationId: v }));
        case 'icmMessage':
            return askIcmMessage(network);
        case 'evmTx':
        case 'evmAddress': {
            const chainId = await askChainId(network);
            if (!chainId) return undefined;
            return picked.what === 'evmTx'
                ? ask('Transaction hash (0x + 64 hex digits)', (v) => ({
                      kind: 'evmTx',
                      network,
                      chainId,
                      hash: v,
                  }))
                : ask('Address (0x + 40 hex digits)', (v) => ({
                      kind: 'evmAddress',
                      network,
                      chainId,
                      address: v,
                  }));
        }
    }
}

/** The source chain, the message id, and how long it may stay undelivered. */
async function askIcmMessage(network: WatchNetwork): Promise<WatchTarget | undefined> {
    const core = loadCore();
    const title = 'Watch an ICM message';
    const chain = await vscode.window.showInputBox({
        title,
        prompt: 'The chain it was sent from: an EVM chain id, a blockchain id or a chain name',
        value: 'C',
        ignoreFocusOut: true,
        validateInput: (v) => {
            const problem = core.icmChainProblem(v.trim());
            return problem ? `Expected ${problem}.` : undefined;
        },
    });
    if (chain === undefined) return undefined;
    const messageId = await vscode.window.showInputBox({
        title,
        prompt: 'Message id (0x + 64 hex digits)',
        ignoreFocusOut: true,
        validateInput: (v) => {
            const problem = core.icmHashProblem(v.trim());
            return problem ? `Expected ${problem}.` : undefined;
        },
    });
    if (messageId === undefined) return undefined;
    const minutes = await vscode.window.showInputBox({
        title,
        prompt: 'Tell me when it is still undelivered after this many minutes',
        value: String(core.defaultUndeliveredMinutes),
        ignoreFocusOut: true,
        validateInput: (v) =>
            /^[1-9][0-9]{0,4}$/.test(v.trim()) && Number(v.trim()) <= core.maxUndeliveredMinutes
                ? undefined
                : `Whole minutes, 1 to ${core.maxUndeliveredMinutes}.`,
    });
    if (minutes === undefined) return undefined;
    return checkedTarget({
        kind: 'icmMessage',
        network,
        chain: chain.trim(),
        messageId: messageId.trim(),
        undeliveredMinutes: Number(minutes.trim()),
    });
}

async function askChainId(network: string): Promise<string | undefined> {
    const cChain = network === 'mainnet' ? '43114' : network === 'fuji' ? '43113' : '';
    const text = await vscode.window.showInputBox({
        title: 'EVM chain id',
        prompt: 'The chain to read, in decimal (43114 is the mainnet C-Chain, 43113 Fuji’s)',
        value: cChain,
        ignoreFocusOut: true,
        validateInput: (v) =>
            evmChainIdPattern.test(v.trim()) ? undefined : 'A chain id in decimal, such as 43114.',
    });
    return text?.trim() || undefined;
}
