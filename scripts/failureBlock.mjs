// The failing tests of a mocha run, cut from its output for the end of `npm test`: a CI log is often
// kept only from its tail, and in the host tiers the extension host's logs follow mocha's summary.

/** How many lines of the block `npm test` repeats at its end. */
const failureLines = 36;

/**
 * Mocha's failure block ("N failing", each title and error) of a step's output, if it printed one.
 * In the host tiers the extension host's logs follow it, so the last lines alone miss it.
 */
export function failureBlock(output, maxLines = failureLines) {
    // Colour codes, where the reporter thought it wrote to a terminal.
    const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
    let start = -1;
    for (let i = lines.length - 1; i >= 0; i--) {
        if (/^\s*\d+ failing\s*$/.test(lines[i])) {
            start = i;
            break;
        }
    }
    if (start < 0) return '';
    const block = [];
    for (const line of lines.slice(start)) {
        if (/^\S+: \d+ passed, \d+ failed/.test(line)) break;
        if (block.length === 0 || line.trim() !== '' || block.at(-1)?.trim() !== '')
            block.push(line);
    }
    const cut = block.length > maxLines ? [...block.slice(0, maxLines), '  …'] : block;
    return cut.join('\n');
}
