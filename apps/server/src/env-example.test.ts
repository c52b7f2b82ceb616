/** .env.example lists every setting Seer reads, so an operator copying it misses none (decision 040). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.js';
import { SERVER_ROOT } from './paths.js';

const EXAMPLE = readFileSync(path.resolve(SERVER_ROOT, '../../.env.example'), 'utf8');
/** NAME=value lines, set or commented out ("# NAME=default"). */
const listed = new Map(
  [...EXAMPLE.matchAll(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [
    m[2]!,
    { set: !m[1], value: m[3]! },
  ]),
);

describe('.env.example', () => {
  it('names every setting config.ts reads, each after a line that says what it is', () => {
    for (const name of CONFIG_VARIABLES) {
      expect(listed.has(name), `${name} is missing from .env.example`).toBe(true);
      const lines = EXAMPLE.split('\n');
      const at = lines.findIndex((line) => new RegExp(`^(#\\s*)?${name}=`).test(line));
      expect(lines[at - 1], `${name} has no explanation above it`).toMatch(/^# \S/);
    }
  });

  it('sets production and leaves the secrets empty, so a copy used as is stops naming BOT_TOKEN', () => {
    expect(listed.get('NODE_ENV')).toEqual({ set: true, value: 'production' });
    const env = Object.fromEntries(
      [...listed]
        .filter(([name, line]) => line.set && CONFIG_VARIABLES.includes(name))
        .map(([name, line]) => [name, line.value]),
    );
    expect(() => loadConfig(env)).toThrow(/BOT_TOKEN: required in production/);
    expect(() =>
      loadConfig({ ...env, BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ' }),
    ).not.toThrow();
  });
});
