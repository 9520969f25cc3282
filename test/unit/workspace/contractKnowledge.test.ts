/**
 * ContractKnowledge (src/core/workspace/knowledge.ts) over the committed compiler output and the
 * tools' deployment records: which name an address gets on which chain, whether a chain's code is
 * an artifact's (immutables filled in as a constructor leaves them), and which ABI decodes a call,
 * a log or a revert, in its order of preference. viem encodes every input, log and revert.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import {
    encodeAbiParameters,
    encodeErrorResult,
    encodeEventTopics,
    encodeFunctionData,
    parseEther,
    type Hex,
} from 'viem';

import type { DecodeResult, Decoded } from '../../../src/core/abi/types';
import type { AbiEntry, FileKnowledge } from '../../../src/core/workspace';
import {
    codeVerdict,
    ContractKnowledge,
    nameHow,
    nameText,
    originText,
    type AddressName,
} from '../../../src/core/workspace/knowledge';
import { templateDir } from '../../fixtures/sampleWorkspace';
import { foundryArtifact, runtimeCode } from '../../sandbox/contracts';
import {
    broadcastIds,
    contractsWorkspaceDir,
    indexOf,
    knowledgeOf,
    sampleBroadcastFile,
    sampleBroadcastText,
    workspaceArtifactsDir,
} from '../../helpers/workspaceTree';

const tokenFile = 'foundry/out/ExplorerToken.sol/ExplorerToken.json';
const vaultFile = 'foundry/out/ExplorerVault.sol/ExplorerVault.json';
const counterFile = 'foundry/out/Counter.sol/Counter.json';
const hardhatVaultFile = 'hardhat/artifacts/contracts/ExplorerVault.sol/ExplorerVault.json';

const tree = (file: string): FileKnowledge => knowledgeOf(contractsWorkspaceDir, file);
const broadcast = (): FileKnowledge =>
    knowledgeOf(contractsWorkspaceDir, sampleBroadcastFile, sampleBroadcastText());

const token = foundryArtifact('ExplorerToken');
const vault = foundryArtifact('ExplorerVault');
const tokenAt = broadcastIds.tokenContract;
const vaultAt = broadcastIds.vaultContract;
const recipient = broadcastIds.tokenRecipient;
const deployer = broadcastIds.contractsDeployer;
/** An address no record names: its calls are decoded with the workspace's ABIs in their order. */
const elsewhere = '0x1111111111111111111111111111111111111111';

function decoded(result: DecodeResult): Decoded {
    assert.equal(result.status, 'decoded', JSON.stringify(result));
    return result.decoded;
}

function named(name: AddressName | undefined): AddressName {
    assert.ok(name, 'the address is named');
    return name;
}

/** The vault's code as its constructor leaves it: owner and maxDeposit written in. */
const vaultOnChain = runtimeCode(vault, [
    encodeAbiParameters([{ type: 'address' }], [deployer as Hex]),
    encodeAbiParameters([{ type: 'uint256' }], [1000n]),
]);

/** `code` with the byte at `offset` flipped. */
function flipByte(code: string, offset: number): string {
    const at = 2 + offset * 2;
    const byte = (parseInt(code.slice(at, at + 2), 16) ^ 0xff).toString(16).padStart(2, '0');
    return `${code.slice(0, at)}${byte}${code.slice(at + 2)}`;
}

describe('(unit) contract knowledge: names', () => {
    const counterAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const artifacts = (file: string): FileKnowledge => knowledgeOf(workspaceArtifactsDir, file);

    it('a Foundry broadcast names its contracts on its chain, whatever the case or form of the id', () => {
        const k = new ContractKnowledge(indexOf(tree(tokenFile), tree(vaultFile), broadcast()));
        const name = named(k.nameOf('43114', tokenAt));
        assert.equal(name.name, 'ExplorerToken');
        assert.equal(name.how, 'deployment');
        assert.deepEqual(name.origin, { tool: 'foundry-broadcast', file: sampleBroadcastFile });
        assert.deepEqual(name.artifact?.origin, { tool: 'foundry', file: tokenFile });
        assert.deepEqual(k.nameOf('0xa86a', tokenAt.toLowerCase()), name);
        assert.equal(
            k.nameOf('43114', vaultAt.toUpperCase().replace('0X', '0x'))?.name,
            'ExplorerVault',
        );
        // Every chain when none is asked; none on another chain, nor on a chain id that is no number.
        assert.equal(k.nameOf(undefined, tokenAt)?.name, 'ExplorerToken');
        assert.equal(k.nameOf('43113', tokenAt), undefined);
        assert.equal(k.nameOf('mainnet', tokenAt), undefined);
        assert.equal(
            nameText(name),
            `ExplorerToken · deployed, per ${sampleBroadcastFile} (Foundry broadcast)`,
        );
    });

    it('Ignition and hardhat-deploy records name the contract with the chain their folder says', () => {
        const ignition = new ContractKnowledge(
            indexOf(artifacts('ignition/deployments/chain-43113/deployed_addresses.json')),
        );
        const byIgnition = named(ignition.nameOf('43113', counterAddress));
        assert.equal(byIgnition.name, 'Counter');
        assert.equal(byIgnition.origin.tool, 'hardhat-ignition');
        // No artifact of Counter in that index: the name stands without an ABI.
        assert.equal(byIgnition.artifact, undefined);
        assert.equal(ignition.nameOf('43114', counterAddress), undefined);
        assert.match(
            nameHow(byIgnition),
            /^deployed, per ignition\/.*\(Hardhat Ignition deployment\)$/,
        );

        const record = artifacts('hardhat-deploy/deployments/fuji/Counter.json');
        const chainId = artifacts('hardhat-deploy/deployments/fuji/.chainId');
        // The record says `fuji`, not a chain id: only the folder's .chainId ties it to 43113.
        const alone = new ContractKnowledge(indexOf(record));
        assert.equal(alone.nameOf('43113', counterAddress), undefined);
        assert.equal(alone.nameOf(undefined, counterAddress)?.name, 'Counter');
        const withChain = new ContractKnowledge(indexOf(record, chainId));
        const byDeploy = named(withChain.nameOf('43113', counterAddress));
        assert.equal(byDeploy.name, 'Counter');
        assert.deepEqual(byDeploy.origin, {
            tool: 'hardhat-deploy',
            file: 'hardhat-deploy/deployments/fuji/Counter.json',
        });
        assert.equal(withChain.nameOf('43114', counterAddress), undefined);
    });

    it('precompiles are named on any chain, with or without a workspace; other addresses are not', () => {
        const precompiles: [string, string][] = [
            ['0x0200000000000000000000000000000000000000', 'Contract Deployer Allow List'],
            ['0x0200000000000000000000000000000000000001', 'Native Minter'],
            ['0x0200000000000000000000000000000000000002', 'Transaction Allow List'],
            ['0x0200000000000000000000000000000000000003', 'Fee Manager'],
            ['0x0200000000000000000000000000000000000004', 'Reward Manager'],
            ['0x0200000000000000000000000000000000000005', 'Warp Messenger'],
        ];
        for (const k of [
            new ContractKnowledge(undefined),
            new ContractKnowledge(indexOf(broadcast())),
        ]) {
            for (const [address, name] of precompiles) {
                const found = named(k.nameOf('99999', address));
                assert.deepEqual(found, {
                    name,
                    how: 'precompile',
                    origin: { tool: 'built-in', file: '' },
                });
                assert.equal(nameText(found), `${name} · Avalanche precompile`);
            }
            assert.equal(
                k.nameOf('43114', '0x0200000000000000000000000000000000000006'),
                undefined,
            );
            assert.equal(k.nameOf('43114', elsewhere), undefined);
            // Names of Object.prototype are not addresses of the table.
            assert.equal(k.nameOf('43114', 'constructor'), undefined);
            assert.equal(k.nameOf('43114', '__proto__'), undefined);
        }
    });

    it('says where a name came from in words, control characters out and bounded', () => {
        assert.equal(originText({ tool: 'built-in', file: '' }), 'built-in signatures');
        assert.equal(
            originText({ tool: 'hardhat', file: hardhatVaultFile }),
            `${hardhatVaultFile} (Hardhat artifact)`,
        );
        assert.equal(
            nameText({
                name: 'Vault',
                how: 'bytecode',
                origin: { tool: 'foundry', file: vaultFile },
            }),
            `Vault · code matches ${vaultFile} (Foundry artifact)`,
        );
        const sly = nameText({
            name: `A\u0000B\u001b[31m\u0085${'x'.repeat(500)}`,
            how: 'deployment',
            origin: { tool: 'avalanche-cli', file: 'subnets/l1\nl2/sidecar.json' },
        });
        assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(sly), JSON.stringify(sly));
        assert.ok(sly.startsWith('A B [31m '));
        assert.ok(
            sly.endsWith('· deployed, per subnets/l1 l2/sidecar.json (avalanche-cli L1 file)'),
        );
        assert.ok(sly.length < 300);
    });

    it('knows whether the workspace gave it anything and which contracts have artifacts', () => {
        assert.equal(new ContractKnowledge(undefined).hasWorkspace, false);
        assert.equal(new ContractKnowledge(indexOf()).hasWorkspace, false);
        const k = new ContractKnowledge(indexOf(tree(vaultFile)));
        assert.equal(k.hasWorkspace, true);
        assert.equal(k.hasArtifact('ExplorerVault'), true);
        assert.equal(k.hasArtifact('ExplorerToken'), false);
        assert.equal(k.hasArtifact('explorervault'), false);
    });
});

describe('(unit) contract knowledge: code on a chain against the artifacts', () => {
    const k = new ContractKnowledge(
        indexOf(tree(tokenFile), tree(vaultFile), tree(counterFile), tree(hardhatVaultFile)),
    );
    const ranges = Object.values(vault.deployedBytecode.immutableReferences ?? {}).flat();

    it('code names its address when its artifacts are all of one contract', () => {
        const counter = foundryArtifact('Counter').deployedBytecode.object;
        assert.deepEqual(k.nameByCode(counter), {
            name: 'Counter',
            how: 'bytecode',
            origin: { tool: 'foundry', file: counterFile },
            artifact: k.byCode(counter)[0],
        });
        assert.equal(
            nameText(k.nameByCode(vaultOnChain)!),
            `ExplorerVault · code matches ${vaultFile} (Foundry artifact)`,
        );
        assert.equal(k.nameByCode('0x6080'), undefined);
        assert.equal(k.nameByCode('0x'), undefined);
    });

    it('the vault’s code with its immutables filled in is the Foundry artifact’s, and only it', () => {
        assert.ok(ranges.length > 0);
        assert.notEqual(vaultOnChain, vault.deployedBytecode.object);
        const found = k.byCode(vaultOnChain);
        assert.deepEqual(
            found.map((a) => [a.contractName, a.origin.file]),
            [['ExplorerVault', vaultFile]],
        );
        // Upper-case hex is the same code.
        assert.equal(k.byCode(`0x${vaultOnChain.slice(2).toUpperCase()}`).length, 1);
        // Other immutable values, other owner: still the same compilation.
        const other = runtimeCode(vault, [
            encodeAbiParameters([{ type: 'address' }], [recipient as Hex]),
            encodeAbiParameters([{ type: 'uint256' }], [(1n << 256n) - 1n]),
        ]);
        assert.equal(k.byCode(other)[0]?.origin.file, vaultFile);
        assert.equal(
            codeVerdict(k, vaultOnChain, 'ExplorerVault'),
            `code matches ${vaultFile} (Foundry artifact)`,
        );
        assert.equal(
            codeVerdict(k, vaultOnChain, undefined),
            `code matches ${vaultFile} (Foundry artifact)`,
        );
    });

    it('one byte changed outside the immutables is other code; inside them it is a value', () => {
        const inside = ranges[0]!.start + 5;
        assert.equal(k.byCode(flipByte(vaultOnChain, inside)).length, 1);
        const outside = ranges[0]!.start - 1;
        const changed = flipByte(vaultOnChain, outside);
        assert.deepEqual(k.byCode(changed), []);
        assert.equal(
            codeVerdict(k, changed, 'ExplorerVault'),
            "code differs from ExplorerVault's artifact (rebuilt since, or other settings)",
        );
        assert.equal(
            codeVerdict(k, changed, undefined),
            'code matches no artifact in the workspace',
        );
        // The metadata hash at the end is part of the match: a rebuild from other sources differs.
        assert.deepEqual(k.byCode(flipByte(vaultOnChain, (vaultOnChain.length - 2) / 2 - 10)), []);
        // One byte more or less is not the vault either.
        assert.deepEqual(k.byCode(`${vaultOnChain}00`), []);
        assert.deepEqual(k.byCode(vaultOnChain.slice(0, -2)), []);
    });

    it('the verdict names what the code is when the record names another contract or none is built', () => {
        const tokenCode = token.deployedBytecode.object;
        assert.equal(
            codeVerdict(k, tokenCode, 'ExplorerVault'),
            "code differs from ExplorerVault's artifact; it matches ExplorerToken",
        );
        assert.equal(
            codeVerdict(k, vaultOnChain, 'Treasury'),
            'no artifact of Treasury in the workspace to compare',
        );
        // Hardhat 2 records no immutables: its vault's code as deployed matches nothing, as it
        // says it cannot; its zeroed artifact code still does.
        const hardhat = JSON.parse(
            readFileSync(path.join(contractsWorkspaceDir, hardhatVaultFile), 'utf8'),
        ) as { deployedBytecode: string };
        assert.equal(k.byCode(hardhat.deployedBytecode)[0]?.origin.file, hardhatVaultFile);
        // A Hardhat 2 vault as deployed (immutables written in): with only that artifact it is
        // not compared, and says why; a Foundry artifact of the same length lends its immutables'
        // places, and then it matches.
        const hardhatOnChain = runtimeCode(
            {
                ...vault,
                deployedBytecode: {
                    ...vault.deployedBytecode,
                    object: hardhat.deployedBytecode as Hex,
                },
            },
            [
                encodeAbiParameters([{ type: 'address' }], [deployer as Hex]),
                encodeAbiParameters([{ type: 'uint256' }], [1000n]),
            ],
        );
        const onlyHardhat = new ContractKnowledge(indexOf(tree(hardhatVaultFile)));
        assert.equal(
            codeVerdict(onlyHardhat, hardhatOnChain, 'ExplorerVault'),
            "not compared: ExplorerVault's artifact does not say where its immutables are",
        );
        assert.equal(
            codeVerdict(k, hardhatOnChain, 'ExplorerVault', 'hardhat/deployments/local/X.json'),
            `code matches ${hardhatVaultFile} (Hardhat artifact)`,
        );
    });

    it('two copies of one artifact are both answered, and the verdict names the nearest', () => {
        const copy = knowledgeOf(
            contractsWorkspaceDir,
            'foundry/out/Copy.sol/ExplorerVault.json',
            readFileSync(path.join(contractsWorkspaceDir, vaultFile), 'utf8'),
        );
        const twice = new ContractKnowledge(indexOf(tree(vaultFile), copy));
        assert.equal(twice.byCode(vaultOnChain).length, 2);
        assert.equal(
            codeVerdict(twice, vaultOnChain, undefined),
            `code matches ${vaultFile} (Foundry artifact)`,
        );
        // Of two copies, the one in the record's own folder is named.
        assert.equal(
            codeVerdict(
                twice,
                vaultOnChain,
                'ExplorerVault',
                'foundry/out/Copy.sol/broadcast.json',
            ),
            'code matches foundry/out/Copy.sol/ExplorerVault.json (Foundry artifact)',
        );
    });

    it('no code, malformed code and no workspace match nothing', () => {
        for (const code of ['0x', '', '0x0', `0x${'zz'.repeat(902)}`, '0x__$abc$__']) {
            assert.deepEqual(k.byCode(code), [], code);
        }
        assert.deepEqual(new ContractKnowledge(undefined).byCode(vaultOnChain), []);
    });
});

describe('(unit) contract knowledge: decoding in order of preference', () => {
    const tokenAbi = token.abi;
    const vaultAbi = vault.abi;
    const transfer = encodeFunctionData({
        abi: tokenAbi,
        functionName: 'transfer',
        args: [recipient, parseEther('250')],
    });
    const transferLog = {
        address: tokenAt.toLowerCase(),
        topics: encodeEventTopics({
            abi: tokenAbi,
            eventName: 'Transfer',
            args: { from: deployer, to: recipient },
        }) as string[],
        data: encodeAbiParameters([{ type: 'uint256' }], [parseEther('250')]),
    };
    const workspace = (): ContractKnowledge =>
        new ContractKnowledge(indexOf(tree(tokenFile), tree(vaultFile), broadcast()));

    it('an ERC-20 transfer, its log and its error are read with the workspace’s ABI', () => {
        const k = workspace();
        const call = decoded(k.decodeCall('43114', tokenAt, transfer));
        assert.equal(call.signature, 'transfer(address,uint256)');
        assert.deepEqual(call.args, [
            {
                name: 'to',
                type: 'address',
                value: { k: 'address', value: recipient.toLowerCase() },
            },
            {
                name: 'value',
                type: 'uint256',
                value: { k: 'int', type: 'uint256', value: parseEther('250').toString() },
            },
        ]);
        assert.deepEqual(call.origin, { tool: 'foundry', file: tokenFile });
        // The same from an address no record names: the workspace still has the ABI.
        assert.deepEqual(decoded(k.decodeCall('43114', elsewhere, transfer)).origin, call.origin);

        const log = decoded(k.decodeLog('43114', transferLog));
        assert.equal(log.name, 'Transfer');
        assert.deepEqual(
            log.args.map((a) => [a.name, a.value]),
            [
                ['from', { k: 'address', value: deployer.toLowerCase() }],
                ['to', { k: 'address', value: recipient.toLowerCase() }],
                ['value', { k: 'int', type: 'uint256', value: parseEther('250').toString() }],
            ],
        );
        assert.deepEqual(log.origin, { tool: 'foundry', file: tokenFile });

        const insufficient = encodeErrorResult({
            abi: tokenAbi,
            errorName: 'InsufficientBalance',
            args: [deployer as Hex, 1n, 2n],
        });
        const error = decoded(k.decodeRevert('43114', tokenAt, insufficient));
        assert.equal(error.signature, 'InsufficientBalance(address,uint256,uint256)');
        assert.deepEqual(error.origin, { tool: 'foundry', file: tokenFile });
    });

    it('without an artifact of the token, the built-in table reads the same bytes and says so', () => {
        const builtIn = { tool: 'built-in', file: '' };
        for (const k of [
            new ContractKnowledge(undefined),
            new ContractKnowledge(indexOf(tree(vaultFile), broadcast())),
        ]) {
            const call = decoded(k.decodeCall('43114', tokenAt, transfer));
            assert.equal(call.signature, 'transfer(address,uint256)');
            assert.deepEqual(call.origin, builtIn);
            assert.equal(call.group, 'ERC-20');
            const log = decoded(k.decodeLog('43114', transferLog));
            assert.equal(log.signature, 'Transfer(address,address,uint256)');
            assert.deepEqual(log.origin, builtIn);
            assert.equal(originText(log.origin), 'built-in signatures');
        }
        // The vault's own selector is in no table without its artifact.
        const deposit = encodeFunctionData({ abi: vaultAbi, functionName: 'deposit', args: [1n] });
        assert.deepEqual(new ContractKnowledge(undefined).decodeCall('43114', vaultAt, deposit), {
            status: 'unknown',
            selector: deposit.slice(0, 10),
        });
    });

    it('the vault’s require reason and its TooLarge custom error', () => {
        const k = workspace();
        const reason = encodeErrorResult({
            abi: [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }],
            errorName: 'Error',
            args: ['ExplorerVault: insufficient deposit'],
        });
        const required = decoded(k.decodeRevert('43114', vaultAt, reason));
        assert.equal(required.signature, 'Error(string)');
        assert.deepEqual(required.args[0]?.value, {
            k: 'string',
            value: 'ExplorerVault: insufficient deposit',
        });
        const tooLarge = encodeErrorResult({
            abi: vaultAbi,
            errorName: 'TooLarge',
            args: [1001n, 1000n],
        });
        const custom = decoded(k.decodeRevert('43114', vaultAt, tooLarge));
        assert.equal(custom.signature, 'TooLarge(uint256,uint256)');
        assert.deepEqual(
            custom.args.map((a) => [a.name, a.value]),
            [
                ['amount', { k: 'int', type: 'uint256', value: '1001' }],
                ['max', { k: 'int', type: 'uint256', value: '1000' }],
            ],
        );
        assert.deepEqual(custom.origin, { tool: 'foundry', file: vaultFile });
        // Without the vault's artifact the custom error is a selector and nothing more.
        assert.deepEqual(
            new ContractKnowledge(indexOf(tree(tokenFile))).decodeRevert(
                '43114',
                vaultAt,
                tooLarge,
            ),
            {
                status: 'unknown',
                selector: tooLarge.slice(0, 10),
            },
        );
        assert.deepEqual(k.decodeRevert('43114', vaultAt, '0x'), { status: 'empty' });
    });

    describe('a selector two workspace entries share', () => {
        /** The hostile fixture's entry of transferFrom's selector, with a name the parser keeps. */
        const collidingFile = 'foundry/out/Hostile.sol/Hostile.json';
        const hostileText = readFileSync(path.join(templateDir, collidingFile), 'utf8');
        const colliding = (): FileKnowledge => {
            const json = JSON.parse(hostileText) as { abi: AbiEntry[] };
            json.abi = json.abi
                .filter((e) => e.name === 'gasprice_bit_ether')
                .map((e) => ({ ...e, inputs: e.inputs.map((p) => ({ ...p, name: 'a' })) }));
            return knowledgeOf(contractsWorkspaceDir, collidingFile, JSON.stringify(json));
        };
        // 0x…dead fits in an int128, so both readings decode the same bytes.
        const dead = '0x000000000000000000000000000000000000dEaD';
        const transferFrom = encodeFunctionData({
            abi: tokenAbi,
            functionName: 'transferFrom',
            args: [dead, recipient, 5n],
        });

        it('of copies of the contract’s artifact, the one beside its record gives the ABI', () => {
            const copyFile = 'app/out/ExplorerToken.sol/ExplorerToken.json';
            const copy = knowledgeOf(
                contractsWorkspaceDir,
                copyFile,
                readFileSync(path.join(contractsWorkspaceDir, tokenFile), 'utf8'),
            );
            // The copy is indexed first, so it is every shared entry's first origin.
            const k = new ContractKnowledge(indexOf(copy, tree(tokenFile), broadcast()));
            assert.equal(
                decoded(k.decodeCall('43114', tokenAt, transferFrom)).origin.file,
                tokenFile,
            );
            assert.equal(
                decoded(k.decodeCall('43114', elsewhere, transferFrom)).origin.file,
                copyFile,
            );
        });

        it('the hostile fixture keeps only its colliding entry: the others’ names are markup', () => {
            const hostile = knowledgeOf(contractsWorkspaceDir, collidingFile, hostileText);
            assert.deepEqual(
                hostile.artifacts[0]?.abi.map((e) => e.name),
                ['gasprice_bit_ether'],
            );
            assert.match(hostile.problems.join('\n'), /3 ABI entries dropped/);
            const k = new ContractKnowledge(indexOf(tree(tokenFile), hostile, broadcast()));
            assert.equal(k.decodeCall('43114', elsewhere, transferFrom).status, 'ambiguous');
            assert.equal(
                decoded(k.decodeCall('43114', tokenAt, transferFrom)).name,
                'transferFrom',
            );
        });

        it('is ambiguous where no record says which contract is called', () => {
            const k = new ContractKnowledge(indexOf(tree(tokenFile), colliding(), broadcast()));
            for (const [chain, to] of [
                ['43114', elsewhere],
                // The token's record is of 43114, not of this chain.
                ['43113', tokenAt],
                [undefined, undefined],
            ] as const) {
                const result = k.decodeCall(chain, to, transferFrom);
                assert.equal(result.status, 'ambiguous', `${chain} ${to}`);
                assert.deepEqual(
                    result.candidates.map((c) => [c.signature, c.origin.file]).sort(),
                    [
                        ['gasprice_bit_ether(int128)', collidingFile],
                        ['transferFrom(address,address,uint256)', tokenFile],
                    ],
                );
            }
        });

        it('the ABI of the contract a record puts at the address settles it', () => {
            // Either order of the files: the record's contract comes first, not the first file.
            for (const parts of [
                [tree(tokenFile), colliding(), broadcast()],
                [colliding(), broadcast(), tree(tokenFile)],
            ]) {
                const k = new ContractKnowledge(indexOf(...parts));
                const call = decoded(k.decodeCall('43114', tokenAt, transferFrom));
                assert.equal(call.signature, 'transferFrom(address,address,uint256)');
                assert.deepEqual(call.origin, { tool: 'foundry', file: tokenFile });
            }
        });

        it('the recorded contract’s artifact is named as the origin even when another file has the same entry', () => {
            // Foundry writes OpenZeppelin's IERC20 into out/ next to the token: the same entries.
            const ierc20 = knowledgeOf(
                contractsWorkspaceDir,
                'foundry/out/IERC20.sol/IERC20.json',
                JSON.stringify({
                    abi: tokenAbi.filter(
                        (e) =>
                            'name' in e &&
                            ['transfer', 'transferFrom', 'Transfer'].includes(e.name),
                    ),
                }),
            );
            const k = new ContractKnowledge(
                indexOf(ierc20, colliding(), tree(tokenFile), broadcast()),
            );
            const call = decoded(k.decodeCall('43114', tokenAt, transfer));
            assert.deepEqual(call.origin, { tool: 'foundry', file: tokenFile });
            assert.deepEqual(decoded(k.decodeLog('43114', transferLog)).origin, call.origin);
            assert.deepEqual(
                decoded(k.decodeCall('43114', tokenAt, transferFrom)).origin,
                call.origin,
            );
            // Elsewhere the first file that has the entry is its origin.
            assert.equal(
                decoded(k.decodeCall('43114', elsewhere, transfer)).origin.file,
                'foundry/out/IERC20.sol/IERC20.json',
            );
        });

        it('a hardhat-deploy record’s own ABI decodes calls to it before any artifact', () => {
            const counterAddress = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
            const recordFile = 'hardhat-deploy/deployments/fuji/Counter.json';
            const record = knowledgeOf(workspaceArtifactsDir, recordFile);
            const chain = knowledgeOf(
                workspaceArtifactsDir,
                'hardhat-deploy/deployments/fuji/.chainId',
            );
            // setNumber(uint256) again under another parameter name, in a file no record names.
            const setNumber =
                '0x3fb5c1cb000000000000000000000000000000000000000000000000000000000000002a';
            const other = knowledgeOf(
                contractsWorkspaceDir,
                'foundry/out/Other.sol/Other.json',
                JSON.stringify({
                    abi: [
                        {
                            type: 'function',
                            name: 'setNumber',
                            inputs: [{ name: 'n', type: 'uint256' }],
                        },
                    ],
                }),
            );
            const k = new ContractKnowledge(indexOf(other, record, chain));
            const call = decoded(k.decodeCall('43113', counterAddress, setNumber));
            assert.deepEqual(call.origin, { tool: 'hardhat-deploy', file: recordFile });
            assert.equal(
                decoded(k.decodeCall('43113', elsewhere, setNumber)).origin.file,
                'foundry/out/Other.sol/Other.json',
            );
        });
    });

    it('an anonymous event of the emitter’s record fits any log with as many topics: it settles nothing', () => {
        const indexed = (name: string) => ({ name, type: 'bytes32', indexed: true });
        const record = knowledgeOf(
            contractsWorkspaceDir,
            'deployments/mainnet/Emitter.json',
            JSON.stringify({
                address: tokenAt,
                abi: [
                    {
                        type: 'event',
                        name: 'Moved',
                        anonymous: true,
                        inputs: [
                            indexed('a'),
                            indexed('b'),
                            indexed('c'),
                            { name: 'd', type: 'uint256' },
                        ],
                    },
                ],
            }),
        );
        const chain = knowledgeOf(contractsWorkspaceDir, 'deployments/mainnet/.chainId', '43114');
        const k = new ContractKnowledge(indexOf(tree(tokenFile), record, chain));
        const result = k.decodeLog('43114', transferLog);
        assert.equal(result.status, 'ambiguous', JSON.stringify(result));
        assert.deepEqual(result.candidates.map((c) => c.name).sort(), ['Moved', 'Transfer']);
        // A log no other event has a topic for is the anonymous event's.
        const own = {
            ...transferLog,
            topics: [`0x${'ab'.repeat(32)}`, ...transferLog.topics.slice(1)],
        };
        assert.equal(decoded(k.decodeLog('43114', own)).name, 'Moved');
    });
});
