// Writes the demo advisors' portraits (SVG) into apps/server/assets/avatars, without network.
// Run when the demo catalogue changes: npx tsx scripts/generate-avatars.ts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AVATARS_DIR } from '../apps/server/src/paths.js';
import { DEMO_ADVISORS } from '../apps/server/src/demo/demo-advisors.js';
import { DEFAULT_PORTRAIT, portraitSvgs } from '../apps/server/src/demo/portraits.js';

mkdirSync(AVATARS_DIR, { recursive: true });
const wanted = new Set(DEMO_ADVISORS.map((advisor) => `${advisor.slug}.svg`));
for (const name of readdirSync(AVATARS_DIR)) {
  if (name.endsWith('.svg') && name !== 'default.svg' && !wanted.has(name))
    rmSync(path.join(AVATARS_DIR, name));
}
const portraits = portraitSvgs(DEMO_ADVISORS.map((advisor) => advisor.slug));
for (const [slug, svg] of portraits) {
  writeFileSync(path.join(AVATARS_DIR, `${slug}.svg`), `${svg}\n`);
}
writeFileSync(path.join(AVATARS_DIR, 'default.svg'), `${DEFAULT_PORTRAIT}\n`);
console.log(`wrote ${DEMO_ADVISORS.length} portraits into ${AVATARS_DIR}`);
