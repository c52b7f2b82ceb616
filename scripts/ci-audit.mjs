// CI's supply-chain step (decision 039): `npm audit --omit=dev` against the registry.
// - The registry answers with a report: any high or critical advisory on a runtime dependency
//   fails (exit 1, with npm's readable report); low and moderate ones are listed, not fatal.
// - The registry does not answer audit requests (some mirrors answer the bulk advisory endpoint
//   with 405, or there is no network): one clear "skipped" line, exit 0. A skip is not a pass.
// `node scripts/ci-audit.mjs --report <file>` reads a saved `npm audit --json` answer instead
// of asking the registry (to check this script).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FAILING = ['high', 'critical'];

function askRegistry() {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return run.stdout || run.stderr || '';
}

const reportAt = process.argv.indexOf('--report');
const raw = reportAt > 0 ? readFileSync(process.argv[reportAt + 1], 'utf8') : askRegistry();

let answer = null;
try {
  answer = JSON.parse(raw);
} catch {
  answer = null;
}

if (!answer || typeof answer !== 'object' || !answer.metadata?.vulnerabilities) {
  const reason =
    (answer && typeof answer.message === 'string' && answer.message) ||
    raw.trim().split('\n')[0] ||
    'no answer';
  console.log(
    `ci: skipped npm audit: the registry does not answer audit requests (${reason.slice(0, 200)})`,
  );
  process.exit(0);
}

const counts = answer.metadata.vulnerabilities;
const summary = ['critical', 'high', 'moderate', 'low']
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(', ');
const failing = FAILING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
const names = Object.entries(answer.vulnerabilities ?? {})
  .filter(([, entry]) => FAILING.includes(entry.severity))
  .map(([name, entry]) => `${name} (${entry.severity})`);
if (failing > 0) {
  console.error(
    `ci: npm audit: ${summary} in runtime dependencies; failing on: ${names.join(', ')}`,
  );
  if (reportAt < 0) spawnSync('npm', ['audit', '--omit=dev'], { stdio: 'inherit' });
  process.exit(1);
}
console.log(`ci: npm audit: ${summary} in runtime dependencies; none high or critical`);
