// Writes the demo advisors' avatars (SVG portraits) into apps/server/assets/avatars.
// Run once when the demo catalogue changes: node scripts/generate-avatars.mjs
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';

const source = readFileSync('apps/server/src/demo/demo-advisors.ts', 'utf8');
const advisors = [...source.matchAll(/a\('([a-z-]+)', '([^']+)'/g)].map((m) => ({
  slug: m[1],
  name: m[2],
}));
const out = 'apps/server/assets/avatars';
mkdirSync(out, { recursive: true });

const palettes = [
  ['#3b1f6e', '#b06ab3'],
  ['#1f2f6e', '#4f8ad8'],
  ['#5a1f4a', '#e0709a'],
  ['#1f4a4a', '#43b3a3'],
  ['#4a3a1f', '#e0a84f'],
  ['#2a1f5a', '#7f6ae0'],
  ['#5a2a1f', '#e08a5f'],
  ['#1f3a2a', '#6ac08a'],
];
const skins = ['#f2d0b5', '#e0b48f', '#c68d62', '#8d5a3b', '#f5dcc8', '#a8714d'];
const hairs = ['#2b1b12', '#5a3a22', '#b07a3a', '#d8c08a', '#101010', '#7a2a1a', '#c9c9d1'];
const symbols = ['☾', '✦', '☉', '✧', '♆', '☽', '✶', '⚝'];

function hash(text) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

function avatar(slug, name) {
  const h = hash(slug);
  const [bg1, bg2] = palettes[h % palettes.length];
  const skin = skins[(h >>> 3) % skins.length];
  const hair = hairs[(h >>> 6) % hairs.length];
  const symbol = symbols[(h >>> 9) % symbols.length];
  const longHair = (h >>> 12) % 3 !== 0;
  const initials = name
    .split(' ')
    .map((part) => part[0])
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" role="img" aria-label="${name}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="200" cy="56" r="3" fill="#fff" opacity=".7"/><circle cx="40" cy="40" r="2" fill="#fff" opacity=".6"/><circle cx="220" cy="150" r="2" fill="#fff" opacity=".5"/>
  <text x="200" y="92" font-size="34" fill="#fff" opacity=".35" text-anchor="middle" font-family="serif">${symbol}</text>
  ${longHair ? `<path d="M70 120 Q68 60 128 52 Q188 60 186 120 L196 230 L60 230 Z" fill="${hair}"/>` : ''}
  <path d="M48 256 Q52 186 128 180 Q204 186 208 256 Z" fill="${bg1}" opacity=".9"/>
  <rect x="112" y="150" width="32" height="36" rx="10" fill="${skin}"/>
  <ellipse cx="128" cy="118" rx="44" ry="52" fill="${skin}"/>
  <path d="M82 112 Q86 64 128 62 Q172 64 174 112 Q150 86 128 88 Q100 90 82 112 Z" fill="${hair}"/>
  <ellipse cx="111" cy="122" rx="4.5" ry="5" fill="#2a1a2a"/><ellipse cx="145" cy="122" rx="4.5" ry="5" fill="#2a1a2a"/>
  <path d="M114 146 Q128 156 142 146" stroke="#9a4a4a" stroke-width="3.5" fill="none" stroke-linecap="round"/>
  <text x="24" y="236" font-size="22" fill="#fff" opacity=".55" font-family="Georgia,serif">${initials}</text>
</svg>
`;
}

for (const { slug, name } of advisors) writeFileSync(`${out}/${slug}.svg`, avatar(slug, name));
writeFileSync(`${out}/default.svg`, avatar('default', 'Seer'));
console.log(`wrote ${advisors.length + 1} avatars to ${out}`);
