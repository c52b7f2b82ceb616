import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setLocale } from '../../lib/i18n';
import { CategoryChecks, LanguageChecks, PhotoField, TextsPerLanguage } from './advisor-fields';

describe('the advisor fields shared by the apply form, the own profile and the admin form', () => {
  beforeEach(async () => {
    localStorage.setItem('seer.initData', 'test');
    await setLocale('en', 'all');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a picked photo and tells the form; a file of another type is refused before any upload', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      if (url === '/api/session') {
        const expires_at = Math.floor(Date.now() / 1000) + 3600;
        const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
        return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
      }
      const image = {
        id: '11111111-1111-4111-8111-111111111111',
        url: '/api/images/1',
        width: 1,
        height: 1,
      };
      return new Response(JSON.stringify({ status: 'success', image }), { status: 200 });
    });
    const uploaded = vi.fn();
    const problem = vi.fn();
    render(
      <PhotoField
        id="photo"
        src={undefined}
        label="Your photo"
        buttonLabel="Add a photo"
        onUploaded={uploaded}
        onProblem={problem}
      />,
    );
    fireEvent.change(screen.getByLabelText('Your photo'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expect(problem).toHaveBeenCalledWith('type', expect.anything()));
    expect(calls.filter((url) => url.includes('UploadImage'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Your photo'), {
      target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] },
    });
    await waitFor(() =>
      expect(uploaded).toHaveBeenCalledWith({
        id: '11111111-1111-4111-8111-111111111111',
        url: '/api/images/1',
      }),
    );
  });

  it('takes at most the allowed number of categories', () => {
    const change = vi.fn();
    render(<CategoryChecks values={[1, 2]} max={2} onChange={change} />);
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.filter((box) => box.disabled).length).toBe(boxes.length - 2);
    fireEvent.click(boxes.find((box) => box.checked)!);
    expect(change).toHaveBeenCalledWith([2]);
  });

  it('keeps language codes it does not offer when one it offers is ticked', () => {
    const change = vi.fn();
    render(
      <LanguageChecks
        values={['de', 'en']}
        name={(language) => (language === 'en' ? 'English' : 'Russian')}
        onChange={change}
      />,
    );
    fireEvent.click(screen.getByLabelText('Russian'));
    expect(change).toHaveBeenCalledWith(['de', 'en', 'ru']);
  });

  it('shows one group per language, marked with its language, and says which text changed', () => {
    const change = vi.fn();
    render(
      <TextsPerLanguage
        idPrefix="t"
        languages={['ru', 'en']}
        fields={['description', 'additional_info']}
        texts={{ ru: { description: 'Таро' } }}
        legend={(language) => `Texts in ${language}`}
        label={(field) => field}
        onChange={change}
      />,
    );
    const russian = screen.getByRole('group', { name: 'Texts in ru' });
    expect(russian.getAttribute('lang')).toBe('ru');
    expect((screen.getAllByLabelText('description')[0] as HTMLTextAreaElement).value).toBe('Таро');
    fireEvent.change(screen.getAllByLabelText('additional_info')[1]!, {
      target: { value: 'More' },
    });
    expect(change).toHaveBeenCalledWith('en', 'additional_info', 'More');
  });
});
