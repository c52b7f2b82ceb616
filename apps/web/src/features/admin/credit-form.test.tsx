import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { CreditForm } from './credit-form';
import { checkCredit } from './credit-check';

const user = { telegram_user_id: 5, name: 'Anna', balance_cents: 1000 };

function setup(
  send = vi.fn(async (amount: string) => ({
    balance_cents: 1000 + Math.round(Number(amount) * 100),
    amount_cents: Math.round(Number(amount) * 100),
  })),
) {
  const onDone = vi.fn();
  render(<CreditForm user={user} send={send} onDone={onDone} />);
  const fill = (amount: string, reason: string) => {
    fireEvent.change(screen.getByLabelText('Amount, $'), { target: { value: amount } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: reason } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
  };
  return { send, onDone, fill };
}

describe('checkCredit', () => {
  it('accepts signed dollars with up to two decimals, normalised', () => {
    expect(checkCredit('10', ' goodwill ', 0, 'en')).toEqual({
      ok: true,
      cents: 1000,
      amount: '10.00',
      reason: 'goodwill',
    });
    expect(checkCredit('-2.5', 'typo', 1000, 'en')).toEqual({
      ok: true,
      cents: -250,
      amount: '-2.50',
      reason: 'typo',
    });
    expect(checkCredit('+0.01', 'x', 0, 'en')).toMatchObject({ ok: true, cents: 1 });
  });

  it('refuses what the server would refuse, saying which field is wrong', () => {
    expect(checkCredit('', '', 0, 'en')).toEqual({
      ok: false,
      problems: { amount: 'amountRequired', reason: 'reasonRequired' },
    });
    expect(checkCredit('1.234', 'x', 0, 'en')).toEqual({
      ok: false,
      problems: { amount: 'amountAmbiguous' },
    });
    expect(checkCredit('1.2345', 'x', 0, 'en')).toEqual({
      ok: false,
      problems: { amount: 'amountInvalid' },
    });
    expect(checkCredit('ten', 'x', 0, 'en')).toEqual({
      ok: false,
      problems: { amount: 'amountInvalid' },
    });
    expect(checkCredit('-0', 'x', 0, 'en')).toEqual({
      ok: false,
      problems: { amount: 'amountZero' },
    });
    expect(checkCredit('-10.01', 'x', 1000, 'en')).toEqual({
      ok: false,
      problems: { amount: 'debitTooLarge' },
    });
    expect(checkCredit('5', 'x'.repeat(1001), 0, 'en')).toEqual({
      ok: false,
      problems: { reason: 'reasonTooLong' },
    });
  });
});

describe('checkCredit in Russian', () => {
  it('reads the amount as Russian writes it and sends the plain wire form', () => {
    expect(checkCredit('12,50', 'x', 0, 'ru')).toMatchObject({
      ok: true,
      cents: 1250,
      amount: '12.50',
    });
    expect(checkCredit('-2,5', 'x', 1000, 'ru')).toMatchObject({
      ok: true,
      cents: -250,
      amount: '-2.50',
    });
    expect(checkCredit('\u22122,50', 'x', 1000, 'ru')).toMatchObject({ ok: true, cents: -250 });
    expect(checkCredit('1 250,50', 'x', 0, 'ru')).toMatchObject({
      ok: true,
      cents: 125050,
      amount: '1250.50',
    });
    expect(checkCredit('12.50', 'x', 0, 'ru')).toMatchObject({ ok: true, cents: 1250 });
  });

  it('refuses an amount it could misread by a factor of 100 or 1000, never guesses', () => {
    for (const text of ['1,250', '1.250', '-1,250'])
      expect(checkCredit(text, 'x', 10_000_000, 'ru')).toEqual({
        ok: false,
        problems: { amount: 'amountAmbiguous' },
      });
    // In English "1,250" is one thousand two hundred and fifty dollars.
    expect(checkCredit('1,250', 'x', 0, 'en')).toMatchObject({ ok: true, cents: 125_000 });
  });
});

describe('CreditForm', () => {
  it('shows what is missing and sends nothing', () => {
    const { send, fill } = setup();
    fill('', '');
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    expect(screen.getByText('Enter a reason.')).toBeTruthy();
    expect(screen.getByLabelText('Amount, $').getAttribute('aria-invalid')).toBe('true');
    fill('-20', 'refund');
    expect(screen.getByText('A debit cannot exceed the balance ($10.00).')).toBeTruthy();
    expect(screen.queryByText('Enter a reason.')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('asks for confirmation before crediting, then sends the normalised amount', async () => {
    const { send, onDone, fill } = setup();
    fill('10', 'Goodwill');
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Credit $10.00 to Anna (#5)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(2000));
    expect(send).toHaveBeenCalledWith('10.00', 'Goodwill');
    expect(screen.getByRole('status').textContent).toBe('Done. The balance is now $20.00.');
  });

  it('names a debit as such, and can be cancelled', () => {
    const { send, fill } = setup();
    fill('-2.5', 'Duplicate credit');
    expect(screen.getByText('Debit $2.50 from Anna (#5)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText(/Debit \$2.50/)).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('in Russian reads 12,50 as $12.50, asks in Russian money and sends the plain form', async () => {
    await setLocale('ru', 'all');
    try {
      const send = vi.fn(async () => ({ balance_cents: 2250, amount_cents: 1250 }));
      render(<CreditForm user={user} send={send} onDone={vi.fn()} />);
      fireEvent.change(screen.getByLabelText('Сумма, $'), { target: { value: '1,250' } });
      fireEvent.change(screen.getByLabelText('Причина'), { target: { value: 'Бонус' } });
      fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
      expect(screen.getByText('Напишите сумму однозначно, например 1250 или 12,50.')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Сумма, $'), { target: { value: '12,50' } });
      fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
      // getByText folds the no-break space Intl puts before "$" into a plain one.
      expect(screen.getByText('Начислить 12,50 $: Anna (#5)?')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Подтвердить' }));
      expect((await screen.findByRole('status')).textContent).toBe(
        'Готово. Баланс теперь 22,50\u00a0$.',
      );
      expect(send).toHaveBeenCalledWith('12.50', 'Бонус');
    } finally {
      await setLocale('en', 'all');
    }
  });

  it("shows the server's reason when it refuses", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, 'insufficient_funds', 'The balance would go below zero');
    });
    const { onDone, fill } = setup(send);
    fill('-5', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The balance would go below zero');
    expect(onDone).not.toHaveBeenCalled();
  });
});
