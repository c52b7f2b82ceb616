import { describe, expect, it } from 'vitest';
import { UserNotices } from './user-notices.js';

function notices(openApps: number[] = []) {
  const written: unknown[] = [];
  const service = new UserNotices({
    outbox: {
      enqueue: async (notice) => void written.push(notice),
      enqueueIn: async (_tx, notice) => void written.push(notice),
      notify: () => undefined,
    },
    userSockets: { anyOpen: async (telegramId) => openApps.includes(telegramId) },
    publicUrl: 'https://seer.example',
  });
  return { service, written };
}
const someone = {
  telegramId: 42,
  allows_write_to_pm: true,
  language_code: 'en',
  chosen_language: null,
};

describe('a notice to a user outside the app', () => {
  it('is due only when the bot may write and no app of theirs is open', async () => {
    const { service } = notices([7]);
    expect(await service.away(someone)).toBe(true);
    expect(await service.away({ ...someone, allows_write_to_pm: false })).toBe(false);
    expect(await service.away({ ...someone, telegramId: 7 })).toBe(false);
  });

  it("is written in the user's language, with one button opening the app at its path", async () => {
    const { service, written } = notices();
    await service.send(
      { ...someone, chosen_language: 'ru' },
      {
        text: (locale) => (locale === 'ru' ? 'Новое сообщение' : 'New message'),
        button: (locale) => (locale === 'ru' ? 'Открыть' : 'Open'),
        path: '/chat/3',
      },
    );
    expect(written).toEqual([
      {
        chatId: 42,
        text: 'Новое сообщение',
        replyMarkup: {
          inline_keyboard: [[{ text: 'Открыть', web_app: { url: 'https://seer.example/chat/3' } }]],
        },
      },
    ]);
  });
});
