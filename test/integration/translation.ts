/**
 * The test-only translation of the localised host run (`HOST_LOCALE=de node scripts/hostTest.mjs
 * integration`): scripts/hostTest.mjs writes `bundle` as `l10n/bundle.l10n.de.json` into the run's
 * staged copy of the extension, never into the repository's l10n folder, so it cannot ship.
 * The format is VS Code's runtime bundle, as `@vscode/l10n-dev` writes it: each key is the
 * English message that `vscode.l10n.t` is called with (https://github.com/microsoft/vscode-l10n).
 */
export const testLocale = 'de';

/**
 * Messages of l10n/bundle.l10n.json in German: two of the extension's own, one with a placeholder,
 * core's sentences of a refused value (with its nested `allowed`) and a Data API 404, two of the
 * hover's live part (its title and its balance line) and its offline part's title, and some words
 * of the Node, Chains and Validators views.
 */
export const testTranslation: Readonly<Record<string, string>> = {
    'Put the cursor on an Avalanche address, hash, NodeID or id, or select one, first.':
        'Setzen Sie den Cursor zuerst auf eine Avalanche-Adresse, einen Hash, eine NodeID oder eine ID, oder markieren Sie eine.',
    '{0} is malformed (its checksum does not match), so it was not looked up.':
        '{0} ist fehlerhaft (die Prüfsumme stimmt nicht) und wurde daher nicht nachgeschlagen.',
    'Invalid {0}: {1} is not allowed; expected {2}.':
        'Ungültiger Wert für {0}: {1} ist nicht zulässig; erwartet: {2}.',
    'an EVM transaction hash: 0x followed by 64 hex digits':
        'ein EVM-Transaktionshash: 0x und 64 Hexadezimalziffern',
    'Not found on the {0}: {1}. Check the id, the chain and the network.':
        'Nicht gefunden bei der {0}: {1}. Prüfen Sie ID, Chain und Netzwerk.',
    'On {0}': 'Auf {0}',
    'Balance: {0}': 'Guthaben: {0}',
    'EVM address': 'EVM-Adresse',
    // The Node view: a row label, a description with placeholders, a tooltip's field, and a
    // notice whose sentence and remedy are core's phrases (src/core/summaries/nodeProblems.ts).
    Reachable: 'Erreichbar',
    '{0} · {1} ms round trip': '{0} · {1} ms Umlaufzeit',
    'Network upgrades': 'Netzwerk-Upgrades',
    Checked: 'Geprüft',
    'Admin API': 'Admin-API',
    'The admin API is off on this node.': 'Die Admin-API ist auf diesem Knoten ausgeschaltet.',
    'Start AvalancheGo with {0} (or {1} in its config file), then refresh.':
        'Starten Sie AvalancheGo mit {0} (oder {1} in seiner Konfigurationsdatei) und aktualisieren Sie dann.',
    // The first level of the Chains and Validators views.
    'Primary Network': 'Primärnetzwerk',
    'EVM chains': 'EVM-Chains',
    'Validators per chain': 'Validatoren pro Chain',
    'as {0} sees them': 'wie {0} sie sieht',
};
