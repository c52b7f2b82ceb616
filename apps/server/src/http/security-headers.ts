/**
 * Security headers on every answer (docs/decisions/012-ids-and-http-hygiene.md): a Content Security
 * Policy that lets only Telegram's web clients frame the app, `nosniff` and a Referrer-Policy.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Telegram Web (web.telegram.org: the K and A clients) and its other web clients on telegram.org. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];

/**
 * What the Mini App loads: its own files, Telegram's `telegram-web-app.js`, images from anywhere
 * over HTTPS (advisors' avatars, TON wallets' icons), TON Connect's wallet list and bridges (any
 * HTTPS host a wallet names), the socket on the same host. Styles may be inline: React's `style`
 * attributes and the styles TON Connect's dialog injects.
 */
const EMPTY_HANDLER_HASH = `sha256-${createHash('sha256').update('').digest('base64')}`;

function appPolicy(inlineScriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' https://telegram.org${inlineScriptHashes.map((hash) => ` '${hash}'`).join('')}`,
    // TON Connect's dialog sets an empty ontouchstart="" on <body> (so iOS shows :active states):
    // the hash of the empty string allows exactly that handler, which does nothing.
    `script-src-attr 'unsafe-hashes' '${EMPTY_HANDLER_HASH}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${TELEGRAM_FRAME_ANCESTORS.join(' ')}`,
  ].join('; ');
}

/** JSON, images, files: nothing to run, and framed by no one. */
const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of an answer that is not a page (also used where hooks do not run: framework errors). */
export const NON_HTML_SECURITY_HEADERS = {
  'content-security-policy': NON_HTML_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

/** sha256 sources of the inline <script>s of the built index.html (its early language switch). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`sha256-${createHash('sha256').update(body).digest('base64')}`);
  }
  return hashes;
}

/** The app's policy, recomputed when index.html changes (a rebuild while the server runs). */
function appPolicySource(webDistDir: string | null): () => string {
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : null;
  let cached = { mtimeMs: -1, policy: appPolicy([]) };
  return () => {
    if (!indexFile) return cached.policy;
    try {
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== cached.mtimeMs)
        cached = {
          mtimeMs,
          policy: appPolicy(inlineScriptHashes(readFileSync(indexFile, 'utf8'))),
        };
    } catch {
      // No index.html (yet): the policy without inline scripts.
    }
    return cached.policy;
  };
}

export function installSecurityHeaders(app: FastifyInstance, webDistDir: string | null): void {
  const policyForApp = appPolicySource(webDistDir);
  app.addHook('onSend', async (request, reply, payload) => {
    // A route that set its own policy (chat images: sandboxed) keeps it.
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header(
        'content-security-policy',
        type.startsWith('text/html') ? policyForApp() : NON_HTML_POLICY,
      );
    }
    reply.header('x-content-type-options', NON_HTML_SECURITY_HEADERS['x-content-type-options']);
    reply.header('referrer-policy', NON_HTML_SECURITY_HEADERS['referrer-policy']);
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    return payload;
  });
}
