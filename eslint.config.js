// One lint setup for every workspace: code rules, and the layout rules that keep the code's shape
// (see docs/decisions/009-checked-conventions.md). Folder-level cycles of the server are checked
// by scripts/check-folder-cycles.mjs, which `npm run lint` also runs; scripts/boundaries.test.ts
// proves the server's boundaries below fail what they should.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Zones are resolved from this file's folder, so linting from another directory means the same.
const ROOT = import.meta.dirname;
const WEB = './apps/web/src';
const features = readdirSync(path.join(ROOT, WEB, 'features'), { withFileTypes: true })
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

const SERVER = 'apps/server/src';
/**
 * The server's domains are the modules listed in modules.ts, read from its
 * `import { xModule } from './x/index.js'` lines: a new domain gets its zones with its line there.
 */
const domains = [
  ...readFileSync(path.join(ROOT, SERVER, 'modules.ts'), 'utf8').matchAll(
    /from '\.\/([\w-]+)\/index\.js'/g,
  ),
].map((match) => match[1]);
if (domains.length === 0)
  throw new Error(`eslint.config.js: no './<name>/index.js' import in ${SERVER}/modules.ts`);
/** What the domains are built on knows no domain, not even a type; what to do instead, by folder or file. */
const BASE_FILE =
  'config.ts, errors.ts, logger.ts and paths.ts are what every folder stands on: they import no domain.';
const belowDomains = {
  realtime:
    "realtime/ is below the domains: take what you need as an interface or a callback given by the loader (a module's deliveries or socketAccess), declared here in realtime/.",
  http: 'http/ is below the domains: declare the small interface you need here in http/ and let the domain satisfy it (as register-call.ts does for who is calling).',
  db: "db/ is below the domains: it connects and migrates; a domain's queries live in its own repository.",
  metrics:
    'metrics/ is below the domains: take what you need as an argument or a callback given by app.ts or a module.',
  'rate-limits':
    'rate-limits/ is below the domains: take what you need as an argument or a callback given by app.ts.',
  'config.ts': BASE_FILE,
  'errors.ts': BASE_FILE,
  'logger.ts': BASE_FILE,
  'paths.ts': BASE_FILE,
};
// The other files and folders at the top of the server's source (test/ may reach anything).
const serverEntries = readdirSync(path.join(ROOT, SERVER)).filter(
  (name) => name !== 'test' && !name.endsWith('.test.ts') && !(name in belowDomains),
);
const throughIndex = (domain, fromRoot) =>
  `Other folders see ${domain}/ only through its index.ts: import it from '${fromRoot ? '.' : '..'}/${domain}/index.js' (add the export there if it is part of the ${domain} module's public face).`;

const serverZones = [
  // Another folder (or a root file) sees a domain only through its index.ts; a domain's own
  // files import each other freely.
  ...domains.flatMap((domain) => {
    const others = serverEntries.filter((name) => name !== domain);
    const zone = (target, fromRoot) => ({
      target: target.map((name) => `${SERVER}/${name}`),
      from: `${SERVER}/${domain}`,
      except: ['./index.ts'],
      message: throughIndex(domain, fromRoot),
    });
    const folders = others.filter((name) => !name.endsWith('.ts'));
    const rootFiles = others.filter((name) => name.endsWith('.ts'));
    return [zone(folders, false), zone(rootFiles, true)];
  }),
  {
    target: `${SERVER}/**/*.routes.ts`,
    from: `${SERVER}/**/*.repository.ts`,
    message:
      "A route asks its service; the repository stays behind it (call a service method, and take row types from the module's index.ts under a domain name).",
  },
  ...Object.entries(belowDomains).map(([folder, message]) => ({
    target: `${SERVER}/${folder}`,
    from: domains.map((domain) => `${SERVER}/${domain}`),
    message,
  })),
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
      'import-x/no-restricted-paths': ['error', { zones: layoutZones, basePath: ROOT }],
      // Type-only imports vanish at run time and are not cycles.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server's own code keeps its boundaries; its tests (*.test.ts, test/) may reach inside a
    // domain, since they prove its internals.
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.test.ts`, `${SERVER}/test/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layoutZones, ...serverZones], basePath: ROOT },
      ],
    },
  },
);
