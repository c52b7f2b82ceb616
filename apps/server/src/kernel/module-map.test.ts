import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { format, resolveConfig } from 'prettier';
import { MODULES } from '../modules.js';
import { SERVER_ROOT } from '../paths.js';
import { moduleMap, withModuleMap } from './module-map.js';
import { defineModule } from './module.js';

const README = path.resolve(SERVER_ROOT, '../../README.md');

describe('the module map', () => {
  it('draws each need as an arrow and lists what each module adds', () => {
    const map = moduleMap([
      defineModule({ name: 'users', create: () => ({}), routes: () => {} }),
      defineModule({ name: 'chat', needs: ['users'], uses: ['auth'], create: () => ({}) }),
      defineModule({ name: 'auth', create: () => ({}), workers: () => [] }),
    ]);
    expect(map).toContain('  chat --> users');
    expect(map).toContain('| `users/` | — | — | HTTP calls |');
    expect(map).toContain('| `chat/` | `users` | `auth` | — |');
    expect(map).toContain('| `auth/` | — | — | workers |');
  });

  // `npm run docs:modules` runs this with UPDATE_MODULE_MAP=1 to write the README again.
  it('in the README is the one the module list draws (npm run docs:modules writes it)', async () => {
    const readme = readFileSync(README, 'utf8');
    const replaced = withModuleMap(readme, moduleMap(MODULES));
    expect(replaced, 'the README has no module map markers').not.toBeNull();
    // Formatted as `prettier --check` wants it in CI.
    const updated = await format(replaced!, { ...(await resolveConfig(README)), filepath: README });
    if (process.env.UPDATE_MODULE_MAP === '1') writeFileSync(README, updated);
    else expect(readme, 'the README is stale: run `npm run docs:modules`').toBe(updated);
  });
});
