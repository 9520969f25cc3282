/**
 * The palette queries' testing surface: what the integration tests replace so that every command
 * runs end to end in a real extension host without a person, in one place so that the product
 * classes carry no test-only setters. `ExtensionApi.queries.testing` hands it out (to a test run
 * only, `ExtensionMode.Test`: see `activate()`); the queries read it back only through
 * `QueryServices.inputs` and `QueryServices.clipboard`.
 */
import type * as vscode from 'vscode';

import type { InputProvider } from './inputProvider';

/** For tests only: see the module comment. */
export interface QueriesTesting {
    /** Answers every question instead of VS Code's UI; undefined: VS Code's UI. */
    inputs: InputProvider | undefined;
    /**
     * Where copies go instead of the system clipboard (a headless browser refuses clipboard
     * reads); undefined: the system clipboard.
     */
    clipboard: Pick<vscode.Clipboard, 'writeText'> | undefined;
    /** How often an ICM panel polls while its message is not final; undefined: 10 s. */
    icmPollMs?: number | undefined;
}
