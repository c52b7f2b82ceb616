import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

describe('advisor form texts per language', () => {
  beforeEach(() => {
    saveAdvisor.mockReset();
    saveAdvisor.mockImplementation(async (body: object) => ({ ...advisor, ...body }));
  });
  afterEach(() => setLocale('en', 'all'));

  it('edits the Russian and English texts apart and sends the other language as a translation', async () => {
    await setLocale('en', 'all');
    const stored = {
      ...advisor,
      text_language: 'ru',
      description: 'Таро о любви',
      additional_info: 'Сертифицирована',
      translations: { en: { description: 'Love tarot', additional_info: '' } },
    } as unknown as AdminAdvisorRow;
    render(<AdvisorForm advisor={stored} onSaved={vi.fn()} onCancel={vi.fn()} />);
    const russian = screen.getByRole('group', { name: 'Texts in Russian' });
    const english = screen.getByRole('group', { name: 'Texts in English' });
    expect((within(russian).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Таро о любви',
    );
    expect((within(english).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'Love tarot',
    );
    fireEvent.change(within(english).getByLabelText('Additional information'), {
      target: { value: 'Certified reader' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveAdvisor).toHaveBeenCalledTimes(1));
    expect(saveAdvisor.mock.calls[0]![0]).toMatchObject({
      text_language: 'ru',
      description: 'Таро о любви',
      additional_info: 'Сертифицирована',
      translations: { en: { description: 'Love tarot', additional_info: 'Certified reader' } },
    });
  });

  it('switching the own language moves which texts are the advisor’s own', async () => {
    await setLocale('en', 'all');
    render(<AdvisorForm advisor={null} onSaved={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Vera' } });
    fireEvent.change(screen.getByLabelText('Price per message, $'), { target: { value: '2' } });
    const russian = screen.getByRole('group', { name: 'Texts in Russian' });
    fireEvent.change(within(russian).getByLabelText('Description'), {
      target: { value: 'Карьерное таро' },
    });
    fireEvent.change(screen.getByLabelText(/Language the advisor writes in/), {
      target: { value: 'ru' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saveAdvisor).toHaveBeenCalledTimes(1));
    expect(saveAdvisor.mock.calls[0]![0]).toMatchObject({
      text_language: 'ru',
      description: 'Карьерное таро',
      translations: { en: { description: '', additional_info: '' } },
    });
  });
});
