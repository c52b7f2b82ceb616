/** The zod form of a user text field: cleaned, counted and judged empty by the rules of text.ts. */
import { z } from 'zod';
import { CODE_UNITS_PER_CHARACTER, cleanText, textTooLong } from './text.js';

export interface TextFieldOptions {
  /** Most user-perceived characters (grapheme clusters). */
  max: number;
  /** Keeps line feeds and tabs; a one-line text (a name) gets spaces for them. */
  multiline?: boolean;
  /** Refuses a text with no visible character; otherwise such a text becomes ''. */
  required?: boolean;
}

/** Room for whitespace and controls that cleaning removes, above the size a text may keep. */
const RAW_SLACK_CODE_UNITS = 1024;

export type ReadText = { text: string; problem: null } | { text: null; problem: string };

/** A text as received: cleaned (text.ts), or the reason it is refused. */
export function readText(raw: string, label: string, options: TextFieldOptions): ReadText {
  const tooLong = `${label} must be at most ${options.max} characters`;
  // Refused before cleaning, so a huge body costs no segmenting.
  if (raw.length > options.max * CODE_UNITS_PER_CHARACTER + RAW_SLACK_CODE_UNITS)
    return { text: null, problem: tooLong };
  const text = cleanText(raw, { multiline: options.multiline });
  if (options.required && !text) return { text: null, problem: `${label} must not be empty` };
  const size = textTooLong(text, options.max);
  if (size === 'characters') return { text: null, problem: tooLong };
  if (size === 'size')
    return { text: null, problem: `${label} has too many combining marks or joiners` };
  return { text, problem: null };
}

/** A user text: the output is the cleaned text, as it will be stored. */
export function textField(label: string, options: TextFieldOptions) {
  return z.string({ error: `${label} must be a string` }).transform((raw, ctx) => {
    const read = readText(raw, label, options);
    if (read.problem === null) return read.text;
    ctx.addIssue({ code: 'custom', message: read.problem });
    return z.NEVER;
  });
}
