/** What the bot tells an applicant about each change of their application, in their language. */
import type { Locale } from '@seer/contract';
import type { UserNotices } from '../bot/index.js';

/** A notice as the bot's notices take it. */
type AppNotice = Parameters<UserNotices['send']>[1];

export type ApplicationChange =
  | { kind: 'stage'; stage: 'practical_test' | 'work_history' | 'interview'; note: string | null }
  | { kind: 'message'; text: string }
  | { kind: 'approved' }
  | { kind: 'refused'; reason: string }
  | { kind: 'trial_ended' };

interface NoticeTexts {
  stage: Record<'practical_test' | 'work_history' | 'interview', string>;
  message: string;
  approved: string;
  refused: string;
  trialEnded: string;
  open: string;
}

const TEXTS: Record<Locale, NoticeTexts> = {
  en: {
    stage: {
      practical_test: 'Your advisor application moved to the practical test.',
      work_history: 'Your advisor application moved to the check of your work history and reviews.',
      interview:
        'Your advisor application moved to the interview. Staff will write to you in Seer.',
    },
    message: 'Seer staff wrote about your advisor application:',
    approved:
      'Your advisor application was approved. Welcome to Seer! Your trial period starts now: open your workspace to answer clients.',
    refused: 'Your advisor application was refused. The reason:',
    trialEnded: 'Your trial period is over: you are now shown to every Seer user.',
    open: 'Open my application',
  },
  ru: {
    stage: {
      practical_test: 'Ваша заявка на роль эксперта перешла к практическому заданию.',
      work_history: 'Ваша заявка на роль эксперта перешла к проверке опыта работы и отзывов.',
      interview:
        'Ваша заявка на роль эксперта перешла к собеседованию. Сотрудники напишут вам в Seer.',
    },
    message: 'Сотрудники Seer написали о вашей заявке на роль эксперта:',
    approved:
      'Ваша заявка на роль эксперта одобрена. Добро пожаловать в Seer! Испытательный срок начинается сейчас: откройте рабочее место, чтобы отвечать клиентам.',
    refused: 'Ваша заявка на роль эксперта отклонена. Причина:',
    trialEnded: 'Испытательный срок закончился: теперь вас видят все пользователи Seer.',
    open: 'Открыть заявку',
  },
};

/** The bot's notice of one change; the button opens the application's page. */
export function applicationNotice(change: ApplicationChange): AppNotice {
  const text = (locale: Locale): string => {
    const texts = TEXTS[locale];
    switch (change.kind) {
      case 'stage':
        return change.note
          ? `${texts.stage[change.stage]}\n\n${change.note}`
          : texts.stage[change.stage];
      case 'message':
        return `${texts.message}\n\n${change.text}`;
      case 'approved':
        return texts.approved;
      case 'refused':
        return `${texts.refused}\n\n${change.reason}`;
      case 'trial_ended':
        return texts.trialEnded;
    }
  };
  return {
    text,
    button: (locale) => TEXTS[locale].open,
    path: change.kind === 'approved' ? '/workspace' : '/apply',
  };
}
