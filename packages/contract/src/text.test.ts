import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CODE_UNITS_PER_CHARACTER,
  cleanText,
  countCharacters,
  fitText,
  isBlankText,
  splitCharacters,
  textTooLong,
} from './text.js';
import {
  CreateMessageBody,
  CreateReviewBody,
  ManagerSendMessageBody,
  UpdateUserBody,
} from './api.js';
import { AdminCreditBody, AdminSaveAdvisorBody } from './admin.js';
import { LIMITS } from './limits.js';
import { messagePreview } from './messages.js';

/** 26 emoji of every kind that takes more than one code point. */
const EMOJI_26 = [
  '👨‍👩‍👧‍👦', // family: four people joined by ZWJ
  '👩‍👩‍👧',
  '👨‍💻',
  '🧑🏽‍🚀', // skin tone and ZWJ
  '👩🏻‍❤️‍💋‍👨🏼', // kiss with two skin tones
  '🏳️‍🌈',
  '🏳️‍⚧️',
  '🏴‍☠️',
  '🇺🇦', // flags: regional indicator pairs
  '🇯🇵',
  '🇧🇷',
  '🇺🇸',
  '🏴󠁧󠁢󠁥󠁮󠁧󠁿', // subdivision flag: tag characters
  '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
  '👍🏽', // skin tones
  '👋🏿',
  '🤝🏻',
  '✌️', // variation selector
  '❤️',
  '1️⃣', // keycap
  '#️⃣',
  '😀',
  '🔮',
  '🌙',
  '⭐',
  '🃏',
];

const ZERO_WIDTH_AND_BLANK = [
  '\u200B', // zero-width space
  '\u200C', // ZWNJ
  '\u200D', // ZWJ
  '\uFEFF', // BOM
  '\u2060', // word joiner
  '\u00AD', // soft hyphen
  '\u3164', // Hangul filler
  '\u115F', // Hangul choseong filler
  '\u1160', // Hangul jungseong filler
  '\uFFA0', // halfwidth Hangul filler
  '\u2800', // braille pattern blank
  '\u034F', // combining grapheme joiner
  '\uFE0F', // variation selector
  '\u180E', // Mongolian vowel separator
  '\u{E0020}', // tag space
  '\u200E', // LRM alone
  '\u200F', // RLM alone
];

const WHITESPACE = [
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u00A0', // no-break space
  '\u1680',
  '\u2003', // em space
  '\u2009', // thin space
  '\u202F', // narrow no-break space
  '\u205F',
  '\u3000', // ideographic space
  '\u2028', // line separator
  '\u2029',
  '\u0085',
];

function message(text: string, extra: Record<string, unknown> = {}) {
  return CreateMessageBody.safeParse({ manager_id: 1, message: text, ...extra });
}

describe('what counts as empty', () => {
  it('finds no visible character in zero-width, filler and blank characters, alone or mixed', () => {
    for (const character of [...ZERO_WIDTH_AND_BLANK, ...WHITESPACE]) {
      expect(isBlankText(character), JSON.stringify(character)).toBe(true);
      expect(cleanText(character, { multiline: true }), JSON.stringify(character)).toBe('');
    }
    const mixed = [...ZERO_WIDTH_AND_BLANK, ...WHITESPACE].join('').repeat(3);
    expect(cleanText(mixed, { multiline: true })).toBe('');
    expect(isBlankText('\u202E\u200B \u2066')).toBe(true);
  });

  it('refuses a message of only zero-width spaces as empty, with or without whitespace', () => {
    for (const text of ['\u200B\u200B\u200B', ' \u200B\u00A0\u200D\u3164 ', '\u2800'.repeat(10)]) {
      const parsed = message(text);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('message must not be empty');
    }
  });

  it('accepts an empty text beside a picture, stored as ""', () => {
    const parsed = message('\u200B', { image_id: '7f1c1d0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f' });
    expect(parsed.success && parsed.data.text).toBe('');
  });

  it('trims invisible characters at both ends and keeps those inside', () => {
    expect(cleanText('\u200B\uFEFF hello\u200Bworld \u3164\u2800')).toBe('hello\u200Bworld');
    expect(cleanText('\u00A0«la\u00ADbel»\u2003')).toBe('«la\u00ADbel»');
  });

  it('makes optional texts empty and refuses required ones', () => {
    const review = CreateReviewBody.safeParse({ manager_id: 1, rating: 5, text: '\u200B\u200D' });
    expect(review.success && review.data.text).toBe('');
    const user = UpdateUserBody.safeParse({ name: '\u3164', description: '\uFEFF\n' });
    expect(user.success && user.data).toEqual({ name: '', description: '' });
    const advisor = AdminSaveAdvisorBody.safeParse({ name: '\u200B', category_id: 1, price: '1' });
    expect(advisor.error?.issues[0]?.message).toBe('name must not be empty');
    const credit = AdminCreditBody.safeParse({
      telegram_user_id: 1,
      amount: '1',
      reason: '\u2060',
    });
    expect(credit.error?.issues[0]?.message).toBe('reason must not be empty');
    const reply = ManagerSendMessageBody.safeParse({ telegram_user_id: 1, message: '\u200B' });
    expect(reply.error?.issues[0]?.message).toBe('message must not be empty');
  });
});

describe('bidi controls', () => {
  it('strips embeddings, overrides and isolates', () => {
    expect(cleanText('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
    expect(cleanText(`a${all}b`)).toBe('ab');
    const parsed = message('\u202Eabc\u202C\u2067xyz\u2069');
    expect(parsed.success && parsed.data.text).toBe('abcxyz');
  });

  it('keeps the directional marks LRM, RLM and ALM, even at the end', () => {
    expect(cleanText('שלום!\u200F')).toBe('שלום!\u200F');
    expect(cleanText('\u200Eabc \u061C١٢')).toBe('\u200Eabc \u061C١٢');
  });
});

describe('control characters', () => {
  it('strips C0 and C1 controls, keeping line feeds and tabs in multi-line texts', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u007Fe\u0085f\u009Fg', { multiline: true })).toBe(
      'abcdefg',
    );
    expect(cleanText('line 1\r\nline 2\rline 3\n\tend', { multiline: true })).toBe(
      'line 1\nline 2\nline 3\n\tend',
    );
  });

  it('turns line breaks and tabs into spaces in a one-line text', () => {
    expect(cleanText('Ann\nMarie\tLee\r\nX')).toBe('Ann Marie Lee X');
    const user = UpdateUserBody.safeParse({ name: 'Ann\nLee\u0007' });
    expect(user.success && user.data.name).toBe('Ann Lee');
  });

  it('replaces lone surrogates, which cannot be stored, with U+FFFD', () => {
    expect(cleanText('a\uD800b\uDC00c')).toBe('a\uFFFDb\uFFFDc');
    expect(cleanText('😀')).toBe('😀');
  });
});

describe('length in user-perceived characters', () => {
  it('counts every emoji sequence, flag and skin tone as one character', () => {
    for (const emoji of EMOJI_26) expect(countCharacters(emoji), emoji).toBe(1);
    expect(countCharacters(EMOJI_26.join(''))).toBe(26);
    // The same text is far over 50 UTF-16 code units.
    expect(EMOJI_26.join('').length).toBeGreaterThan(100);
  });

  it('accepts 26 emoji in a 50-character message and keeps them intact', () => {
    const text = EMOJI_26.join('');
    const parsed = message(text);
    expect(parsed.success && parsed.data.text).toBe(text);
  });

  it('counts a letter with combining marks as one character', () => {
    expect(countCharacters('e\u0301')).toBe(1);
    expect(countCharacters('ẹ̄')).toBe(1);
    expect(countCharacters('각')).toBe(1);
    expect(countCharacters('\u1100\u1161\u11A8')).toBe(1);
    expect(countCharacters('नमस्ते')).toBe(3);
  });

  it('cleans a text with visible ends without splitting it, the same as splitting would', () => {
    // The rule cleanText applies, written out the long way: trim invisible characters (keeping
    // directional marks) from both ends, and answer '' when nothing visible is left.
    const invisible = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/u;
    const trimmable = (c: string) => invisible.test(c) && !/[\u200E\u200F\u061C]/.test(c);
    const byCharacters = (text: string) => {
      const characters = splitCharacters(text);
      let start = 0;
      let end = characters.length;
      while (start < end && trimmable(characters[start]!)) start++;
      while (end > start && trimmable(characters[end - 1]!)) end--;
      const kept = characters.slice(start, end);
      return kept.some((c) => !invisible.test(c)) ? kept.join('') : '';
    };
    // Visible letters, spaces, zero-width and filler characters, marks, joiners, flags and emoji
    // parts: every kind of end a text can have (controls are removed before trimming).
    const pieces = [
      'a',
      'П',
      ' ',
      '\u00A0',
      '\u200B',
      '\u200D',
      '\u0301',
      '\u2800',
      '\u200E',
      '\u3164',
      '\u115F',
      '\uFE0F',
      '🇺',
      '🇦',
      '👩',
      '\u{1F3FD}',
      '\n',
      '\t',
      '!',
      '\u{E0061}',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        expect(cleanText(text, { multiline: true })).toBe(byCharacters(text));
      }),
      { numRuns: 2000 },
    );
    expect(cleanText('Hello, how are you?')).toBe('Hello, how are you?');
    expect(cleanText('\u200BHi\u200B')).toBe('Hi');
    expect(cleanText('Hi 👩🏽')).toBe('Hi 👩🏽');
  });

  it('answers short texts without counting, the same as counting would', () => {
    expect(textTooLong('abc', 3)).toBeNull();
    expect(textTooLong('abcd', 3)).toBe('characters');
    expect(textTooLong('🇺🇦🇺🇦🇺🇦', 3)).toBeNull();
    expect(messagePreview('text', 'a'.repeat(120))).toBe('a'.repeat(120));
    expect(messagePreview('text', 'a'.repeat(121))).toBe(`${'a'.repeat(117)}...`);
    expect(messagePreview('text', '🇺🇦'.repeat(120))).toBe('🇺🇦'.repeat(120));
  });

  it('accepts exactly the limit and refuses one character more', () => {
    const max = LIMITS.chatMessageMaxLength;
    const atLimit = '🇺🇦'.repeat(max - 1) + 'é';
    expect(message(atLimit).success).toBe(true);
    const over = message(atLimit + 'x');
    expect(over.error?.issues[0]?.message).toBe(`message must be at most ${max} characters`);

    const request = '👨‍👩‍👧‍👦'.repeat(LIMITS.requestMaxLength);
    expect(message(request, { request_type: 'tarot' }).success).toBe(true);
    expect(message(`${request}.`, { request_type: 'dream' }).error?.issues[0]?.message).toBe(
      `message must be at most ${LIMITS.requestMaxLength} characters`,
    );
  });

  it('does not count the invisible ends that are trimmed', () => {
    const text = ` \u200B${'a'.repeat(LIMITS.chatMessageMaxLength)}\u200B\n`;
    expect(message(text).success).toBe(true);
  });

  it('refuses a character stacked with more marks than any emoji needs', () => {
    const zalgo = 'a' + '\u0301'.repeat(LIMITS.chatMessageMaxLength * CODE_UNITS_PER_CHARACTER);
    expect(countCharacters(zalgo)).toBe(1);
    expect(message(zalgo).error?.issues[0]?.message).toBe(
      'message has too many combining marks or joiners',
    );
  });

  it('cuts a text between whole characters', () => {
    const text = EMOJI_26.join('');
    expect(fitText(text, 3)).toBe(EMOJI_26.slice(0, 3).join(''));
    expect(fitText('abc', 5)).toBe('abc');
    const zalgo = 'a' + '\u0301'.repeat(100) + 'b';
    expect(fitText(zalgo, 2)).toBe('');
    expect(fitText('ab' + zalgo, 3)).toBe('ab');
  });

  it('cuts chat-list previews between whole characters', () => {
    const preview = messagePreview('text', '👍🏽'.repeat(200));
    expect(preview).toBe(`${'👍🏽'.repeat(117)}...`);
    expect(messagePreview('text', '👍🏽'.repeat(120))).toBe('👍🏽'.repeat(120));
  });

  it('splits a long text in windows exactly as in one pass', () => {
    const zalgo = 'Z' + '\u0301\u0316'.repeat(300); // one character longer than a window
    const flags = '🇺🇦🇯🇵🇧'.repeat(101); // an odd run of regional indicators across windows
    const text = `${EMOJI_26.join(' ')}${zalgo}${flags}नमस्ते ${'e\u0301'.repeat(400)}${zalgo}`;
    const onePass = Array.from(
      new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text),
      (part) => part.segment,
    );
    expect(text.length).toBeGreaterThan(3000);
    expect(splitCharacters(text)).toEqual(onePass);
  });

  it('refuses a huge text at once, without cleaning or counting all of it', () => {
    const started = Date.now();
    const huge = message('👍🏽'.repeat(250_000));
    expect(huge.error?.issues[0]?.message).toBe('message must be at most 50 characters');
    expect(fitText('👨‍👩‍👧‍👦'.repeat(100_000), 3)).toBe('👨‍👩‍👧‍👦'.repeat(3));
    expect(countCharacters('a'.repeat(200_000))).toBe(200_000);
    // V8's segmenter is quadratic on one long string: this took minutes before windows.
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('counts the same without Intl.Segmenter (older browsers)', () => {
    const samples = [
      ...EMOJI_26,
      EMOJI_26.join(''),
      'e\u0301 ẹ̄ 각 \u1100\u1161\u11A8 नमस्ते',
      'a\u200Db \u200B\u0301 \r\n \n\u0301',
      'Hello, мир! 你好 🌍',
    ];
    for (const text of samples)
      expect(splitCharacters(text, { useSegmenter: false }), text).toEqual(splitCharacters(text));
  });
});
