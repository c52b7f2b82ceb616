/** Chat: dialogs between a user and an advisor, their messages, reads, and who may watch them. */
import { defineModule } from '../kernel/module.js';
import { chatPersonalData } from './personal-data.repository.js';
export { OwnDialogs, type OwnMessage } from './personal-data.repository.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { chatRoutes } from './chat.routes.js';
import { chatDeliveries } from './chat.frames.js';
import { TelegramReplies } from './telegram-replies.js';
import { TelegramRepliesRepository } from './telegram-replies.repository.js';

export type { ChatService };

declare module '../kernel/module.js' {
  interface Services {
    chat: ChatService;
  }
}

export const chatModule = defineModule({
  name: 'chat',
  needs: ['advisors', 'money'],
  uses: ['auth', 'users', 'bot'],
  personalData: () => chatPersonalData(),
  create: ({ sql, events, services }) => ({
    chat: new ChatService(sql, new ChatRepository(sql), services.advisors, services.money, events),
  }),
  routes: (app, { services, server }) =>
    chatRoutes(app, services.auth, services.chat, services.advisors, server.limits),
  deliveries: [chatDeliveries],
  socketAccess: ({ services: { chat } }) => ({
    watchDialog: (viewer, dialog) => chat.watchDialog(viewer, dialog),
    mayWrite: (dialog, sender) => chat.mayWrite(dialog.userId, dialog.advisorId, sender),
  }),
  // Advisors answer the bot's new-message notices by replying to them in Telegram (decision 043).
  botHandlers: (updates, { sql, config, services, server, logTo }) => {
    if (!services.outbox) return;
    new TelegramReplies({
      repository: new TelegramRepliesRepository(sql),
      chat: services.chat,
      auth: services.auth,
      advisors: services.advisors,
      users: services.users,
      outbox: services.outbox,
      limits: server.limits,
      publicUrl: config.publicUrl,
      log: logTo,
    }).register(updates);
  },
});
