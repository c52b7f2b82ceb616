import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setLocale } from '../../lib/i18n';
import { AdvisorForm } from './advisor-form';
import type { AdminAdvisorRow } from './api/list-advisors';

const saveAdvisor = vi.fn();
vi.mock('./api/save-advisor', () => ({
  saveAdvisor: (...args: unknown[]) => saveAdvisor(...args),
}));

const advisor = {
  id: 4,
  name: 'Luna',
  avatar: '',
  category_id: 1,
  price_cents: 125_050,
  description: 'Tarot',
  additional_info: '',
  experience: 3,
  clients: 10,
  languages: ['en'],
  is_active: true,
} as unknown as AdminAdvisorRow;

describe('advisor form price', () => {
  beforeEach(() => {
    saveAdvisor.mockReset();
    saveAdvisor.mockImplementation(async (body: object) => ({ ...advisor, ...body }));
  });
  afterEach(() => setLocale('en', 'all'));

  it('shows the price the Russian way, reads a Russian price and sends the plain form', async () => {
    await setLocale('ru', 'all');
    render(<AdvisorForm advisor={advisor} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const price = screen.getByLabelText('Цена сообщения, $') as HTMLInputElement;
    expect(price.value).toBe('1\u00a0250,50');

    fireEvent.change(price, { target: { value: '1,250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Напишите цену однозначно, например 2,99 или 1250.',
    );
    expect(saveAdvisor).not.toHaveBeenCalled();

    fireEvent.change(price, { target: { value: '2,99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saveAdvisor).toHaveBeenCalledTimes(1));
    expect(saveAdvisor.mock.calls[0]![0]).toMatchObject({ id: 4, price: '2.99' });
  });

  it('in English keeps the unchanged price as it was', async () => {
    render(<AdvisorForm advisor={advisor} onSaved={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText('Price per message, $') as HTMLInputElement).value).toBe(
      '1,250.50',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveAdvisor).toHaveBeenCalledTimes(1));
    expect(saveAdvisor.mock.calls[0]![0]).toMatchObject({ price: '1250.50' });
  });
});
