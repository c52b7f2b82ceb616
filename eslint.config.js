// One lint setup for every workspace: code rules, and the layout rules that keep the code's shape
// (see docs/decisions/009-checked-conventions.md). Folder-level cycles of the server are checked
// by scripts/check-folder-cycles.mjs, which `npm run lint` also runs.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB = './apps/web/src';
const features = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const layoutZones = [
  // A feature is built from shared/ and lib/, never from another feature or from app/.
  ...features.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other: move what both need to shared/ or lib/.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'app/ composes the features; features do not import it (use lib/ or shared/).',
  },
  {
    target: [`${WEB}/shared`, `${WEB}/lib`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'shared/ and lib/ are below the features and app/.',
  },
  {
    target: `${WEB}/lib`,
    from: `${WEB}/shared`,
    message: 'lib/ holds non-visual helpers; it does not import the UI kit in shared/.',
  },
  // The contract is what both sides agree on: it imports neither.
  {
    target: './packages/contract',
    from: ['./apps'],
    message: 'The contract imports neither app.',
  },
  // (Its end-to-end tests in apps/web/e2e start a real server and may use its test fakes.)
  { target: `${WEB}`, from: './apps/server', message: 'The web app never imports the server.' },
  { target: './apps/server', from: './apps/web', message: 'The server never imports the web app.' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/contract/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layoutZones }],
      // Type-only imports vanish at run time and are not cycles.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
