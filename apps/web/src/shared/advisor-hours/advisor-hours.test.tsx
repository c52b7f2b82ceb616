import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AwayMessage, HoursSummary } from './advisor-hours';

const day = (date: string, weekday: number, start: string, end: string) => ({
  date,
  weekday,
  start,
  end,
});

describe("an advisor's hours as a user sees them", () => {
  it('says "usually online" with the one range every day shares', () => {
    render(
      <HoursSummary
        hours={{
          status: 'success',
          days: [day('2026-11-26', 4, '18:00', '23:00'), day('2026-11-27', 5, '18:00', '23:00')],
          usually: { start: '18:00', end: '23:00' },
          away_message: null,
        }}
      />,
    );
    expect(screen.getByTestId('advisor-hours').textContent).toBe('Usually online 18:00–23:00');
  });

  it("lists each day's ranges when they differ, and nothing without hours", () => {
    const { container, rerender } = render(
      <HoursSummary
        hours={{
          status: 'success',
          days: [
            day('2026-11-29', 7, '23:00', '24:00'),
            day('2026-11-30', 1, '00:00', '01:00'),
            day('2026-11-30', 1, '18:00', '20:00'),
          ],
          usually: null,
          away_message: null,
        }}
      />,
    );
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual(['Sun 23:00–24:00', 'Mon 00:00–01:00, 18:00–20:00']);
    rerender(
      <HoursSummary hours={{ status: 'success', days: [], usually: null, away_message: null }} />,
    );
    expect(screen.queryByTestId('advisor-hours')).toBeNull();
  });

  it('shows the away message when there is one', () => {
    render(
      <AwayMessage
        hours={{ status: 'success', days: [], usually: null, away_message: 'Back at eight' }}
      />,
    );
    expect(screen.getByTestId('advisor-away').textContent).toContain('Back at eight');
  });
});
