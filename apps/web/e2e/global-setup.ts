/**
 * Once per run: builds the Mini App when dist is missing or older than its sources, then starts
 * one real Seer server (fresh embedded database, demo data, quick demo replies) for every e2e file.
 */
import type { TestProject } from 'vitest/node';
import { chromiumMissingReason, ensureWebBuilt, startSeerServer } from './seer-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the server under test; empty when the tests are skipped. */
    e2eBaseUrl: string;
    /** Why the browser tests are skipped, or empty. */
    e2eSkipReason: string;
  }
}

export default async function setup(project: TestProject) {
  const missing = chromiumMissingReason();
  if (missing) {
    console.warn(`[e2e] SKIPPED: ${missing}`);
    project.provide('e2eBaseUrl', '');
    project.provide('e2eSkipReason', missing);
    return;
  }
  const started = Date.now();
  if (ensureWebBuilt()) console.log(`[e2e] built apps/web/dist in ${Date.now() - started} ms`);
  const server = await startSeerServer();
  console.log(`[e2e] Seer server at ${server.url} (data in ${server.dataDir})`);
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eSkipReason', '');
  return async () => {
    await server.stop();
  };
}
