import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { APPLICATION_LIMITS, type Application, type MyApplicationAnswer } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import ApplyPage from './apply-page';
import { EMPTY_DRAFT, validateDraft } from './apply-form';

const QUESTION = 'I keep dreaming of a house I have never seen. What could it mean?';
const READING =
  'The house is you, and the locked door is a part of your life you have not opened yet. '.repeat(
    3,
  );

const APPLICATION: Application = {
  id: 7,
  stage: 'submitted',
  name: 'Anna Stars',
  category_ids: [1],
  languages: ['en'],
  experience: 7,
  photo: '/api/images/x',
  about: { en: 'Tarot reader.' },
  sample_question: QUESTION,
  sample_reading: READING,
  refusal_reason: null,
  advisor_id: null,
  notes: [],
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
};

let mine: MyApplicationAnswer;
const posted: Array<{ url: string; body: unknown }> = [];

function serve() {
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('UploadImage')) {
      const image = {
        id: '11111111-1111-4111-8111-111111111111',
        url: '/api/images/1',
        width: 64,
        height: 64,
      };
      return new Response(JSON.stringify({ status: 'success', image }), { status: 200 });
    }
    if (url.includes('SubmitApplication') || url.includes('ReplyToApplication')) {
      const body = JSON.parse(String(init?.body));
      posted.push({ url, body });
      const application = url.includes('Reply')
        ? {
            ...mine.application!,
            notes: [
              {
                id: 2,
                from: 'applicant',
                text: body.text,
                internal: false,
                created_at: '2026-11-26T11:00:00.000Z',
              },
            ],
          }
        : APPLICATION;
      return new Response(JSON.stringify({ status: 'success', application }), { status: 200 });
    }
    return new Response(JSON.stringify(mine), { status: 200 });
  });
}

describe('validateDraft', () => {
  it('names every missing field, and the about text of each chosen language', () => {
    expect(validateDraft(EMPTY_DRAFT)).toEqual({
      name: 'name',
      categories: 'categories',
      languages: 'languages',
      experience: 'experience',
      photo: 'photo',
      sampleReading: 'sampleReading',
    });
    const draft = {
      ...EMPTY_DRAFT,
      name: 'Anna',
      categoryIds: [1],
      languages: ['en', 'ru'] as const,
      experience: '7',
      photo: { id: 'x', url: '/x' },
      about: { en: 'Hi', ru: '' },
      sampleReading: READING,
    };
    expect(validateDraft({ ...draft, languages: ['en', 'ru'] })).toEqual({ 'about.ru': 'about' });
    expect(validateDraft({ ...draft, languages: ['en'] })).toEqual({});
    expect(validateDraft({ ...draft, languages: ['en'], experience: '2.5' })).toEqual({
      experience: 'experience',
    });
    expect(
      validateDraft({
        ...draft,
        languages: ['en'],
        sampleReading: 'x'.repeat(APPLICATION_LIMITS.sampleReadingMinLength - 1),
      }),
    ).toEqual({ sampleReading: 'sampleReading' });
  });
});

describe('apply page', () => {
  beforeEach(async () => {
    clearDataCache();
    posted.length = 0;
    localStorage.setItem('seer.initData', 'test');
    mine = {
      status: 'success',
      application: null,
      sample_question: QUESTION,
      can_apply: true,
      reapply_after: null,
    };
    serve();
    await setLocale('en', 'all');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the question, refuses an incomplete form in place, and sends a complete one', async () => {
    render(<ApplyPage />);
    expect((await screen.findByTestId('apply-question')).textContent).toBe(QUESTION);
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Write your name.')).toBeTruthy();
    expect(screen.getByText('Add a photo of yourself.')).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Name clients will see'), {
      target: { value: 'Anna Stars' },
    });
    fireEvent.change(screen.getByLabelText('Years of practice'), { target: { value: '7' } });
    fireEvent.click(screen.getByLabelText('Love Life Advice'));
    fireEvent.click(screen.getByLabelText('English'));
    fireEvent.change(screen.getByLabelText('About you (English)'), {
      target: { value: 'Tarot reader.' },
    });
    fireEvent.change(screen.getByPlaceholderText('Your reading'), { target: { value: READING } });
    fireEvent.change(screen.getByLabelText('Your photo'), {
      target: { files: [new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' })] },
    });
    await screen.findByRole('button', { name: 'Change photo' });
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      name: 'Anna Stars',
      category_ids: [1],
      languages: ['en'],
      experience: 7,
      photo_image_id: '11111111-1111-4111-8111-111111111111',
      about: { en: 'Tarot reader.' },
      sample_reading: READING,
    });
    expect((await screen.findByTestId('apply-status')).dataset.stage).toBe('submitted');
  });

  it('shows a refusal with its reason and when a new application is taken', async () => {
    mine = {
      ...mine,
      can_apply: false,
      reapply_after: '2026-12-26T10:00:00.000Z',
      application: {
        ...APPLICATION,
        stage: 'refused',
        refusal_reason: 'The reading was too general.',
      },
    };
    render(<ApplyPage />);
    expect(await screen.findByText('Your application was refused')).toBeTruthy();
    expect(screen.getByText('The reading was too general.')).toBeTruthy();
    expect(screen.getByText(/^You can apply again from .*2026\.$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send application' })).toBeNull();
  });

  it('shows the thread at the interview and sends the answer', async () => {
    mine = {
      ...mine,
      can_apply: false,
      application: {
        ...APPLICATION,
        stage: 'interview',
        notes: [
          {
            id: 1,
            from: 'staff',
            text: 'When can we call?',
            internal: false,
            created_at: '2026-11-26T10:30:00.000Z',
          },
        ],
      },
    };
    render(<ApplyPage />);
    expect(await screen.findByText('When can we call?')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Your answer'), {
      target: { value: 'Tomorrow at 10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posted).toEqual([expect.objectContaining({ body: { text: 'Tomorrow at 10' } })]),
    );
    expect(await screen.findByText('Tomorrow at 10')).toBeTruthy();
  });

  it('is in Russian for a Russian speaker', async () => {
    await setLocale('ru', 'all');
    render(<ApplyPage />);
    expect(await screen.findByText('Отправить заявку')).toBeTruthy();
    expect(screen.getByText('Имя, которое увидят клиенты')).toBeTruthy();
    expect(screen.getByText('Пробное гадание')).toBeTruthy();
    await setLocale('en', 'all');
  });
});
