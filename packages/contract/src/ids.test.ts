import { describe, expect, it } from 'vitest';
import { CategoryQuery, CreateMessageBody, IdQuery, TelegramUserQuery } from './api.js';
import { AdminAssignDepositBody } from './admin.js';
import { ClientFrame } from './socket.js';

const twoTo31 = 2 ** 31;
const twoTo53 = 2 ** 53;

describe('ids', () => {
  it('accept a whole number as a JSON number or a string of digits, within the column', () => {
    expect(IdQuery.parse({ id: '7' })).toEqual({ id: 7 });
    expect(IdQuery.parse({ id: twoTo31 - 1 })).toEqual({ id: twoTo31 - 1 });
    expect(TelegramUserQuery.parse({ telegram_user_id: String(twoTo53 - 1) })).toEqual({
      telegram_user_id: twoTo53 - 1,
    });
  });

  it('refuse advisor ids beyond INTEGER and Telegram or deposit ids beyond 2^53 − 1', () => {
    expect(IdQuery.safeParse({ id: twoTo31 }).success).toBe(false);
    expect(
      CreateMessageBody.safeParse({ manager_id: String(twoTo31), message: 'hi' }).success,
    ).toBe(false);
    for (const big of [twoTo53, 2 ** 64, '18446744073709551616']) {
      expect(TelegramUserQuery.safeParse({ telegram_user_id: big }).success).toBe(false);
      expect(
        AdminAssignDepositBody.safeParse({ deposit_id: big, telegram_user_id: 1 }).success,
      ).toBe(false);
    }
  });

  it('refuse what only looks like a number: exponents, floats, signs, spaces, booleans, arrays, empty', () => {
    for (const bad of [
      '1e3',
      '0x10',
      '1.0',
      '1.5',
      1.5,
      '-1',
      -1,
      0,
      '0',
      ' 5',
      '5 ',
      '',
      true,
      [5],
      null,
      'NaN',
    ]) {
      const result = IdQuery.safeParse({ id: bad });
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('must be a whole number from 1 to 2147483647');
    }
  });

  it('in socket frames are JSON numbers in the same ranges', () => {
    const frame = (telegram_user_id: unknown, manager_id: unknown) =>
      ClientFrame.safeParse({ type: 'subscribe_dialog', telegram_user_id, manager_id }).success;
    expect(frame(5, 7)).toBe(true);
    expect(frame(5, twoTo31)).toBe(false);
    expect(frame(twoTo53, 7)).toBe(false);
    expect(frame('5', 7)).toBe(false);
  });

  it('category ids are 1 … 12', () => {
    expect(CategoryQuery.parse({ category_id: '12' })).toEqual({ category_id: 12 });
    expect(CategoryQuery.safeParse({ category_id: '13' }).success).toBe(false);
    expect(CategoryQuery.safeParse({ category_id: '1e1' }).success).toBe(false);
  });
});
