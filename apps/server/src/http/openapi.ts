/** The OpenAPI document, generated from the contract's call registry, and a small docs page. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CALLS, ErrorAnswer, SERVICE_ROUTES, type CallSpec } from '@seer/contract';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, call] of Object.entries(CALLS) as [string, CallSpec][]) {
    const operation: Record<string, unknown> = {
      operationId: id,
      summary: call.summary,
      tags: [call.access === 'advisor' ? 'advisors' : 'users'],
      security: [{ initData: [] }],
      responses: {
        200: {
          description: 'Success',
          content: { 'application/json': { schema: schemaOf(call.answer, 'output') } },
        },
        '4XX': {
          description: 'The request was refused; `message` names the problem',
          content: { 'application/json': { schema: schemaOf(ErrorAnswer, 'output') } },
        },
      },
    };
    if (call.query) {
      const json = schemaOf(call.query, 'input') as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      operation.parameters = Object.entries(json.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        required: json.required?.includes(name) ?? false,
        schema,
      }));
    }
    if (call.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(call.body, 'input') } },
      };
    }
    const item: Record<string, unknown> = {};
    for (const method of call.methods) item[method.toLowerCase()] = operation;
    paths[`/api/${call.name}`] = item;
  }
  for (const [id, route] of Object.entries(SERVICE_ROUTES)) {
    paths[route.path] = {
      [route.method.toLowerCase()]: {
        operationId: id,
        summary: route.summary,
        tags: ['service'],
        ...('body' in route
          ? {
              requestBody: {
                required: false,
                content: { 'application/json': { schema: schemaOf(route.body, 'input') } },
              },
            }
          : {}),
        responses: {
          200: {
            description: 'Success',
            content: { 'application/json': { schema: schemaOf(route.answer, 'output') } },
          },
          '4XX': {
            description: 'Refused',
            content: { 'application/json': { schema: schemaOf(ErrorAnswer, 'output') } },
          },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Seer API',
      version: '1.0.0',
      description:
        'Every call also answers without the /api prefix. Authenticate with the Telegram Mini App init data in the Authorization header (optionally prefixed with "tma "), or with "Bearer <token>" of a session started from it (POST /api/session).',
    },
    components: {
      securitySchemes: { initData: { type: 'apiKey', in: 'header', name: 'Authorization' } },
    },
    paths,
  };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!,
  );
}

/**
 * `/api/openapi.json` is always public (the contract is in the app's own scripts anyway); the
 * human-readable page `/api/docs` only with `docsPage` (API_DOCS; off in production unless asked
 * for, decision 039), else 404 like any unknown path.
 */
export function openApiRoutes(app: FastifyInstance, options: { docsPage: boolean }): void {
  const document = buildOpenApiDocument();
  const json = JSON.stringify(document);
  app.get('/api/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(json),
  );
  if (!options.docsPage) return;
  app.get('/api/docs', async (_request, reply) => {
    const rows = Object.entries(
      document.paths as Record<
        string,
        Record<
          string,
          {
            summary: string;
            operationId: string;
            requestBody?: unknown;
            parameters?: unknown;
            responses: unknown;
          }
        >
      >,
    )
      .map(([path, item]) => {
        const [method, op] = Object.entries(item)[0]!;
        const methods = Object.keys(item)
          .map((m) => m.toUpperCase())
          .join(' / ');
        const details = JSON.stringify(
          { parameters: op.parameters, requestBody: op.requestBody, responses: op.responses },
          null,
          2,
        );
        return `<section><h2><code>${methods} ${escapeHtml(path)}</code></h2><p>${escapeHtml(op.summary)}</p><details><summary>Schemas</summary><pre>${escapeHtml(details)}</pre></details></section><!-- ${method} -->`;
      })
      .join('\n');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Seer API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:900px;margin:2rem auto;padding:0 1rem;color:#1d1b2c}h2{font-size:1rem;margin:1.5rem 0 .25rem}pre{background:#f4f2fb;padding:.75rem;overflow:auto;font-size:12px}</style></head>
<body><h1>Seer API</h1><p>${escapeHtml(String((document.info as { description: string }).description))} Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.</p>${rows}</body></html>`);
  });
}
