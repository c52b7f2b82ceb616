/**
 * The README's picture of the server's modules, written from the module list itself so that it
 * cannot go stale: module-map.test.ts fails when the README differs, and
 * `npm run docs:modules` writes it again.
 */
import { buildOrder } from './loader.js';
import type { ServerModule } from './module.js';

export const MAP_START = '<!-- module map: written by `npm run docs:modules` -->';
export const MAP_END = '<!-- end of module map -->';

/** What a module adds besides its services. */
function contributions(module: ServerModule): string {
  const parts = [
    module.routes && 'HTTP calls',
    module.deliveries?.length && 'socket frames',
    module.socketAccess && 'socket access',
    module.botHandlers && 'bot handlers',
    module.workers && 'workers',
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : '—';
}

const list = (names: readonly string[] | undefined): string =>
  names?.length ? names.map((name) => `\`${name}\``).join(', ') : '—';

/** The modules in build order: a graph of what each needs, and a table of what each adds. */
export function moduleMap(modules: readonly ServerModule[]): string {
  const order = buildOrder(modules);
  const graph = [
    '```mermaid',
    'flowchart BT',
    ...order.flatMap((module) =>
      (module.needs ?? []).map((need) => `  ${module.name} --> ${need}`),
    ),
    ...order
      .filter(
        (module) => !module.needs?.length && !order.some((m) => m.needs?.includes(module.name)),
      )
      .map((module) => `  ${module.name}`),
    '```',
  ];
  const table = [
    '| Module (build order) | Needs while built | Uses once all are built | Adds |',
    '|---|---|---|---|',
    ...order.map(
      (module) =>
        `| \`${module.name}/\` | ${list(module.needs)} | ${list(module.uses)} | ${contributions(module)} |`,
    ),
  ];
  return [
    MAP_START,
    '',
    'An arrow points from a module to one it needs while it is built (`needs`); `uses` are read',
    'only by routes, handlers and workers, after every module is built.',
    '',
    ...graph,
    '',
    ...table,
    '',
    MAP_END,
  ].join('\n');
}

/** `text` with its module map replaced by `map`; null when the markers are missing. */
export function withModuleMap(text: string, map: string): string | null {
  const start = text.indexOf(MAP_START);
  const end = text.indexOf(MAP_END);
  if (start < 0 || end < start) return null;
  return text.slice(0, start) + map + text.slice(end + MAP_END.length);
}
