/**
 * The demo advisors' portraits: DiceBear's "notionists" line drawings, made offline from a seed.
 * Only the generator script (scripts/generate-avatars.ts) and the tests import this module; the
 * server serves the SVG files it wrote into apps/server/assets/avatars, so DiceBear is a
 * development dependency and never runs in production.
 */
import { createAvatar } from '@dicebear/core';
import { notionists } from '@dicebear/collection';
type Options = notionists.Options;

/** Soft backgrounds that sit well on both themes; picked by the advisor's position. */
const BACKGROUNDS = [
  'e9defc',
  'fbe3d4',
  'd9ecf7',
  'f7dbe6',
  'dff2e4',
  'f6ecc9',
  'e2e4fb',
  'f9e0ef',
];

/** Advisors drawn as men (short hair, a beard now and then); the others as women. */
const MEN = new Set([
  'orion-black',
  'dante-rowe',
  'victor-hale',
  'felix-stone',
  'magnus-gold',
  'jasper-reed',
  'tobias-wren',
  'elias-park',
  'cassius-vane',
  'leo-marlow',
  'soren-ash',
  'ezra-moss',
  'rune-halvorsen',
  'morgan-kade',
]);

type Hair = NonNullable<Options['hair']>[number];
const v = (n: number) => `variant${String(n).padStart(2, '0')}` as Hair;
// Hair styles picked by eye for calm, grown-up faces (no caps, spikes or bunny buns); a few grey
// ones (61, 42, 60) give the set some older people. Each advisor gets the next style of their list.
const WOMEN_HAIR = [
  2, 23, 61, 8, 36, 4, 39, 28, 10, 41, 45, 63, 11, 43, 37, 46, 47, 48, 58, 62,
].map(v);
const MEN_HAIR = [1, 42, 5, 12, 60, 22, 7, 33, 13, 38, 16, 52, 24, 55, 9, 27].map(v);
/** Only clear glasses: the set's sunglasses read as hiding, not as someone to trust. */
const GLASSES = [3, 8, 11].map((n) => `variant${String(n).padStart(2, '0')}`) as NonNullable<
  Options['glasses']
>;

/**
 * The SVG portraits of the demo advisors, in catalogue order: the same slugs always give the same
 * bytes, and no two advisors of a list share a hair style.
 */
export function portraitSvgs(slugs: readonly string[]): Map<string, string> {
  const result = new Map<string, string>();
  let women = 0;
  let men = 0;
  for (const [index, slug] of slugs.entries()) {
    const man = MEN.has(slug);
    const hair = man
      ? MEN_HAIR[men++ % MEN_HAIR.length]!
      : WOMEN_HAIR[women++ % WOMEN_HAIR.length]!;
    const svg = createAvatar(notionists, {
      seed: slug,
      radius: 50,
      backgroundColor: [BACKGROUNDS[index % BACKGROUNDS.length]!],
      hair: [hair],
      beardProbability: man ? 45 : 0,
      glasses: GLASSES,
      glassesProbability: 25,
      gestureProbability: 0,
      bodyIconProbability: 0,
    }).toString();
    result.set(slug, svg);
  }
  return result;
}

/** The picture shown for an advisor without one: a quiet silhouette, no letters or glyphs. */
export const DEFAULT_PORTRAIT = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Seer"><mask id="m"><rect width="100" height="100" rx="50" fill="#fff"/></mask><g mask="url(#m)"><rect width="100" height="100" fill="#e9defc"/><circle cx="50" cy="40" r="17" fill="#9a86c9"/><path d="M16 100c2-22 16-34 34-34s32 12 34 34z" fill="#9a86c9"/></g></svg>`;
