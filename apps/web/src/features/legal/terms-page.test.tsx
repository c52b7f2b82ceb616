import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { setLocale } from '../../lib/i18n';
import TermsPage from './terms-page';

function renderTerms() {
  const { hook } = memoryLocation({ path: '/terms' });
  return render(
    <Router hook={hook}>
      <TermsPage />
    </Router>,
  );
}

describe('terms page', () => {
  afterEach(() => setLocale('en', 'all'));

  for (const [locale, title, refunds, privacy] of [
    ['en', 'Terms of Service', 'Refunds and payment support', 'Privacy Policy'],
    ['ru', 'Условия использования', 'Возвраты и помощь с оплатой', 'Политика конфиденциальности'],
  ] as const) {
    it(`reads in full in ${locale}: every section, /paysupport, the support chat and the privacy policy`, async () => {
      await setLocale(locale, 'all');
      const { container } = renderTerms();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
      expect(screen.getByRole('heading', { name: refunds })).toBeTruthy();
      // No text is missing (a missing one would show its key).
      expect(container.textContent).not.toMatch(/terms\.\w/);
      expect(container.textContent).toContain('/paysupport');
      expect(container.textContent).toContain('Telegram Stars');
      expect(screen.getByRole('link', { name: privacy }).getAttribute('href')).toBe(
        '/privacy-policy',
      );
      expect(
        screen
          .getAllByRole('link')
          .some((link) => link.getAttribute('href')?.startsWith('https://')),
      ).toBe(true);
    });
  }
});
