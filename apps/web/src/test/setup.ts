// Component tests run against the real English texts.
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { setLocale } from '../lib/i18n';

beforeAll(async () => {
  await setLocale('en', 'all');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
