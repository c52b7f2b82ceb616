import { describe, expect, it } from 'vitest';
import { ROUTES, pageForPath } from './routes';

describe('routes', () => {
  it("cover every screen's route, /profile included", () => {
    const paths = ROUTES.map((route) => route.path);
    for (const path of [
      '/',
      '/chat/:id',
      '/balance',
      '/settings',
      '/profile-settings',
      '/operators',
      '/operators/:categoryId',
      '/history',
      '/operator/:id',
      '/operator_profile/:id',
      '/notifications',
      '/tarot',
      '/yesno',
      '/dream',
      '/horoscope',
      '/article',
      '/privacy-policy',
      '/terms',
      '/payments',
      '/profile',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('find the page for a path with parameters', () => {
    expect(pageForPath('/')).toBe('home/home-page');
    expect(pageForPath('/operators/3')).toBe('advisors/category-page');
    expect(pageForPath('/operator_profile/7')).toBe('advisors/advisor-page');
    expect(pageForPath('/nowhere')).toBeNull();
  });
});
