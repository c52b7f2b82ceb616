/** Chat: dialogs between a user and an advisor, their messages, reads, and who may watch them. */
import { defineModule } from '../kernel/module.js';
import { ChatRepository } from './chat.repository.js';
import { ChatService } from './chat.service.js';
import { chatRoutes } from './chat.routes.js';
import { chatDeliveries } from './chat.frames.js';

export type { ChatService };

declare module '../kernel/module.js' {
  interface Services {
    chat: ChatService;
  }
}

export const chatModule = defineModule({
  name: 'chat',
  needs: ['advisors', 'money'],
  uses: ['auth'],
  create: ({ sql, events, services }) => ({
    chat: new ChatService(sql, new ChatRepository(sql), services.advisors, services.money, events),
  }),
  routes: (app, { services, server }) =>
    chatRoutes(app, services.auth, services.chat, services.advisors, server.limits),
  deliveries: [chatDeliveries],
  socketAccess: ({ services: { chat } }) => ({
    watchDialog: (viewer, dialog) => chat.watchDialog(viewer, dialog),
  }),
});
