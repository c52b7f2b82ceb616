import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { AdvisorOwnProfile } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { PriceRequest, ProfileForm } from './own-profile-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const profile = (overrides: Partial<AdvisorOwnProfile> = {}): AdvisorOwnProfile => ({
  id: 7,
  name: 'Aurora',
  avatar: '/avatars/default.svg',
  category_id: 1,
  languages: ['en'],
  text_language: 'en',
  texts: { en: { description: 'Tarot', additional_info: '' } },
  time_zone: 'Europe/Moscow',
  hours: [{ weekday: 1, start_minute: 18 * 60, end_minute: 23 * 60 }],
  away_messages: {},
  price_cents: 200,
  pending_price: null,
  trial_price_cap_cents: null,
  ...overrides,
});

/** One list of a 24-hour time field, by its name (found directly: label queries crawl the page). */
function timeList(name: string): HTMLSelectElement {
  const list = document.querySelector<HTMLSelectElement>(`select[aria-label="${name}"]`);
  if (!list) throw new Error(`no time list "${name}"`);
  return list;
}

/** The "HH:MM" a 24-hour time field shows (its hour and minute lists). */
function timeIn(label: string): string {
  return `${timeList(`${label}: hour`).value}:${timeList(`${label}: minutes`).value}`;
}

/** A button by its name (its label or its text), found directly for the same reason. */
function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (b) => b.getAttribute('aria-label') === name || b.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button "${name}"`);
  return found;
}

/** A field by the text of its <label>. */
function labelled(text: string): HTMLElement {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === text);
  const field = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  if (!field) throw new Error(`no field "${text}"`);
  return field;
}

function setTime(label: string, hour: string, minute: string): void {
  fireEvent.change(timeList(`${label}: hour`), { target: { value: hour } });
  fireEvent.change(timeList(`${label}: minutes`), { target: { value: minute } });
}

beforeEach(() => {
  callApi.mockReset();
  clearDataCache();
});

describe("the advisor's own profile form", () => {
  it('saves weekly hours as minutes in the chosen time zone, with the away message', async () => {
    callApi.mockImplementation((_call: string, { body }: { body: object }) =>
      Promise.resolve({ status: 'success', profile: { ...profile(), ...body } }),
    );
    render(<ProfileForm profile={profile()} />);
    expect(timeIn('Mon: from')).toBe('18:00');
    fireEvent.click(button('Add hours on Sun'));
    setTime('Sun: from', '22', '00');
    setTime('Sun: until', '00', '00');
    fireEvent.change(labelled('In English'), {
      target: { value: 'Back at six' },
    });
    fireEvent.click(button('Save profile'));
    await waitFor(() => expect(callApi).toHaveBeenCalled());
    const [call, { body }] = callApi.mock.calls[0]!;
    expect(call).toBe('ManagerSaveOwnProfile');
    expect(body).toMatchObject({
      time_zone: 'Europe/Moscow',
      hours: [
        { weekday: 1, start_minute: 1080, end_minute: 1380 },
        { weekday: 7, start_minute: 1320, end_minute: 1440 },
      ],
      away_messages: { en: 'Back at six' },
    });
  });

  it('refuses hours that end before they start, without calling the server', async () => {
    render(<ProfileForm profile={profile()} />);
    setTime('Mon: until', '17', '00');
    fireEvent.click(button('Save profile'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/end before they start/);
    expect(callApi).not.toHaveBeenCalled();
  });
});

describe('a price request', () => {
  it('is refused out of range on the spot and sent in cents within it', async () => {
    callApi.mockResolvedValue({
      status: 'success',
      request: { id: 3, price_cents: 350, created_at: '2026-11-26T10:00:00Z' },
    });
    render(<PriceRequest profile={profile()} />);
    const input = screen.getByLabelText('New price, $');
    fireEvent.change(input, { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for this price' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/from \$0\.50 to \$100/);
    expect(callApi).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: '3.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for this price' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('ManagerRequestPrice', { body: { price_cents: 350 } }),
    );
  });

  it('on trial: says the cap, and refuses a price above it on the spot', async () => {
    render(<PriceRequest profile={profile({ trial_price_cap_cents: 199, price_cents: 150 })} />);
    expect(screen.getByTestId('trial-cap').textContent).toMatch(/at most \$1\.99/);
    fireEvent.change(screen.getByLabelText('New price, $'), { target: { value: '2.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for this price' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'On trial the price is at most $1.99.',
    );
    expect(callApi).not.toHaveBeenCalled();
  });
});
