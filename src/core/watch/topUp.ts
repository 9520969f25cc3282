/**
 * "Top up…" for a watched L1 validator whose runway is low: the platform-cli command that adds
 * balance to it, with its validation id filled in, and the Builder Console's page that does the
 * same in a browser wallet. The extension only writes the command out; it never signs, sends or
 * runs it (the key that pays stays with the user's platform-cli).
 *
 * The command's shape is the one the platform-cli documentation gives for "Add Validator Balance"
 * (https://build.avax.network/docs/tooling/platform-cli/l1-validators): `platform l1 add-balance
 * --validation-id <id> --balance <AVAX> --key-name <key>`, with the global `--network`
 * (`fuji` by default, so mainnet is named) or `--rpc-url` for a local node
 * (https://build.avax.network/docs/tooling/platform-cli/command-reference).
 */
import { isCb58Id } from '../ids/cb58';
import { nAvaxDecimals } from '../format';

/** The Builder Console's page that checks and tops up an L1 validator's P-Chain balance. */
export const consoleTopUpUrl = 'https://build.avax.network/console/layer-1/l1-validator-balance';

/** The platform-cli documentation of the L1 validator commands. */
export const platformCliL1Docs =
    'https://build.avax.network/docs/tooling/platform-cli/l1-validators';

/** How long the suggested top-up lasts at today's fee. */
const topUpDays = 30;

/** What the command is written for. */
export interface TopUpInput {
    readonly validationId: string;
    readonly network: 'mainnet' | 'fuji' | 'local';
    /** The node a local network is reached at (`--rpc-url`); only for `local`. */
    readonly nodeUrl?: string | undefined;
    /** Today's fee in nAVAX per second, when known: the amount is sized by it. */
    readonly feePerSecond?: string | undefined;
}

/** The platform-cli command and the amount it adds, in words for the message. */
export interface TopUp {
    readonly command: string;
    /** The AVAX the command adds (a decimal, as `--balance` takes it). */
    readonly balanceAvax: string;
    /** Why that amount, in a few words. */
    readonly sizedBy: string;
}

/** A placeholder the user replaces: shell-safe, unlike `<key>`, which a shell reads as a file. */
export const keyNamePlaceholder = 'YOUR_KEY_NAME';

/**
 * The amount of AVAX that lasts `days` at `feePerSecond` nAVAX a second, rounded up to a
 * hundredth of an AVAX (at least 0.01); undefined when the fee is not a positive integer.
 */
export function topUpAmountAvax(
    feePerSecond: string | undefined,
    days = topUpDays,
): string | undefined {
    if (feePerSecond === undefined || !/^\d{1,30}$/.test(feePerSecond)) return undefined;
    const fee = BigInt(feePerSecond);
    if (fee === 0n) return undefined;
    const nAvax = fee * BigInt(days * 86_400);
    // Hundredths of an AVAX, rounded up.
    const hundredth = 10n ** BigInt(nAvaxDecimals - 2);
    const hundredths = (nAvax + hundredth - 1n) / hundredth;
    const whole = hundredths / 100n;
    const cents = (hundredths % 100n).toString().padStart(2, '0');
    return `${whole}.${cents}`;
}

/**
 * The platform-cli command that adds balance to the L1 validator `validationId`, one line ready
 * to paste. Throws on a validation id that is not one (the id is the only value from elsewhere
 * in the line, and it must stay a plain word to the shell), or on a local node URL that is not a
 * plain http(s) URL.
 */
export function topUpCommand(input: TopUpInput): TopUp {
    if (!isCb58Id(input.validationId)) {
        throw new TypeError(
            `Not a validation id: ${JSON.stringify(input.validationId.slice(0, 80))}`,
        );
    }
    const sized = topUpAmountAvax(input.feePerSecond);
    const balanceAvax = sized ?? '1.00';
    const sizedBy = sized
        ? `${topUpDays} days at today's fee`
        : 'an example amount: the fee was not read';
    let where: string;
    if (input.network === 'local') {
        const url = input.nodeUrl ?? '';
        if (!/^https?:\/\/[A-Za-z0-9.\-:[\]]+(?::\d+)?\/?$/.test(url)) {
            throw new TypeError('A local network is reached at a plain http(s) node URL');
        }
        where = `--rpc-url ${url.replace(/\/$/, '')}`;
    } else {
        where = `--network ${input.network}`;
    }
    return {
        command: `platform l1 add-balance --validation-id ${input.validationId} --balance ${balanceAvax} --key-name ${keyNamePlaceholder} ${where}`,
        balanceAvax,
        sizedBy,
    };
}
