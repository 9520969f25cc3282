#!/usr/bin/env node
// Compiles the contracts of this folder with solc-js from npm and writes, all committed so that
// the tests do not load the compiler:
//   - Counter.json (ABI and creation bytecode of Counter.sol), which activity.ts deploys;
//   - test/fixtures/contracts-workspace/foundry: a Foundry project (foundry.toml, src/, script/)
//     with the out/ tree `forge build` writes;
//   - test/fixtures/contracts-workspace/hardhat: a Hardhat 2 project with Ignition and
//     hardhat-deploy (hardhat.config.js, contracts/, the module and deploy script) with the
//     artifacts/ tree `npx hardhat compile` writes;
//   - test/fixtures/trace-workspace: TraceLab.sol and TraceBase.sol in a Foundry project (with the
//     optimizer, and out/build-info) and a Hardhat project (without), for the call-trace tests.
// The real-node activity deploys the bytecode of both trees, so that what is on chain is what the
// trees say. Run it after changing a .sol file here:
//   node test/realnode/contract/compile.mjs
// evmVersion paris: no PUSH0, so the same bytecode runs on every EVM chain a node may serve.
//
// The shapes, from the tools' sources:
// - Foundry: `ConfigurableContractArtifact` (field order, skipped empties) and
//   `ConfigurableArtifacts::contract_to_artifact` in foundry-rs/compilers
//   (https://github.com/foundry-rs/compilers/blob/main/crates/artifacts/solc/src/configurable.rs,
//   https://github.com/foundry-rs/compilers/blob/main/crates/compilers/src/artifact_output/configurable.rs),
//   `CompactBytecode`/`CompactDeployedBytecode` (bytecode.rs: immutableReferences left out when
//   empty), the parsed `Metadata` (lib.rs: `Metadata`, `MetadataSettings`, `SolcAbi`, `Item`,
//   `Doc`), the default output selection (output_selection.rs `ContractOutputSelection::basic()`
//   plus metadata, which foundry-rs/foundry crates/config/src/lib.rs
//   `configured_artifacts_handler` always adds; `ast = false` by default), compact JSON
//   (crates/core/src/utils/mod.rs `write_json_file`), out/<File>.sol/<Contract>.json; the ABI as
//   alloy's `JsonAbi` serializes it (https://github.com/alloy-rs/core/blob/main/crates/json-abi/src/abi.rs:
//   constructor, fallback, receive, then functions, events and errors by name; item.rs and
//   param.rs for the fields of each).
// - Hardhat 2: `getArtifactFromContractOutput`, `saveArtifactAndDebugFile`, `saveBuildInfo`,
//   `_getBuildInfoName` (md5 of the input) in
//   https://github.com/NomicFoundation/hardhat/blob/v2/packages/hardhat-core/src/internal/artifacts.ts,
//   the formats in internal/constants.ts (hh-sol-artifact-1, hh-sol-dbg-1, hh-sol-build-info-1),
//   the resolved solc settings in internal/core/config/config-resolution.ts `resolveCompiler`
//   and default-config.ts `defaultSolcOutputSelection`, and sources sorted by name in
//   internal/solidity/compiler/compiler-input.ts. hardhat-deploy, a plugin of this project, adds
//   `metadata.useLiteralContent` and outputs to every compiler's settings
//   (https://github.com/wighawag/hardhat-deploy/blob/v1/src/index.ts `setupExtraSolcSettings`).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const workspace = path.join(root, 'test/fixtures/contracts-workspace');
const solc = createRequire(import.meta.url)('solc');
/** `0.8.37+commit.f401782d`: the long version without solc-js's platform suffix. */
const solcLongVersion = solc.version().replace(/\.Emscripten\.clang$/, '');
const solcVersion = solcLongVersion.replace(/\+.*$/, '');
const evmVersion = 'paris';
const read = (file) => readFileSync(path.join(here, file), 'utf8');

function compile(input) {
    const output = JSON.parse(solc.compile(JSON.stringify(input)));
    const problems = output.errors ?? [];
    for (const e of problems) console.error(e.formattedMessage);
    if (problems.some((e) => e.severity === 'error')) process.exit(1);
    return output;
}

function write(file, text) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
}

// --- Counter.json: what activity.ts has deployed since the harness began -----------------------

{
    const input = {
        language: 'Solidity',
        sources: { 'Counter.sol': { content: read('Counter.sol') } },
        settings: {
            evmVersion,
            optimizer: { enabled: true, runs: 200 },
            outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
    };
    const contract = compile(input).contracts['Counter.sol'].Counter;
    const artifact = {
        compiler: `solc ${solc.version()}`,
        evmVersion: input.settings.evmVersion,
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
    };
    writeFileSync(path.join(here, 'Counter.json'), `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`Counter.json written (${artifact.compiler})`);
}

// --- The Foundry tree ---------------------------------------------------------------------------

const contractFiles = ['Counter.sol', 'ExplorerToken.sol', 'ExplorerVault.sol'];

foundryProject({
    dir: path.join(workspace, 'foundry'),
    comment: [
        '# The contracts the real-node tests deploy (test/realnode/contract/compile.mjs writes this',
        '# tree and out/ as `forge build` would; broadcast/ is written per run by the harness).',
    ],
    sources: {
        ...Object.fromEntries(contractFiles.map((file) => [`src/${file}`, read(file)])),
        'script/Deploy.s.sol': read('Deploy.s.sol'),
    },
    optimizer: true,
    buildInfo: false,
});

/**
 * A Foundry project in `dir`: foundry.toml, the sources, and the out/ tree `forge build` writes
 * (and, with `buildInfo`, the out/build-info/<id>.json forge writes for every compilation: the
 * source ids and the language, without solc's input and output unless `build_info = true`).
 */
function foundryProject({ dir, comment, sources: files, optimizer, buildInfo }) {
    rmSync(dir, { recursive: true, force: true });
    write(
        path.join(dir, 'foundry.toml'),
        [
            ...comment,
            '[profile.default]',
            'src = "src"',
            'out = "out"',
            'libs = ["lib"]',
            `solc_version = "${solcVersion}"`,
            `evm_version = "${evmVersion}"`,
            `optimizer = ${optimizer}`,
            'optimizer_runs = 200',
            '',
        ].join('\n'),
    );
    const sources = Object.fromEntries(
        Object.entries(files).map(([name, content]) => [name, { content }]),
    );
    for (const [name, { content }] of Object.entries(sources)) write(path.join(dir, name), content);
    // forge's solc input: sources by path (a BTreeMap), its `Settings` as serde writes them.
    const input = {
        language: 'Solidity',
        sources: Object.fromEntries(Object.entries(sources).sort(([a], [b]) => cmp(a, b))),
        settings: {
            optimizer: { enabled: optimizer, runs: 200 },
            metadata: { useLiteralContent: false, bytecodeHash: 'ipfs', appendCBOR: true },
            outputSelection: {
                '*': {
                    '*': [
                        'abi',
                        'evm.bytecode.object',
                        'evm.bytecode.sourceMap',
                        'evm.bytecode.linkReferences',
                        'evm.deployedBytecode.object',
                        'evm.deployedBytecode.sourceMap',
                        'evm.deployedBytecode.linkReferences',
                        'evm.deployedBytecode.immutableReferences',
                        'evm.methodIdentifiers',
                        'metadata',
                    ],
                },
            },
            evmVersion,
            viaIR: false,
            libraries: {},
        },
    };
    const output = compile(input);
    let count = 0;
    for (const [sourceName, contracts] of Object.entries(output.contracts)) {
        for (const [name, contract] of Object.entries(contracts)) {
            const file = path.join(dir, 'out', path.basename(sourceName), `${name}.json`);
            write(file, JSON.stringify(foundryArtifact(contract, output.sources[sourceName].id)));
            count++;
        }
    }
    if (buildInfo) {
        // `RawBuildInfo::new` in foundry-rs/compilers crates/compilers/src/buildinfo.rs: the id is
        // the md5 of the format, the versions and the input; the file holds the id and the
        // flattened `BuildContext` (`source_id_to_path` of the input's sources, `language`).
        const id = createHash('md5')
            .update('ethers-rs-sol-build-info-1')
            .update(solcVersion)
            .update(solcLongVersion)
            .update(solcLongVersion)
            .update(JSON.stringify(input))
            .digest('hex');
        const sourceIdToPath = Object.fromEntries(
            Object.entries(output.sources)
                .map(([name, { id: sourceId }]) => [sourceId, name])
                .sort(([a], [b]) => a - b),
        );
        write(
            path.join(dir, 'out/build-info', `${id}.json`),
            JSON.stringify({ id, source_id_to_path: sourceIdToPath, language: 'Solidity' }),
        );
    }
    console.log(`${path.relative(root, dir)}/out: ${count} artifacts`);
}

/** `ConfigurableContractArtifact` with forge's default extra output (metadata). */
function foundryArtifact(contract, id) {
    const { bytecode, deployedBytecode, methodIdentifiers } = contract.evm;
    return {
        abi: alloyAbi(contract.abi),
        bytecode: {
            object: `0x${bytecode.object}`,
            sourceMap: bytecode.sourceMap,
            linkReferences: links(bytecode.linkReferences),
        },
        deployedBytecode: {
            object: `0x${deployedBytecode.object}`,
            sourceMap: deployedBytecode.sourceMap,
            linkReferences: links(deployedBytecode.linkReferences),
            ...(Object.keys(deployedBytecode.immutableReferences ?? {}).length
                ? { immutableReferences: offsets(deployedBytecode.immutableReferences) }
                : {}),
        },
        methodIdentifiers: sortKeys(methodIdentifiers),
        rawMetadata: contract.metadata,
        metadata: foundryMetadata(JSON.parse(contract.metadata)),
        id,
    };
}

/** `BTreeMap<String, Vec<Offsets>>`: keys sorted, each `Offsets` as `{ start, length }`. */
function offsets(map) {
    return Object.fromEntries(
        Object.entries(map)
            .sort(([a], [b]) => cmp(a, b))
            .map(([k, list]) => [k, list.map(({ start, length }) => ({ start, length }))]),
    );
}

/** Link references: file → library → offsets, sorted at both levels. */
function links(map) {
    return Object.fromEntries(
        Object.entries(map ?? {})
            .sort(([a], [b]) => cmp(a, b))
            .map(([file, libs]) => [file, offsets(libs)]),
    );
}

/** Byte order, as Rust's `BTreeMap<String, _>` sorts (the same as UTF-16 order for ASCII). */
function cmp(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}

function sortKeys(object) {
    return Object.fromEntries(Object.entries(object).sort(([a], [b]) => cmp(a, b)));
}

/** A serde_json `Value` object as forge writes it back: keys sorted at every level. */
function sortDeep(value) {
    if (Array.isArray(value)) return value.map(sortDeep);
    if (value && typeof value === 'object') {
        return Object.fromEntries(
            Object.entries(value)
                .sort(([a], [b]) => cmp(a, b))
                .map(([k, v]) => [k, sortDeep(v)]),
        );
    }
    return value;
}

/** solc's ABI as alloy's `JsonAbi` serializes it. */
function alloyAbi(abi) {
    const param = (p, event) => ({
        name: p.name,
        type: p.type,
        ...(event ? { indexed: p.indexed } : {}),
        ...(p.internalType !== undefined ? { internalType: p.internalType } : {}),
        ...(p.components?.length ? { components: p.components.map((c) => param(c, false)) } : {}),
    });
    const item = (e) => {
        switch (e.type) {
            case 'constructor':
                return {
                    type: e.type,
                    inputs: e.inputs.map((p) => param(p)),
                    stateMutability: e.stateMutability,
                };
            case 'fallback':
            case 'receive':
                return { type: e.type, stateMutability: e.stateMutability };
            case 'function':
                return {
                    type: e.type,
                    name: e.name,
                    inputs: e.inputs.map((p) => param(p)),
                    outputs: e.outputs.map((p) => param(p)),
                    stateMutability: e.stateMutability,
                };
            case 'event':
                return {
                    type: e.type,
                    name: e.name,
                    inputs: e.inputs.map((p) => param(p, true)),
                    anonymous: e.anonymous,
                };
            case 'error':
                return { type: e.type, name: e.name, inputs: e.inputs.map((p) => param(p)) };
            default:
                throw new Error(`unknown ABI item type ${e.type}`);
        }
    };
    const byName = (type) =>
        abi
            .filter((e) => e.type === type)
            .map((e, i) => [e, i])
            // Stable: overloads keep solc's order within a name (a BTreeMap of Vecs).
            .sort(([a, i], [b, j]) => cmp(a.name, b.name) || i - j)
            .map(([e]) => e);
    return [
        ...abi.filter((e) => e.type === 'constructor'),
        ...abi.filter((e) => e.type === 'fallback'),
        ...abi.filter((e) => e.type === 'receive'),
        ...byName('function'),
        ...byName('event'),
        ...byName('error'),
    ].map(item);
}

/** solc's metadata read into foundry-compilers' `Metadata` and written back by serde. */
function foundryMetadata(m) {
    const item = (p) => ({
        internalType: p.internalType ?? null,
        name: p.name,
        type: p.type,
        ...(p.components?.length ? { components: p.components.map(item) } : {}),
        ...(p.indexed !== undefined ? { indexed: p.indexed } : {}),
    });
    const solcAbi = (e) => ({
        inputs: (e.inputs ?? []).map(item),
        ...(e.stateMutability !== undefined ? { stateMutability: e.stateMutability } : {}),
        type: e.type,
        ...(e.name !== undefined ? { name: e.name } : {}),
        ...(e.outputs?.length ? { outputs: e.outputs.map(item) } : {}),
        ...(e.anonymous !== undefined ? { anonymous: e.anonymous } : {}),
    });
    // `Doc` keeps only kind, methods and version.
    const doc = (d) =>
        d === undefined
            ? null
            : {
                  ...(d.kind !== undefined ? { kind: d.kind } : {}),
                  ...(d.methods !== undefined ? { methods: sortDeep(d.methods) } : {}),
                  ...(d.version !== undefined ? { version: d.version } : {}),
              };
    const s = m.settings;
    const optimizer = s.optimizer ?? {};
    const meta = s.metadata;
    return {
        compiler: { version: m.compiler.version },
        language: m.language,
        output: {
            abi: m.output.abi.map(solcAbi),
            devdoc: doc(m.output.devdoc),
            userdoc: doc(m.output.userdoc),
        },
        settings: {
            remappings: s.remappings ?? [],
            optimizer: {
                ...(optimizer.enabled !== undefined ? { enabled: optimizer.enabled } : {}),
                ...(optimizer.runs !== undefined ? { runs: optimizer.runs } : {}),
                ...(optimizer.details !== undefined ? { details: optimizer.details } : {}),
            },
            ...(meta
                ? {
                      metadata: {
                          ...(meta.useLiteralContent !== undefined
                              ? { useLiteralContent: meta.useLiteralContent }
                              : {}),
                          ...(meta.bytecodeHash !== undefined
                              ? { bytecodeHash: meta.bytecodeHash }
                              : {}),
                          ...(meta.appendCBOR !== undefined ? { appendCBOR: meta.appendCBOR } : {}),
                      },
                  }
                : {}),
            compilationTarget: sortKeys(s.compilationTarget ?? {}),
            ...(s.evmVersion !== undefined ? { evmVersion: s.evmVersion } : {}),
            libraries: sortKeys(s.libraries ?? {}),
            ...(s.viaIR !== undefined ? { viaIR: s.viaIR } : {}),
        },
        sources: Object.fromEntries(
            Object.entries(m.sources)
                .sort(([a], [b]) => cmp(a, b))
                .map(([name, source]) => [
                    name,
                    {
                        keccak256: source.keccak256,
                        urls: source.urls ?? [],
                        ...(source.content !== undefined ? { content: source.content } : {}),
                        license: source.license ?? null,
                    },
                ]),
        ),
        version: m.version,
    };
}

// --- The Hardhat tree ---------------------------------------------------------------------------

hardhatProject({
    dir: path.join(workspace, 'hardhat'),
    files: {
        'hardhat.config.js': hardhatConfig(),
        'ignition/modules/Explorer.js': ignitionModule(),
        'deploy/00_explorer.js': hardhatDeployScript(),
    },
    sources: Object.fromEntries(contractFiles.map((file) => [`contracts/${file}`, read(file)])),
    optimizer: true,
    hardhatDeploy: true,
});

/**
 * A Hardhat 2 project in `dir`: its `files`, the sources, and the artifacts/ tree
 * `npx hardhat compile` writes (artifacts, `.dbg.json` files and the build info). The solc
 * settings are those `resolveCompiler` makes of the config's, with hardhat-deploy's additions
 * when the project uses it.
 */
function hardhatProject({ dir, files, sources: contents, optimizer, hardhatDeploy }) {
    rmSync(dir, { recursive: true, force: true });
    for (const [name, text] of Object.entries(files)) write(path.join(dir, name), text);
    const sources = Object.fromEntries(
        Object.entries(contents).map(([name, content]) => [name, { content }]),
    );
    for (const [name, { content }] of Object.entries(sources)) write(path.join(dir, name), content);
    const input = {
        language: 'Solidity',
        sources: Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b))),
        settings: {
            optimizer: { enabled: optimizer, runs: 200 },
            evmVersion,
            outputSelection: {
                '*': {
                    '*': [
                        'abi',
                        'evm.bytecode',
                        'evm.deployedBytecode',
                        'evm.methodIdentifiers',
                        'metadata',
                        ...(hardhatDeploy
                            ? ['devdoc', 'userdoc', 'storageLayout', 'evm.gasEstimates']
                            : []),
                    ],
                    '': ['ast'],
                },
            },
            ...(hardhatDeploy ? { metadata: { useLiteralContent: true } } : {}),
        },
    };
    const output = compile(input);
    const id = createHash('md5')
        .update(
            JSON.stringify({
                _format: 'hh-sol-build-info-1',
                solcVersion,
                solcLongVersion,
                input,
            }),
        )
        .digest('hex');
    const buildInfoFile = path.join(dir, 'artifacts/build-info', `${id}.json`);
    // saveBuildInfo streams the same JSON: the build info without output, then the output with
    // its sources and contracts last.
    const { sources: outSources, contracts: outContracts, ...rest } = output;
    write(
        buildInfoFile,
        JSON.stringify({
            id,
            _format: 'hh-sol-build-info-1',
            solcVersion,
            solcLongVersion,
            input,
            output: { ...rest, sources: outSources, contracts: outContracts },
        }),
    );
    let count = 0;
    for (const [sourceName, contracts] of Object.entries(outContracts)) {
        for (const [contractName, contract] of Object.entries(contracts)) {
            const artifactDir = path.join(dir, 'artifacts', sourceName);
            const artifact = {
                _format: 'hh-sol-artifact-1',
                contractName,
                sourceName,
                abi: contract.abi,
                bytecode: `0x${contract.evm.bytecode.object}`,
                deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
                linkReferences: contract.evm.bytecode.linkReferences ?? {},
                deployedLinkReferences: contract.evm.deployedBytecode.linkReferences ?? {},
            };
            // fs-extra's writeJSON with { spaces: 2 }: a newline at the end.
            write(
                path.join(artifactDir, `${contractName}.json`),
                `${JSON.stringify(artifact, null, 2)}\n`,
            );
            const debugFile = {
                _format: 'hh-sol-dbg-1',
                buildInfo: path.relative(artifactDir, buildInfoFile).split(path.sep).join('/'),
            };
            write(
                path.join(artifactDir, `${contractName}.dbg.json`),
                `${JSON.stringify(debugFile, null, 2)}\n`,
            );
            count++;
        }
    }
    console.log(`${path.relative(root, dir)}/artifacts: ${count} artifacts, build info ${id}`);
}

// --- The call-trace workspace -------------------------------------------------------------------
// TraceLab.sol and TraceBase.sol in a Foundry project compiled with the optimizer and a Hardhat
// project compiled without (Hardhat's default), so that one file has two compilations and each
// chain's code matches one of them: the node tier deploys the Foundry tree's bytecode on the
// C-Chain and the Hardhat tree's on the L1 (test/node/trace.test.ts).

const traceFiles = ['TraceLab.sol', 'TraceBase.sol'];
const traceWorkspace = path.join(root, 'test/fixtures/trace-workspace');

foundryProject({
    dir: path.join(traceWorkspace, 'foundry'),
    comment: [
        "# The call-trace tests' contracts (test/realnode/contract/compile.mjs writes this tree and",
        '# out/ as `forge build` would, out/build-info with it).',
    ],
    sources: Object.fromEntries(traceFiles.map((file) => [`src/${file}`, read(file)])),
    optimizer: true,
    buildInfo: true,
});

hardhatProject({
    dir: path.join(traceWorkspace, 'hardhat'),
    files: {
        'hardhat.config.js': `// The call-trace tests' contracts (test/realnode/contract/compile.mjs writes this tree and
// artifacts/ as \`npx hardhat compile\` would). Nothing here is run.

/** @type import('hardhat/config').HardhatUserConfig */
module.exports = { solidity: "${solcVersion}" };
`,
    },
    sources: Object.fromEntries(traceFiles.map((file) => [`contracts/${file}`, read(file)])),
    optimizer: false,
    hardhatDeploy: false,
});

function hardhatConfig() {
    return `// The contracts the real-node tests deploy (test/realnode/contract/compile.mjs writes this tree
// and artifacts/ as \`npx hardhat compile\` would; ignition/deployments/ and deployments/ are
// written per run by the harness). Nothing here is run.
require("@nomicfoundation/hardhat-ignition");
require("hardhat-deploy");

/** @type import('hardhat/config').HardhatUserConfig */
module.exports = {
  solidity: {
    version: "${solcVersion}",
    settings: { optimizer: { enabled: true, runs: 200 } },
  },
  namedAccounts: { deployer: 0 },
  networks: {
    // The local network's C-Chain and the explorertest L1 (its URL names the blockchain id).
    local: { url: "http://127.0.0.1:9650/ext/bc/C/rpc", chainId: 43112 },
    explorertest: { url: "http://127.0.0.1:9650/ext/bc/explorertest/rpc", chainId: 78999 },
  },
};
`;
}

function ignitionModule() {
    return `// The Ignition module whose deployment the harness records in ignition/deployments/chain-<id>/.
const { buildModule } = require("@nomicfoundation/hardhat-ignition/modules");

module.exports = buildModule("ExplorerModule", (m) => {
  const token = m.contract("ExplorerToken", ["Explorer Token", "EXT", 1_000_000n * 10n ** 18n]);
  const vault = m.contract("ExplorerVault", [1_000n]);
  m.call(token, "transfer", ["0x1000000000000000000000000000000000000002", 50n * 10n ** 18n]);
  return { token, vault };
});
`;
}

function hardhatDeployScript() {
    return `// The hardhat-deploy script whose deployments the harness records in deployments/<network>/
// (the same contracts as the Ignition module: one project, two plugins).
module.exports = async ({ deployments, getNamedAccounts }) => {
  const { deploy } = deployments;
  const { deployer } = await getNamedAccounts();
  await deploy("ExplorerToken", {
    from: deployer,
    args: ["Explorer Token", "EXT", (1_000_000n * 10n ** 18n).toString()],
  });
  await deploy("ExplorerVault", { from: deployer, args: [1000] });
};
module.exports.tags = ["Explorer"];
`;
}
