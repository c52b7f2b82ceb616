/**
 * zod builds fast object parsers with `new Function` unless told not to, and the app's
 * Content-Security-Policy allows no eval (docs/decisions/012-ids-and-http-hygiene.md). zod keeps its
 * settings on this global and reads it when a schema is built, so setting it here, before any
 * contract module loads, keeps zod out of eval without putting zod itself in the first bundle.
 * zod-without-eval.test.ts checks that zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Changed in place: if zod has loaded already, it holds this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
