/**
 * Where a V8 CPU profile's time went: self time grouped by part (the app's code, each npm
 * package, Node's own modules, garbage collection, idle), and the functions with the most self
 * time. `npx tsx bench/profile-summary.ts <file.cpuprofile>`; bench:api uses it with BENCH_PROFILE=1.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function partOf(node: ProfileNode): string {
  const { functionName, url } = node.callFrame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `npm ${pkg[1]}`;
  if (url.startsWith('node:')) return url.split('/').slice(0, 2).join('/');
  if (url.includes('/apps/server/')) return 'Seer server code';
  return url;
}

export async function summarizeProfile(file: string, top = 15): Promise<string> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    const part = partOf(node);
    parts.set(part, (parts.get(part) ?? 0) + us);
    if (part === 'idle') continue;
    busy += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*\/(node_modules|apps)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
  const lines = [`busy ${(busy / 1e6).toFixed(1)} s of CPU; self time by part:`];
  for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) {
    if (part === 'idle' || us / busy < 0.005) continue;
    lines.push(`  ${pct(us)}  ${part}`);
  }
  lines.push(`top ${top} functions by self time:`);
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`  ${pct(us)}  ${name}`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile>');
  console.log(await summarizeProfile(file));
}
