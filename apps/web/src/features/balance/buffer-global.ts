/**
 * @ton/core reads Node's `Buffer` as a global. The browser has none: this lazy chunk's first
 * import gives it the `buffer` package's, so the home route never carries it.
 */
import { Buffer } from 'buffer/';

const scope = globalThis as { Buffer?: unknown };
scope.Buffer ??= Buffer;
