/**
 * How user texts are cleaned, counted and judged empty: one set of rules for the server and the
 * Mini App (docs/decisions/017-user-texts.md). No zod here, so the web app can use it in any chunk.
 */

/**
 * Bidi embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI FSI PDI). They can
 * make text show in another order than it is stored ("gpj.exe" shown as "exe.jpg"); they are
 * removed. The marks LRM, RLM and ALM are kept: they only act as one invisible strong letter.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** C0 and C1 control characters and DEL, except tab and line feed. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS_EXCEPT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** Line and tab characters, which a one-line text (a name) turns into spaces. */
// eslint-disable-next-line no-control-regex -- as above
const LINE_AND_TAB = /\r\n|[\t\n\u000B\u000C\r\u0085\u2028\u2029]/g;

/**
 * Surrogate pairs, and single surrogates: one without its other half (possible in JSON) cannot be
 * stored as UTF-8 and becomes U+FFFD. Written without lookbehind, which Safari before 16.4 rejects.
 */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const keepPairs = (found: string) => (found.length === 2 ? found : '\uFFFD');

/**
 * Code points that draw nothing: Unicode whitespace, control and format characters (zero-width
 * space and joiners, BOM, word joiner, soft hyphen, tags), default-ignorable ones (Hangul fillers
 * U+115F U+1160 U+3164 U+FFA0, variation selectors, combining grapheme joiner) and the blank
 * braille pattern U+2800, which is a symbol in Unicode but shows as an empty cell.
 */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

/** One code point that draws something: none of INVISIBLE's classes. */
const VISIBLE_CODE_POINT =
  /^[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]$/u;

/**
 * Whether a text starts and ends with a code point that draws something. The first and the last
 * character then hold a visible code point each, so neither is trimmed and the text is not blank:
 * the usual message is cleaned without splitting it into characters.
 */
function visibleAtBothEnds(text: string): boolean {
  if (text.length === 0) return false;
  const first = String.fromCodePoint(text.codePointAt(0)!);
  const lastUnit = text.charCodeAt(text.length - 1);
  const lastStart =
    lastUnit >= 0xdc00 && lastUnit <= 0xdfff && text.length >= 2
      ? text.length - 2
      : text.length - 1;
  const last = String.fromCodePoint(text.codePointAt(lastStart)!);
  return VISIBLE_CODE_POINT.test(first) && VISIBLE_CODE_POINT.test(last);
}

/** Directional marks, kept even at the ends of a text (they place its end punctuation). */
const DIRECTIONAL_MARK = /[\u200E\u200F\u061C]/;

/**
 * A text may also hold at most this many UTF-16 code units per allowed character. The longest
 * emoji sequences (families, couples with skin tones, subdivision flags) take 11 to 19; the bound
 * keeps a text of stacked combining marks ("Zalgo") from growing without end inside one character.
 */
export const CODE_UNITS_PER_CHARACTER = 20;

/**
 * Used where `Intl.Segmenter` is missing (Firefox before 125): an approximation of extended
 * grapheme clusters that agrees with it on emoji sequences, flags, keycaps and combining marks.
 */
const EMOJI_PART =
  '\\p{Extended_Pictographic}(?:\\p{Emoji_Modifier}|\\uFE0F|\\u20E3|[\\u{E0020}-\\u{E007F}])*';
const APPROXIMATE_CLUSTER_SOURCE =
  `\\r\\n|\\p{Regional_Indicator}{2}|${EMOJI_PART}(?:\\u200D${EMOJI_PART})*|` +
  '[\\u1100-\\u115F]+[\\u1160-\\u11A7]*[\\u11A8-\\u11FF]*|[^]';
/** Built on first use, and only then: an engine old enough to lack the property fails here, not at load. */
let approximateCluster: RegExp | null | undefined;
/** Marks (variation selectors among them), ZWNJ and ZWJ. */
const CLUSTER_TAIL = /^(?:\p{M}|\u200C|\u200D)/u;
/** Indic viramas that join the next consonant into one cluster (Unicode 15.1 conjuncts). */
const CONJUNCT_LINKER = /[\u094D\u09CD\u0ACD\u0B4D\u0C4D\u0D4D]$/u;
/** Characters after which a cluster always ends (grapheme break property Control). */
const CLUSTER_END = /^(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]$|^\r\n$/u;

function approximateClusters(text: string): string[] {
  if (approximateCluster === undefined) {
    try {
      approximateCluster = new RegExp(APPROXIMATE_CLUSTER_SOURCE, 'gu');
    } catch {
      approximateCluster = null;
    }
  }
  // Without even that, code points are the nearest count.
  if (!approximateCluster) return Array.from(text);
  const clusters: string[] = [];
  for (const match of text.matchAll(approximateCluster)) {
    const part = match[0];
    const last = clusters.length - 1;
    // Combining marks, joiners and variation selectors belong to the character before them, and
    // so does a consonant after a virama.
    const previous = clusters[last];
    const joins =
      previous !== undefined &&
      ((CLUSTER_TAIL.test(part) && !CLUSTER_END.test(previous)) ||
        (CONJUNCT_LINKER.test(previous) && /^\p{L}/u.test(part)));
    if (joins) clusters[last] += part;
    else clusters.push(part);
  }
  return clusters;
}

let segmenter: Intl.Segmenter | null | undefined;

/**
 * V8's `Intl.Segmenter` takes time in proportion to the whole string for every segment (40,000
 * emoji took 22 s on Node 20), so long texts are split in windows of this many code units.
 */
const SEGMENT_WINDOW = 256;

function segmentInWindows(text: string, grapheme: Intl.Segmenter): string[] {
  const characters: string[] = [];
  let start = 0;
  let window = SEGMENT_WINDOW;
  while (start < text.length) {
    let end = start + window;
    // Never cut a surrogate pair: the boundary before the last part needs its first code point whole.
    while (end < text.length && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end += 1;
    const parts = Array.from(grapheme.segment(text.slice(start, end)), (part) => part.segment);
    if (end >= text.length) {
      characters.push(...parts);
      break;
    }
    // The last part may be a character cut by the window: it is segmented again with what follows.
    // Every window starts on a true boundary, so rules that look back (flag pairs) stay right.
    parts.pop();
    if (parts.length === 0) {
      window *= 2; // one character longer than the window
      continue;
    }
    for (const part of parts) start += part.length;
    characters.push(...parts);
    window = SEGMENT_WINDOW;
  }
  return characters;
}

/** Splits a text into user-perceived characters (extended grapheme clusters). */
export function splitCharacters(text: string, options: { useSegmenter?: boolean } = {}): string[] {
  if (segmenter === undefined)
    segmenter =
      typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function'
        ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
        : null;
  if (segmenter && options.useSegmenter !== false) return segmentInWindows(text, segmenter);
  return approximateClusters(text);
}

/** The length of a text as a person counts it: 👨‍👩‍👧‍👦, 🇺🇦 and é are one character each. */
export function countCharacters(text: string): number {
  return splitCharacters(text).length;
}

function isInvisible(character: string): boolean {
  return INVISIBLE.test(character);
}

/**
 * The text to store: lone surrogates become U+FFFD, bidi controls and control characters are
 * removed (a multi-line text keeps line feeds and tabs, with CR LF and CR made line feeds; a
 * one-line text gets spaces for them), and invisible characters are trimmed from both ends.
 * Returns '' when no visible character is left, so "empty" means the same everywhere.
 */
export function cleanText(raw: string, options: { multiline?: boolean } = {}): string {
  let text = raw.replace(SURROGATES, keepPairs).replace(BIDI_CONTROLS, '');
  text = options.multiline ? text.replace(/\r\n?/g, '\n') : text.replace(LINE_AND_TAB, ' ');
  text = text.replace(CONTROLS_EXCEPT_TAB_AND_LINE_FEED, '');
  if (visibleAtBothEnds(text)) return text;
  const characters = splitCharacters(text);
  const trimmable = (character: string) =>
    isInvisible(character) && !DIRECTIONAL_MARK.test(character);
  let start = 0;
  let end = characters.length;
  while (start < end && trimmable(characters[start]!)) start++;
  while (end > start && trimmable(characters[end - 1]!)) end--;
  const kept = characters.slice(start, end);
  return kept.some((character) => !isInvisible(character)) ? kept.join('') : '';
}

/** True when a text shows nothing: only whitespace, format or other invisible characters. */
export function isBlankText(text: string): boolean {
  return splitCharacters(text).every(isInvisible);
}

/** Why a text does not fit `maxCharacters`, or null when it does. */
export function textTooLong(text: string, maxCharacters: number): 'characters' | 'size' | null {
  // A character is at least one UTF-16 code unit: a text this short cannot be too long.
  if (text.length <= maxCharacters) return null;
  const maxCodeUnits = maxCharacters * CODE_UNITS_PER_CHARACTER;
  if (text.length <= maxCodeUnits)
    return countCharacters(text) > maxCharacters ? 'characters' : null;
  // Counting a start is enough to know, and bounds the work on a huge text.
  return countCharacters(text.slice(0, maxCodeUnits + 1)) > maxCharacters ? 'characters' : 'size';
}

/** The longest start of a text that fits `maxCharacters`, cut between whole characters. */
export function fitText(text: string, maxCharacters: number): string {
  const maxCodeUnits = maxCharacters * CODE_UNITS_PER_CHARACTER;
  const cut = text.length > maxCodeUnits;
  const characters = splitCharacters(cut ? text.slice(0, maxCodeUnits + 1) : text);
  // The last character of a cut start may be a piece of a longer one; whole, it would not fit.
  if (cut) characters.pop();
  let kept = '';
  let count = 0;
  for (const character of characters) {
    if (count === maxCharacters || kept.length + character.length > maxCodeUnits) break;
    kept += character;
    count++;
  }
  return kept;
}
