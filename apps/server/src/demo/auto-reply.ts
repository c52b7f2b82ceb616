/**
 * Demo advisors answer by themselves (outside production, until an admin links them to a person): when a user writes to a demo
 * advisor that no person has been linked to, the advisor reads the message and replies after a
 * human-like pause, through ChatService like a real advisor's reply, so the socket, unread
 * counts and read receipts behave as they will with people. Messages that arrive during the
 * pause get one answer together. Only the instance that stored the message answers it.
 */
import { LIMITS, type Locale, type Message, type MessageKind } from '@seer/contract';
import type { EventBus } from '../realtime/event-bus.js';
import type { ChatService } from '../chat/index.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import { type UsersService, localeOfUser } from '../users/index.js';
import { composeDemoReply } from './demo-readings.js';
import { withoutCardLine } from './demo-cards.js';

export interface AutoReplyLog {
  warn(object: object, message: string): void;
}

interface Pending {
  /** Null while the advisor is being looked up. */
  timer: NodeJS.Timeout | null;
  /** Repeats "typing" while the answer is being composed, as a person's app would. */
  typing: NodeJS.Timeout | null;
  question: string;
  kind: MessageKind;
}

export class DemoAutoReply {
  private readonly pending = new Map<string, Pending>();
  private readonly inFlight = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: {
      events: EventBus;
      chat: ChatService;
      advisors: AdvisorsService;
      users: Pick<UsersService, 'find'>;
      log: AutoReplyLog;
      /** [min, max] pause before answering, in ms. */
      delayMs: readonly [number, number];
      random?: () => number;
    },
  ) {}

  start(): void {
    this.unsubscribe ??= this.deps.events.subscribe((event, origin) => {
      if (event.type !== 'message' || origin.remote || event.message.sender !== 'user') return;
      this.consider(event.userId, event.advisorId, event.message.message_text, event.message.kind);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const entry of this.pending.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.typing) clearInterval(entry.typing);
    }
    this.pending.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'demo advisor could not answer'),
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private random(): number {
    return (this.deps.random ?? Math.random)();
  }

  private consider(userId: number, advisorId: number, question: string, kind: MessageKind): void {
    const key = `${userId}:${advisorId}`;
    const waiting = this.pending.get(key);
    if (waiting) {
      // Still "typing" the answer to the earlier message: answer the newest question with it.
      if (question) waiting.question = question;
      waiting.kind = kind;
      return;
    }
    // Claimed before the lookup, so that messages arriving meanwhile join this answer.
    const entry: Pending = { timer: null, typing: null, question, kind };
    this.pending.set(key, entry);
    this.track(
      (async () => {
        const advisor = await this.deps.advisors.find(advisorId);
        if (!advisor || !isAnsweredByDemo(advisor) || !this.unsubscribe) {
          this.pending.delete(key);
          return;
        }
        const [min, max] = this.deps.delayMs;
        const delay = min + Math.round(this.random() * Math.max(0, max - min));
        // The advisor "types" through the pause, so the user sees a reply is coming.
        const typing = () => this.deps.events.publish({ type: 'typing', userId, advisorId });
        typing();
        entry.typing = setInterval(typing, LIMITS.typingFrameIntervalMs);
        entry.typing.unref();
        entry.timer = setTimeout(() => {
          this.pending.delete(key);
          if (entry.typing) clearInterval(entry.typing);
          if (this.unsubscribe)
            this.track(this.answer(userId, advisorId, entry.question, entry.kind));
        }, delay);
        entry.timer.unref();
      })().catch((error: unknown) => {
        this.pending.delete(key);
        throw error;
      }),
    );
  }

  private async answer(
    userId: number,
    advisorId: number,
    question: string,
    kind: MessageKind,
  ): Promise<void> {
    // Linked to a person meanwhile? Then the person answers.
    const advisor = await this.deps.advisors.find(advisorId);
    if (!advisor || !isAnsweredByDemo(advisor)) return;
    const user = await this.deps.users.find(userId);
    // Answer in the language the question was written in (not the app's "My card:" line); the
    // user's language decides otherwise.
    const words = withoutCardLine(question);
    const locale: Locale = /[а-яё]/i.test(words)
      ? 'ru'
      : /[a-z]/i.test(words)
        ? 'en'
        : localeOfUser(user);
    // Reading the dialog marks the user's messages read, as opening it does for a person.
    const history = await this.deps.chat.advisorHistory(advisor, userId);
    const text = composeDemoReply({
      locale,
      question: tarotRequestOf(history, question, kind),
      kind: history.some(
        (m) => m.sender === 'user' && m.kind === 'tarot' && isUnanswered(history, m),
      )
        ? 'tarot'
        : kind,
      categoryId: advisor.category_id,
      earlier: history.filter((m) => m.sender === 'manager').map((m) => m.message_text),
      earlierQuestions: history
        .filter((m) => m.sender === 'user' && !isUnanswered(history, m))
        .map((m) => withoutCardLine(m.message_text)),
      random: () => this.random(),
    });
    await this.deps.chat.sendAdvisorMessage(advisor, userId, text);
  }
}

function isAnsweredByDemo(
  advisor: Pick<Advisor, 'is_demo' | 'telegram_id' | 'is_active'>,
): boolean {
  return advisor.is_active && advisor.is_demo && advisor.telegram_id === null;
}

/** Whether `message` came after the advisor's last message. */
function isUnanswered(history: readonly Message[], message: Message): boolean {
  const lastAnswer = history.findLast((m) => m.sender === 'manager');
  return !lastAnswer || message.id > lastAnswer.id;
}

/**
 * The question to read: a tarot request among the unanswered messages keeps its card line even
 * when a plain message followed it during the pause.
 */
function tarotRequestOf(history: readonly Message[], question: string, kind: MessageKind): string {
  if (kind === 'tarot') return question;
  const request = history.findLast(
    (m) => m.sender === 'user' && m.kind === 'tarot' && isUnanswered(history, m),
  );
  return request ? `${request.message_text}\n${question}` : question;
}
