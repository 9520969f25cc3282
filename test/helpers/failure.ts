import * as assert from 'node:assert/strict';

/**
 * Awaits a promise that must reject and returns what it rejected with, typed as an `Error` for
 * the assertions that follow (they check its name or guard); a promise that resolves fails the
 * test.
 */
export async function failure(promise: Promise<unknown>): Promise<Error> {
    try {
        await promise;
    } catch (error) {
        return error as Error;
    }
    return assert.fail('expected a failure');
}
