/**
 * The one client for Seer's HTTP calls. Calls are named and typed by the contract's
 * CALLS registry; the session's token goes in Authorization; failures become ApiError.
 */
import type { CALLS, CallAnswer, CallBody, CallName, CallQuery } from '@seer/contract';
import { TELEGRAM_PLATFORM_HEADER } from '@seer/contract';
import { getSession, refreshSession, SessionEndedError } from './session';
import { telegramPlatform } from './telegram';

// Every call is served at /api/<Name>.php; this fails to compile if the registry ever disagrees,
// which lets the client build paths without importing the (zod-heavy) registry at run time.
type PathsMatchNames = {
  [N in CallName]: (typeof CALLS)[N]['name'] extends `${N}.php` ? true : never;
};
const pathsMatchNames: PathsMatchNames[CallName] = true;
void pathsMatchNames;

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    /** The server's error code (`not_found`, `insufficient_funds`, ...), or `network` / `bad_response`. */
    readonly code: string,
    message: string,
    /** Seconds to wait before trying again, from a 429's Retry-After header. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type BodyPart<N extends CallName> = [CallBody<N>] extends [never]
  ? { body?: never }
  : { body: CallBody<N> };
type QueryPart<N extends CallName> = [CallQuery<N>] extends [never]
  ? { query?: never }
  : { query: CallQuery<N> };
export type CallInput<N extends CallName> = BodyPart<N> & QueryPart<N> & { signal?: AbortSignal };
type NeedsInput<N extends CallName> = [CallBody<N>] extends [never]
  ? [CallQuery<N>] extends [never]
    ? false
    : true
  : true;
type CallArgs<N extends CallName> =
  NeedsInput<N> extends true ? [input: CallInput<N>] : [input?: CallInput<N>];

function buildPath(name: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `/api/${name}.php${search ? `?${search}` : ''}`;
}

function retryAfterSeconds(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after') ?? NaN);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}

async function readError(response: Response): Promise<ApiError> {
  try {
    const answer = (await response.json()) as { code?: unknown; message?: unknown };
    return new ApiError(
      response.status,
      typeof answer.code === 'string' ? answer.code : 'http_error',
      typeof answer.message === 'string' ? answer.message : response.statusText,
      retryAfterSeconds(response),
    );
  } catch {
    return new ApiError(
      response.status,
      'http_error',
      response.statusText || `HTTP ${response.status}`,
    );
  }
}

/**
 * The session's token, or an ApiError saying why there is none (`session_ended`: reopen the app).
 * With `rejected` (the token a 401 answered), a token that is not that one.
 */
async function sessionToken(rejected?: string): Promise<string> {
  try {
    return (await (rejected === undefined ? getSession() : refreshSession(rejected))).token;
  } catch (error) {
    if (error instanceof SessionEndedError) throw new ApiError(401, 'session_ended', error.message);
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Could not sign in');
  }
}

/**
 * A request to Seer's API with the session's token attached. A 401 renews the session (or starts
 * a new one from init data) and retries once. Exposed for calls that do not send JSON (uploads).
 */
export async function apiRequest(path: string, init: RequestInit = {}): Promise<unknown> {
  const send = async (token: string) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    if (typeof init.body === 'string') headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    // The server refuses top-ups Telegram's rules do not allow on this platform (decision 038).
    const platform = telegramPlatform();
    if (platform) headers.set(TELEGRAM_PLATFORM_HEADER, platform);
    try {
      return await fetch(path, { ...init, headers });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
    }
  };

  const token = await sessionToken();
  let response = await send(token);
  if (response.status === 401) response = await send(await sessionToken(token));
  if (!response.ok) throw await readError(response);
  try {
    return await response.json();
  } catch {
    throw new ApiError(
      response.status,
      'bad_response',
      'The server answered with something that is not JSON',
    );
  }
}

/** Calls a contract call by name: `callApi('GetUser')`, `callApi('CreateMessage', { body })`. */
export async function callApi<N extends CallName>(
  name: N,
  ...[input]: CallArgs<N>
): Promise<CallAnswer<N>> {
  const { body, query, signal } = (input ?? {}) as {
    body?: unknown;
    query?: object;
    signal?: AbortSignal;
  };
  const answer = await apiRequest(buildPath(name, query), {
    // Every call with a body accepts POST (UpdateUser also PUT); the others are GET.
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  // Some answers carry `status: 'error'` with a 200 in the original client's older calls; treat them as failures.
  if (answer && typeof answer === 'object' && (answer as { status?: unknown }).status === 'error') {
    const { message, code } = answer as { message?: unknown; code?: unknown };
    throw new ApiError(
      200,
      typeof code === 'string' ? code : 'error',
      typeof message === 'string' ? message : 'Error',
    );
  }
  return answer as CallAnswer<N>;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
