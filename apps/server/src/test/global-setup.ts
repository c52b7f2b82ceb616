/**
 * One PostgreSQL server for the whole test run: the one named by DATABASE_URL
 * (CI points it at its PostgreSQL 15) or, without it, a fresh embedded one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgKind: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL?.trim();
  if (external) {
    project.provide('pgAdminUrl', external);
    project.provide('pgKind', 'external');
    console.log(`[server tests] PostgreSQL: external (DATABASE_URL)`);
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'seer-test-pg-'));
  const server = await startEmbeddedPostgres(dir);
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('pgKind', 'embedded');
  console.log(`[server tests] PostgreSQL: embedded (${dir})`);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
