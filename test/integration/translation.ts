/**
 * The test-only translation of the localised host run (`HOST_LOCALE=de node scripts/hostTest.mjs
 * integration`): scripts/hostTest.mjs writes `bundle` as `l10n/bundle.l10n.de.json` into the run's
 * staged copy of the extension, never into the repository's l10n folder, so it cannot ship.
 * The format is VS Code's runtime bundle, as `@vscode/l10n-dev` writes it: each key is the
 * English message that `vscode.l10n.t` is called with (https://github.com/microsoft/vscode-l10n).
 */
export const testLocale = 'de';

/** Two messages of l10n/bundle.l10n.json, one with a placeholder, in German. */
export const testTranslation: Readonly<Record<string, string>> = {
    'Put the cursor on an Avalanche address, hash, NodeID or id, or select one, first.':
        'Setzen Sie den Cursor zuerst auf eine Avalanche-Adresse, einen Hash, eine NodeID oder eine ID, oder markieren Sie eine.',
    '{0} is malformed (its checksum does not match), so it was not looked up.':
        '{0} ist fehlerhaft (die Prüfsumme stimmt nicht) und wurde daher nicht nachgeschlagen.',
};
