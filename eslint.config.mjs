// Type-aware lint. The `vscode` wall keeps src/core testable in plain Node (STYLE.md rule 1).
import tseslint from 'typescript-eslint';

import { activationRule, layersRule } from './scripts/eslint/layers.mjs';

export default tseslint.config(
    {
        ignores: [
            'dist/**',
            'out/**',
            'node_modules/**',
            '.vscode-test/**',
            'bench/results/**',
            // Foundry and Hardhat projects as those tools lay them out (hardhat.config.js and the
            // like are CommonJS for Hardhat, and nothing runs them): fixtures, not our code.
            'test/fixtures/contracts-workspace/**',
        ],
    },
    ...tseslint.configs.recommendedTypeChecked,
    {
        languageOptions: {
            parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
        },
        rules: {
            'no-console': 'error',
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
        },
    },
    {
        files: ['src/**/*.ts'],
        plugins: { avalanche: { rules: { layers: layersRule, activation: activationRule } } },
        rules: { 'avalanche/layers': 'error', 'avalanche/activation': 'error' },
    },
    {
        // The page's own project (DOM lib), which the project service does not find by itself:
        // tsconfig.json leaves src/webview-ui out so that Node code cannot use the DOM.
        files: ['src/webview-ui/**'],
        languageOptions: {
            parserOptions: {
                projectService: false,
                project: ['./tsconfig.webview.json'],
                tsconfigRootDir: import.meta.dirname,
            },
        },
    },
    {
        files: ['src/core/**', 'src/shared/**', 'src/webview-ui/**'],
        rules: {
            'no-restricted-imports': [
                'error',
                {
                    paths: [
                        {
                            name: 'vscode',
                            message:
                                'src/core, src/shared and src/webview-ui must not depend on vscode.',
                        },
                    ],
                },
            ],
        },
    },
    {
        // The sandbox, test runners, benchmarks and scripts are command-line programs: printing is their job.
        files: ['test/**', 'bench/**', 'scripts/**'],
        rules: { 'no-console': 'off' },
    },
    {
        files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
        ...tseslint.configs.disableTypeChecked,
    },
    {
        // CommonJS files are CommonJS on purpose (mocha loads reporters with require).
        files: ['**/*.cjs'],
        rules: { '@typescript-eslint/no-require-imports': 'off' },
    },
);
