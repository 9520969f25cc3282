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
// The compiler and the Foundry and Hardhat layouts, with the tools' sources they follow, are in
// test/fixtures/compiler/solc.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
    compile,
    foundryProject,
    hardhatProject,
    solcJsVersion,
    solcVersion,
} from '../../fixtures/compiler/solc.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const workspace = path.join(root, 'test/fixtures/contracts-workspace');
const evmVersion = 'paris';
const read = (file) => readFileSync(path.join(here, file), 'utf8');

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
        compiler: `solc ${solcJsVersion}`,
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
    evmVersion,
    buildInfo: false,
});

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
    evmVersion,
    hardhatDeploy: true,
});

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
    evmVersion,
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
    evmVersion,
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
