/**
 * Where the repository and the compiled tree are, named once so that a test file may sit at any
 * depth under test/ (unit tests are grouped by area). This file runs as
 * out/test/helpers/paths.js.
 */
import path from 'node:path';

/** The repository's root: package.json, the sources, test/fixtures (tsc copies no JSON into out/). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** The compiled tree (`out/`): the built `src` and `test` JavaScript a test may start as a process. */
export const outRoot = path.resolve(__dirname, '..', '..');
