/** Each domain's delivery rule: which frame, to which rooms; the socket only routes. */
import { describe, expect, it } from 'vitest';
import { chatDeliveries } from '../chat/chat.frames.js';
import { moneyDeliveries } from '../money/money.frames.js';
import { advisorDeliveries } from '../advisors/advisors.frames.js';
import { deliveriesOf } from './fan-out.js';
import { room, Rooms } from './rooms.js';
import type { DomainEvent } from './event-bus.js';

const rules = [chatDeliveries, moneyDeliveries, advisorDeliveries];

describe('fan-out', () => {
  it('sends a new message to the dialog, the advisor’s inbox and every socket of the user', () => {
    const event: DomainEvent = {
      type: 'message',
      userId: 7,
      advisorId: 3,
      message: {
        id: 11,
        message_text: 'hello',
        sender: 'user',
        manager_id: 3,
        telegram_user_id: 7,
        message_date: '2026-11-25T00:00:00.000Z',
        kind: 'text',
      } as never,
    };
    const [delivery, ...rest] = deliveriesOf(event, rules);
    expect(rest).toEqual([]);
    expect(delivery!.rooms).toEqual(['dialog:7:3', 'advisor:3', 'user:7']);
    expect(delivery!.frame).toMatchObject({
      type: 'new_message',
      data: { message: 'hello', manager_id: 3, telegram_user_id: 7, id: 11 },
    });
  });

  it('sends balances to the user only and presence to watchers and the advisor', () => {
    const [balance] = deliveriesOf(
      {
        type: 'balance',
        telegramId: 7,
        balanceCents: 1250,
        freeMessages: 2,
        reason: 'stars',
        amountCents: 1000,
      },
      rules,
    );
    expect(balance!.rooms).toEqual([room.user(7)]);
    expect(balance!.frame).toEqual({
      type: 'balance',
      data: {
        balance: 12.5,
        balance_cents: 1250,
        free_messages: 2,
        reason: 'stars',
        amount_cents: 1000,
      },
    });
    const [presence] = deliveriesOf({ type: 'presence', advisorId: 3, isOnline: true }, rules);
    expect(presence!.rooms).toEqual(['watch:3', 'advisor:3']);
  });

  it('has no frame for events that stay between instances', () => {
    expect(
      deliveriesOf({ type: 'user_sockets_query', queryId: 'q', telegramId: 7 }, rules),
    ).toEqual([]);
  });

  it('keeps room membership and forgets empty rooms', () => {
    const rooms = new Rooms<string>();
    rooms.join('user:1', 'a');
    rooms.join('user:1', 'b');
    rooms.leave('user:1', 'a');
    expect([...rooms.of('user:1')!]).toEqual(['b']);
    rooms.leave('user:1', 'b');
    expect(rooms.of('user:1')).toBeUndefined();
    expect(rooms.count('user:1')).toBe(0);
  });

  it('a room of one and a room of many answer alike, however members come and go', () => {
    const rooms = new Rooms<string>();
    const seen = (name: string) => [...(rooms.of(name) ?? [])].sort();
    rooms.join('r', 'a');
    rooms.join('r', 'a'); // joining twice is one membership
    expect([seen('r'), rooms.count('r'), rooms.of('r')?.size]).toEqual([['a'], 1, 1]);
    rooms.leave('r', 'z'); // not a member: nothing changes
    expect(seen('r')).toEqual(['a']);
    rooms.join('r', 'b');
    rooms.join('r', 'c');
    expect([seen('r'), rooms.count('r'), rooms.of('r')?.size]).toEqual([['a', 'b', 'c'], 3, 3]);
    rooms.leave('r', 'b');
    rooms.leave('r', 'a');
    expect([seen('r'), rooms.count('r')]).toEqual([['c'], 1]);
    rooms.join('r', 'a');
    expect(seen('r')).toEqual(['a', 'c']);
    rooms.leave('r', 'c');
    rooms.leave('r', 'a');
    expect([rooms.of('r'), rooms.count('r')]).toEqual([undefined, 0]);
  });
});
