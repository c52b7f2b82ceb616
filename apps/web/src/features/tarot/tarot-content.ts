/** The long card texts, loaded only by the tarot screen (they live in locales/<locale>/content/). */
import { useEffect, useState } from 'react';
import { useLocale } from '../../lib/i18n';
import type { TarotCardName } from '@seer/contract';

interface Reading {
  keywords: string;
  love: string;
  career: string;
  finances: string;
  advice: string;
}
export type TarotTexts = Record<
  TarotCardName,
  { name: string; upright: Reading; reversed: Reading }
>;

const files = import.meta.glob<TarotTexts>('../../locales/*/content/tarot-cards.json', {
  import: 'default',
});

export function useTarotTexts(): TarotTexts | null {
  const locale = useLocale();
  const [texts, setTexts] = useState<{ locale: string; texts: TarotTexts } | null>(null);
  useEffect(() => {
    let active = true;
    const load = files[`../../locales/${locale}/content/tarot-cards.json`];
    void load?.().then((loaded) => {
      if (active) setTexts({ locale, texts: loaded });
    });
    return () => {
      active = false;
    };
  }, [locale]);
  return texts?.locale === locale ? texts.texts : null;
}
