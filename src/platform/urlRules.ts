/**
 * Rules for what the user types or configures: service URLs, node names, the API key. Pure
 * functions without `vscode`, shared by the settings validators and the input boxes, so a value
 * accepted in an input box is also accepted when read back from settings.
 */

const maxUrlLength = 2_048;
export const maxNodeNameLength = 60;
const minApiKeyLength = 8;
const maxApiKeyLength = 512;

/** `url` is the normalised URL (no trailing slash); otherwise `error` says what is wrong. */
export type ParsedUrl = { url: string; error?: undefined } | { url?: undefined; error: string };

/**
 * Accepts an http(s) base URL with a host and an optional path prefix. Credentials are refused
 * because they would end up in settings.json, logs and tooltips; a query or fragment is refused
 * because the clients append their own paths to the base URL.
 */
export function parseServiceUrl(text: string): ParsedUrl {
    const trimmed = text.trim();
    if (trimmed.length === 0)
        return { error: 'Enter a URL, for example https://api.avax.network.' };
    if (trimmed.length > maxUrlLength)
        return { error: `The URL is longer than ${maxUrlLength} characters.` };
    if (/\s/.test(trimmed)) return { error: 'A URL cannot contain spaces.' };
    let url: URL;
    try {
        url = new URL(trimmed);
    } catch {
        return { error: 'This is not a URL. Expected something like http://127.0.0.1:9650.' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return { error: 'Only http:// and https:// URLs are supported.' };
    }
    if (url.hostname === '') return { error: 'The URL needs a host name.' };
    if (url.username !== '' || url.password !== '') {
        return {
            error: 'Leave the user name and password out of the URL: they would be stored in plain text.',
        };
    }
    if (url.search !== '' || url.hash !== '' || trimmed.includes('?') || trimmed.includes('#')) {
        return { error: 'Leave out the query (?…) and fragment (#…): only a base URL is needed.' };
    }
    const path = url.pathname.replace(/\/+$/, '');
    return { url: `${url.protocol}//${url.host}${path}` };
}

/** For `showInputBox({ validateInput })`: undefined when the text is an acceptable node URL. */
export function validateNodeUrlInput(text: string): string | undefined {
    return parseServiceUrl(text).error;
}

/** For the optional name step: empty is fine (the host is used), otherwise short and one line. */
export function validateNodeNameInput(text: string): string | undefined {
    const name = text.trim();
    if (name.length > maxNodeNameLength) return `Use at most ${maxNodeNameLength} characters.`;
    if (/[\r\n\t]/.test(name)) return 'Use a single line.';
    return undefined;
}

/** For the API key input box. The key is never echoed back in the message. */
export function validateApiKeyInput(text: string): string | undefined {
    if (text.length === 0) return 'Enter the API key.';
    if (/\s/.test(text)) return 'An API key has no spaces or line breaks; check what was pasted.';
    if (text.length < minApiKeyLength)
        return `That is too short for an API key (${text.length} characters).`;
    if (text.length > maxApiKeyLength)
        return `That is too long for an API key (${text.length} characters).`;
    // Sent as an HTTP header value: only visible ASCII survives that unchanged.
    if (!/^[\x21-\x7e]+$/.test(text)) return 'An API key contains only visible ASCII characters.';
    return undefined;
}
