/**
 * Registers one call of the contract at /api/<name> and /<name>, for each of its methods:
 * authenticates by its access rule, parses query and body with its schemas, and sends the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CALLS, type CallName } from '@seer/contract';
import { BadRequestError, ForbiddenError } from '../errors.js';

/**
 * Who is calling, as the call's access rule needs it. http/ is below the domains: the auth module
 * satisfies this, and its identity and advisor types flow into the handlers.
 */
export interface CallAuthority<Caller extends { isAdmin: boolean }, Advisor> {
  /** The caller of an Authorization header (throws a 401 error when it is not valid). */
  identify(authorization: string | undefined): Promise<Caller>;
  /** The advisor linked to the caller, if any. (The caller's type is the one identify gives.) */
  advisorOf(caller: NoInfer<Caller>): Promise<Advisor | null>;
}

/**
 * PostgreSQL cannot store NUL in text (nor compare with it): refuse it up front, in query strings
 * and bodies alike, instead of failing in the database.
 */
function assertNoNul(value: unknown, depth = 0): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new BadRequestError('Text must not contain NUL characters');
  } else if (value && typeof value === 'object' && depth < 8) {
    for (const item of Object.values(value)) assertNoNul(item, depth + 1);
  }
}

type Spec<N extends CallName> = (typeof CALLS)[N];
type Parsed<S, K extends string> = S extends { [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : undefined;

export interface CallContext<N extends CallName, Caller, Advisor> {
  query: Parsed<Spec<N>, 'query'>;
  body: Parsed<Spec<N>, 'body'>;
  identity: Caller;
  /** Set for calls whose access is 'advisor'. */
  advisor: Spec<N>['access'] extends 'advisor' ? Advisor : Advisor | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type CallHandler<N extends CallName, Caller, Advisor> = (
  ctx: CallContext<N, Caller, Advisor>,
) => Promise<z.input<Spec<N>['answer']>>;

function callPaths(name: string): string[] {
  return [`/api/${name}`, `/${name}`];
}

export function registerCall<N extends CallName, Caller extends { isAdmin: boolean }, Advisor>(
  app: FastifyInstance,
  auth: CallAuthority<Caller, Advisor>,
  callName: N,
  handler: CallHandler<N, Caller, Advisor>,
): void {
  const spec = CALLS[callName] as Spec<N> & { query?: z.ZodType; body?: z.ZodType };
  for (const url of callPaths(spec.name)) {
    app.route({
      method: [...spec.methods],
      url,
      handler: async (request, reply) => {
        const identity = await auth.identify(request.headers.authorization);
        let advisor: Advisor | null = null;
        if (spec.access === 'admin' && !identity.isAdmin)
          throw new ForbiddenError('Only admins may use this call');
        if (spec.access === 'advisor') {
          advisor = await auth.advisorOf(identity);
          if (!advisor) throw new ForbiddenError('Only advisors may use this call');
        }
        assertNoNul(request.query);
        const query = spec.query ? spec.query.parse(request.query ?? {}) : undefined;
        assertNoNul(request.body);
        const body = spec.body ? spec.body.parse(request.body ?? {}) : undefined;
        const answer = await handler({
          query,
          body,
          identity,
          advisor,
          request,
          reply,
        } as CallContext<N, Caller, Advisor>);
        return answer;
      },
    });
  }
}
