import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Advisor } from '@seer/contract';
import { setLocale } from '../../lib/i18n';
import { AdvisorListCard } from './advisor-list-card';
import { LanguageFilter } from './language-filter';

const advisor: Advisor = {
  id: 7,
  manager_id: 7,
  name: 'Luna Everhart',
  avatar: '',
  category_id: 1,
  category_name: '',
  description: 'Таролог: любовь и встреча с родственной душой.',
  additional_info: '',
  text_language: 'ru',
  rating: 4.8,
  reviews: 12,
  price: 1.99,
  price_cents: 199,
  experience: 12,
  clients: 4800,
  languages: ['ru', 'en', 'de'],
  isActive: true,
  isOnline: true,
  median_response_seconds: null,
};

function renderCard(fields: Partial<Advisor> = {}) {
  const { hook } = memoryLocation({ path: '/' });
  return render(
    <Router hook={hook}>
      <AdvisorListCard advisor={{ ...advisor, ...fields }} />
    </Router>,
  );
}

describe('advisor card languages', () => {
  afterEach(() => setLocale('en', 'all'));

  it('names the languages the advisor answers in, in the reader’s language', async () => {
    await setLocale('en', 'all');
    const { unmount } = renderCard();
    expect(screen.getByText('Languages: Russian, English, German')).toBeTruthy();
    unmount();

    await setLocale('ru', 'all');
    renderCard({ languages: ['en', 'xx'] });
    expect(screen.getByText('Языки: английский, XX')).toBeTruthy();
  });

  it('marks the description with the language it is written in', async () => {
    await setLocale('en', 'all');
    renderCard();
    expect(screen.getByText(advisor.description).getAttribute('lang')).toBe('ru');
  });

  it('shows no languages line for an advisor without languages', async () => {
    await setLocale('en', 'all');
    renderCard({ languages: [] });
    expect(screen.queryByText(/^Languages:/)).toBeNull();
  });
});

describe('language filter', () => {
  afterEach(() => setLocale('en', 'all'));

  it('offers all languages, Russian and English, and reports the choice', async () => {
    await setLocale('ru', 'all');
    const onChange = vi.fn();
    const { rerender } = render(<LanguageFilter value={null} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Язык' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Все' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Русский' }));
    expect(onChange).toHaveBeenLastCalledWith('ru');

    rerender(<LanguageFilter value="en" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Английский' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Все' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Все' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
