#!/usr/bin/env node
// Compiles Counter.sol with solc-js from npm into Counter.json (ABI and creation bytecode), which
// is committed so that the tests do not load the compiler. Run it after changing Counter.sol:
//   node test/realnode/contract/compile.mjs
// evmVersion paris: no PUSH0, so the same bytecode runs on every EVM chain a node may serve.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const solc = createRequire(import.meta.url)('solc');
const source = readFileSync(path.join(here, 'Counter.sol'), 'utf8');
const input = {
    language: 'Solidity',
    sources: { 'Counter.sol': { content: source } },
    settings: {
        evmVersion: 'paris',
        optimizer: { enabled: true, runs: 200 },
        outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
    for (const e of errors) console.error(e.formattedMessage);
    process.exit(1);
}
const contract = output.contracts['Counter.sol'].Counter;
const artifact = {
    compiler: `solc ${solc.version()}`,
    evmVersion: input.settings.evmVersion,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
};
writeFileSync(path.join(here, 'Counter.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`Counter.json written (${artifact.compiler})`);
