/** The usual answer time line, in both languages with their plurals. */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setLocale } from '../../lib/i18n';
import { ResponseTime } from './response-time';

const line = (seconds: number | null) => {
  const { unmount } = render(<ResponseTime seconds={seconds} />);
  const text = screen.queryByTestId('response-time')?.textContent ?? null;
  unmount();
  return text;
};

describe('usual answer time', () => {
  afterEach(() => setLocale('en', 'all'));

  it('says it in English: under a minute, minutes, hours, days', async () => {
    await setLocale('en', 'all');
    expect(line(12)).toBe('Usually answers in under a minute');
    expect(line(60)).toBe('Usually answers in about 1 minute');
    expect(line(290)).toBe('Usually answers in about 5 minutes');
    expect(line(3 * 3600)).toBe('Usually answers in about 3 hours');
    expect(line(26 * 3600)).toBe('Usually answers in about 1 day');
  });

  it('says it in Russian with the right plural forms', async () => {
    await setLocale('ru', 'all');
    expect(line(30)).toBe('Обычно отвечает меньше чем за минуту');
    expect(line(60)).toBe('Обычно отвечает примерно за 1 минуту');
    expect(line(2 * 60)).toBe('Обычно отвечает примерно за 2 минуты');
    expect(line(5 * 60)).toBe('Обычно отвечает примерно за 5 минут');
    expect(line(3600)).toBe('Обычно отвечает примерно за 1 час');
    expect(line(2 * 3600)).toBe('Обычно отвечает примерно за 2 часа');
    expect(line(21 * 3600)).toBe('Обычно отвечает примерно за 21 час');
    expect(line(5 * 86_400)).toBe('Обычно отвечает примерно за 5 дней');
  });

  it('shows nothing while there are too few answers to tell', async () => {
    await setLocale('en', 'all');
    expect(line(null)).toBeNull();
  });
});
