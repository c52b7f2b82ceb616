/** Demo mode: demo advisors and their seeded data, and their automatic replies. */
import { defineModule } from '../kernel/module.js';
import { DemoAutoReply } from './auto-reply.js';

export { seedDemoData } from './seed.js';

declare module '../kernel/module.js' {
  interface Services {
    /** Demo advisors' automatic replies; null outside demo mode and for the command line. */
    autoReply: DemoAutoReply | null;
  }
}

export const demoModule = defineModule({
  name: 'demo',
  needs: ['chat', 'advisors', 'users'],
  create: ({ config, events, server, log, services: { chat, advisors, users } }) => ({
    autoReply:
      config.demo && server
        ? new DemoAutoReply({
            events,
            chat,
            advisors,
            users,
            log,
            delayMs: config.demoReplyDelayMs,
          })
        : null,
  }),
  workers: ({ services: { autoReply } }) => [
    { name: 'demo replies', start: () => autoReply?.start(), stop: () => autoReply?.stop() },
  ],
});
