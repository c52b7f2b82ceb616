/**
 * The server's boundaries in eslint.config.js bite: small sources linted as if they were files of
 * apps/server/src, with the repository's own lint setup (docs/decisions/009-checked-conventions.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/server/src');

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfigFile: path.join(ROOT, 'eslint.config.js'),
  // Only the boundaries are asked here; the cycle check walks the whole import graph.
  overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
});

/** The boundary messages ESLint gives `code` as the file `file` of apps/server/src. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SERVER, file) });
  const messages = result!.messages;
  // A parse error or a missing config would pass every case below without linting anything.
  expect(messages.filter((message) => message.fatal)).toEqual([]);
  return messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

/** The domains as the config reads them: modules.ts's `./<name>/index.js` imports. */
const domains = [
  ...readFileSync(path.join(SERVER, 'modules.ts'), 'utf8').matchAll(
    /from '\.\/([\w-]+)\/index\.js'/g,
  ),
].map((match) => match[1]!);

/** A file of the domain other than its index.ts (imports must resolve for the rule to judge them). */
function innerFile(domain: string): string {
  const file = readdirSync(path.join(SERVER, domain)).find(
    (name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'),
  );
  if (!file) throw new Error(`${domain}/ has no file besides index.ts`);
  return file.replace(/\.ts$/, '.js');
}

describe('another folder sees a domain only through its index.ts', () => {
  it('refuses a deep import into another domain, saying where to import from', async () => {
    const errors = await boundaryErrors(
      'chat/chat.service.ts',
      "import { AdvisorsService } from '../advisors/advisors.service.js';\nexport const a = AdvisorsService;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "Other folders see advisors/ only through its index.ts: import it from '../advisors/index.js' (add the export there if it is part of the advisors module's public face)",
      ),
    ]);
  });

  it('refuses a type-only deep import too', async () => {
    const errors = await boundaryErrors(
      'reviews/reviews.service.ts',
      "import type { AdvisorRecord } from '../advisors/advisors.repository.js';\nexport type A = AdvisorRecord;\n",
    );
    expect(errors).toEqual([expect.stringContaining("import it from '../advisors/index.js'")]);
  });

  it('refuses it from a root file of the composition, pointing at ./<domain>/index.js', async () => {
    const errors = await boundaryErrors(
      'app.ts',
      "import { ChatService } from './chat/chat.service.js';\nexport const c = ChatService;\n",
    );
    expect(errors).toEqual([expect.stringContaining("import it from './chat/index.js'")]);
  });

  it.each(domains)('guards %s/, a domain of modules.ts', async (domain) => {
    const importer = domain === 'users' ? 'chat/chat.service.ts' : 'users/users.service.ts';
    const errors = await boundaryErrors(
      importer,
      `import * as inner from '../${domain}/${innerFile(domain)}';\nexport { inner };\n`,
    );
    expect(errors).toEqual([expect.stringContaining(`'../${domain}/index.js'`)]);
  });

  it("allows another domain's index.ts, values and types", async () => {
    expect(
      await boundaryErrors(
        'chat/chat.service.ts',
        "import { displayName } from '../users/index.js';\nimport type { AdvisorsService } from '../advisors/index.js';\nexport const d = displayName;\nexport type A = AdvisorsService;\n",
      ),
    ).toEqual([]);
  });

  it("allows a domain's own files to import each other", async () => {
    expect(
      await boundaryErrors(
        'advisors/advisors.service.ts',
        "import { AdvisorsRepository } from './advisors.repository.js';\nexport const r = AdvisorsRepository;\n",
      ),
    ).toEqual([]);
  });

  it('allows tests and the test kit to reach inside a domain', async () => {
    const deep =
      "import { AdvisorsRepository } from '../advisors/advisors.repository.js';\nexport const r = AdvisorsRepository;\n";
    expect(await boundaryErrors('chat/some-behaviour.test.ts', deep)).toEqual([]);
    expect(await boundaryErrors('test/builders.ts', deep)).toEqual([]);
  });
});

describe('a route never imports a repository', () => {
  it("refuses its own domain's repository", async () => {
    const errors = await boundaryErrors(
      'chat/chat.routes.ts',
      "import type { ChatRepository } from './chat.repository.js';\nexport type R = ChatRepository;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('A route asks its service; the repository stays behind it'),
    ]);
  });

  it("refuses another domain's repository, on both counts", async () => {
    const errors = await boundaryErrors(
      'admin/admin.routes.ts',
      "import type { UserRecord } from '../users/users.repository.js';\nexport type U = UserRecord;\n",
    );
    expect(errors).toHaveLength(2);
    expect(errors).toContainEqual(expect.stringContaining("import it from '../users/index.js'"));
    expect(errors).toContainEqual(expect.stringContaining('A route asks its service'));
  });

  it('allows a service to use its repository', async () => {
    expect(
      await boundaryErrors(
        'chat/chat.service.ts',
        "import type { ChatRepository } from './chat.repository.js';\nexport type R = ChatRepository;\n",
      ),
    ).toEqual([]);
  });
});

describe('realtime/, http/, db/ and the rest of the platform are below the domains', () => {
  it.each([
    [
      'realtime/socket-hub.ts',
      'realtime/ is below the domains: take what you need as an interface or a callback',
    ],
    [
      'http/register-call.ts',
      'http/ is below the domains: declare the small interface you need here',
    ],
    [
      'db/migrate.ts',
      "db/ is below the domains: it connects and migrates; a domain's queries live in its own repository",
    ],
    ['metrics/metrics.ts', 'metrics/ is below the domains'],
    ['errors.ts', 'config.ts, errors.ts, logger.ts and paths.ts are what every folder stands on'],
  ])('refuses %s even a type from a domain index.ts', async (file, message) => {
    const from = file.includes('/') ? '../auth/index.js' : './auth/index.js';
    const errors = await boundaryErrors(
      file,
      `import type { Identity } from '${from}';\nexport type I = Identity;\n`,
    );
    expect(errors).toEqual([expect.stringContaining(message)]);
  });

  it('allows them what is below them too', async () => {
    expect(
      await boundaryErrors(
        'realtime/socket-hub.ts',
        "import type { Sql } from '../db/database.js';\nimport { AppError } from '../errors.js';\nexport type S = Sql;\nexport const e = AppError;\n",
      ),
    ).toEqual([]);
  });
});
