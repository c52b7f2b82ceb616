import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorText } from './error-text';
import { setLocale } from './i18n';

describe('errorText', () => {
  beforeAll(async () => {
    await setLocale('ru', 'all');
  });

  it('maps a code to the app’s own text in the current language', () => {
    expect(errorText(new ApiError(402, 'insufficient_funds', 'Insufficient funds'))).toBe(
      'На балансе недостаточно средств. Пополните его, чтобы продолжить.',
    );
    expect(errorText(new ApiError(0, 'network', 'Failed to fetch'))).toBe(
      'Нет соединения. Проверьте интернет и попробуйте снова.',
    );
  });

  it('says how long to wait when a call was rate limited', () => {
    expect(errorText(new ApiError(429, 'rate_limited', 'Too many messages', 7))).toBe(
      'Слишком много запросов. Попробуйте снова через 7 секунд.',
    );
    expect(errorText(new ApiError(429, 'rate_limited', 'Too many messages', 1))).toBe(
      'Слишком много запросов. Попробуйте снова через 1 секунду.',
    );
    expect(errorText(new ApiError(429, 'rate_limited', 'Too many messages', 3))).toBe(
      'Слишком много запросов. Попробуйте снова через 3 секунды.',
    );
    expect(errorText(new ApiError(429, 'rate_limited', 'Too many messages'))).toBe(
      'Слишком много запросов. Подождите немного и попробуйте снова.',
    );
  });

  it('keeps the rule a refusal names, and the caller’s text for faults and unknown codes', () => {
    expect(errorText(new ApiError(400, 'bad_request', 'message: too long'))).toBe(
      'message: too long',
    );
    expect(errorText(new ApiError(500, 'internal', 'boom'), 'Не удалось отправить')).toBe(
      'Не удалось отправить',
    );
    expect(errorText(new Error('x'), 'Запасной текст')).toBe('Запасной текст');
  });
});
