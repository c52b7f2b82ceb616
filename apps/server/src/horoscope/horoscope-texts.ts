/**
 * The fragments the computed horoscope is written from, in English and Russian: a sentence for
 * each body and aspect, a short line for each natal point and kind of aspect, and a line for the
 * Moon's sign of the day. Russian titles carry their own cases ("к вашему Солнцу", "с вашей Луной").
 */
import type { HoroscopeAspect, HoroscopeBody, Locale, ZodiacSign } from '@seer/contract';
import type { NatalPoint } from './sky.js';

type AspectNature = 'fusion' | 'harmony' | 'tension';

export const ASPECT_NATURE: Record<HoroscopeAspect, AspectNature> = {
  conjunction: 'fusion',
  sextile: 'harmony',
  trine: 'harmony',
  square: 'tension',
  opposition: 'tension',
};

export interface HoroscopeFragments {
  /** "Your Sun in {sun}, Moon in {moon}". */
  headline: string;
  /** "in Leo" / "во Льве", for each sign. */
  inSign: Record<ZodiacSign, string>;
  /** A sign after the first in a list: "Leo" in English ("in Cancer or Leo"), "во Льве" in Russian. */
  inSignContinued: Record<ZodiacSign, string>;
  /** Joins alternatives: "in Leo or Virgo". */
  or: string;
  body: Record<HoroscopeBody, string>;
  /** "{body} square your Sun", per aspect and natal point. */
  title: Record<HoroscopeAspect, Record<NatalPoint, string>>;
  text: Record<HoroscopeBody, Record<HoroscopeAspect, string>>;
  point: Record<NatalPoint, Record<AspectNature, string>>;
  /** "Today the Moon is {inSign}: " + moonDay[sign]. */
  moonToday: string;
  moonTomorrow: string;
  moonDay: Record<ZodiacSign, string>;
  quiet: { sun: string; both: string };
  note: { noTime: string; noPlace: string; neither: string };
}

const en: HoroscopeFragments = {
  headline: 'Your Sun {sun}, Moon {moon}',
  inSign: {
    aries: 'in Aries',
    taurus: 'in Taurus',
    gemini: 'in Gemini',
    cancer: 'in Cancer',
    leo: 'in Leo',
    virgo: 'in Virgo',
    libra: 'in Libra',
    scorpio: 'in Scorpio',
    sagittarius: 'in Sagittarius',
    capricorn: 'in Capricorn',
    aquarius: 'in Aquarius',
    pisces: 'in Pisces',
  },
  inSignContinued: {
    aries: 'Aries',
    taurus: 'Taurus',
    gemini: 'Gemini',
    cancer: 'Cancer',
    leo: 'Leo',
    virgo: 'Virgo',
    libra: 'Libra',
    scorpio: 'Scorpio',
    sagittarius: 'Sagittarius',
    capricorn: 'Capricorn',
    aquarius: 'Aquarius',
    pisces: 'Pisces',
  },
  or: 'or',
  body: { sun: 'Sun', moon: 'Moon', mercury: 'Mercury', venus: 'Venus', mars: 'Mars' },
  title: {
    conjunction: { sun: '{body} conjunct your Sun', moon: '{body} conjunct your Moon' },
    sextile: { sun: '{body} sextile your Sun', moon: '{body} sextile your Moon' },
    square: { sun: '{body} square your Sun', moon: '{body} square your Moon' },
    trine: { sun: '{body} trine your Sun', moon: '{body} trine your Moon' },
    opposition: { sun: '{body} opposite your Sun', moon: '{body} opposite your Moon' },
  },
  text: {
    sun: {
      conjunction:
        'The Sun lights up your own part of the sky: a day to start something in your own name.',
      sextile: 'Small openings come through the people around you; say yes to a modest offer.',
      square:
        'Energy runs high but pulls two ways at once; finish one thing before you start the next.',
      trine:
        'Things go with the grain and confidence comes easily; spend it on something that matters.',
      opposition:
        'Other people mirror you back to yourself; a partner or colleague may want the opposite of what you want.',
    },
    moon: {
      conjunction: 'A sensitive day: trust your first reaction, but sleep on big decisions.',
      sextile: 'A light, friendly mood; a good moment for the call you have been putting off.',
      square: 'Small irritations can grow out of proportion; eat, rest and do not answer in haste.',
      trine: 'Comfort and ease at home; a good evening to spend with people close to you.',
      opposition:
        'What you need and what others expect may not match for a few hours; say so gently.',
    },
    mercury: {
      conjunction: 'Your head is full of ideas: write them down and talk them through.',
      sextile: 'Good for letters, short trips and clearing up a misunderstanding.',
      square: 'Messages cross easily; check the details twice before you send anything.',
      trine: 'Words come easily: a good day for negotiations, study and asking questions.',
      opposition: 'Someone sees the matter differently; hear their argument out before you answer.',
    },
    venus: {
      conjunction:
        'Charm and warmth are on your side: a good day for love, beauty and making peace.',
      sextile: 'A pleasant meeting or a small gift is likely; let yourself enjoy it.',
      square:
        'The wish for comfort may cost more than it gives; watch your spending and let small slights go.',
      trine: 'Affection flows freely: a good day for a date, for art or for making up.',
      opposition: 'Relationships ask for balance: give as much as you hope to receive.',
    },
    mars: {
      conjunction: 'A surge of drive: take on the hard task, but mind your temper.',
      sextile: 'Steady energy for practical work and sport; take the initiative.',
      square: 'Friction and haste: avoid quarrels and sharp tools, and slow down on the road.',
      trine: 'Courage and stamina: a good day to push a project forward.',
      opposition: 'Someone may challenge you openly; stand your ground without picking a fight.',
    },
  },
  point: {
    sun: {
      fusion: 'The spotlight is on you and what you want.',
      harmony: 'It backs your will and the way you show yourself.',
      tension: 'It tests your will: choose which battles are worth it.',
    },
    moon: {
      fusion: 'Feelings sit close to the surface.',
      harmony: 'Your feelings find an easy way out.',
      tension: 'Moods may run ahead of the facts; give yourself time.',
    },
  },
  moonToday: 'Today the Moon is {sign}: {day}',
  moonTomorrow: 'Tomorrow the Moon is {sign}: {day}',
  moonDay: {
    aries: 'a day for quick starts and honest words.',
    taurus: 'a day for steady work, good food and comfort.',
    gemini: 'a day for conversation, news and curiosity.',
    cancer: 'a day for home, family and looking after yourself.',
    leo: 'a day to be seen, to play and to be generous.',
    virgo: 'a day for order, detail and useful small tasks.',
    libra: 'a day for partnership, tact and beauty.',
    scorpio: 'a day for depth, focus and keeping a confidence.',
    sagittarius: 'a day for plans, learning and wide horizons.',
    capricorn: 'a day for duty, structure and long-term goals.',
    aquarius: 'a day for friends, ideas and doing things your own way.',
    pisces: 'a day for intuition, rest and kindness.',
  },
  quiet: {
    sun: 'No planet makes a close aspect to your Sun: a quiet day to follow your own rhythm.',
    both: 'No planet makes a close aspect to your Sun or Moon: a quiet day to follow your own rhythm.',
  },
  note: {
    noTime:
      'Without the time of birth, the Moon is shown as every sign it passed through that day. Add the time to your profile to know it exactly.',
    noPlace:
      'Without the place of birth, the time zone of your birth time is unknown, so the Moon is shown as every sign it could have been in. Add the place to your profile.',
    neither:
      'Without the time and place of birth, the Moon is shown as every sign it could have been in that day. Add both to your profile to know it exactly.',
  },
};

const ru: HoroscopeFragments = {
  headline: 'Ваше Солнце {sun}, Луна {moon}',
  inSign: {
    aries: 'в Овне',
    taurus: 'в Тельце',
    gemini: 'в Близнецах',
    cancer: 'в Раке',
    leo: 'во Льве',
    virgo: 'в Деве',
    libra: 'в Весах',
    scorpio: 'в Скорпионе',
    sagittarius: 'в Стрельце',
    capricorn: 'в Козероге',
    aquarius: 'в Водолее',
    pisces: 'в Рыбах',
  },
  inSignContinued: {
    aries: 'в Овне',
    taurus: 'в Тельце',
    gemini: 'в Близнецах',
    cancer: 'в Раке',
    leo: 'во Льве',
    virgo: 'в Деве',
    libra: 'в Весах',
    scorpio: 'в Скорпионе',
    sagittarius: 'в Стрельце',
    capricorn: 'в Козероге',
    aquarius: 'в Водолее',
    pisces: 'в Рыбах',
  },
  or: 'или',
  body: { sun: 'Солнце', moon: 'Луна', mercury: 'Меркурий', venus: 'Венера', mars: 'Марс' },
  title: {
    conjunction: {
      sun: '{body} в соединении с вашим Солнцем',
      moon: '{body} в соединении с вашей Луной',
    },
    sextile: { sun: '{body} в секстиле к вашему Солнцу', moon: '{body} в секстиле к вашей Луне' },
    square: { sun: '{body} в квадрате к вашему Солнцу', moon: '{body} в квадрате к вашей Луне' },
    trine: { sun: '{body} в трине к вашему Солнцу', moon: '{body} в трине к вашей Луне' },
    opposition: {
      sun: '{body} в оппозиции к вашему Солнцу',
      moon: '{body} в оппозиции к вашей Луне',
    },
  },
  text: {
    sun: {
      conjunction:
        'Солнце освещает вашу часть неба: хороший день, чтобы начать что-то от своего имени.',
      sextile:
        'Небольшие возможности приходят через окружающих; соглашайтесь на скромное предложение.',
      square:
        'Сил много, но они тянут в разные стороны: закончите одно дело, прежде чем браться за следующее.',
      trine:
        'Всё складывается само собой, уверенность даётся легко — направьте её на то, что для вас важно.',
      opposition:
        'Окружающие становятся вашим зеркалом: партнёр или коллега может хотеть прямо противоположного.',
    },
    moon: {
      conjunction:
        'Чувствительный день: доверяйте первой реакции, но с крупными решениями не спешите.',
      sextile: 'Лёгкое, дружелюбное настроение; удачный момент для звонка, который вы откладывали.',
      square:
        'Мелкие раздражители легко раздуть до большой обиды; поешьте, отдохните и не отвечайте сгоряча.',
      trine: 'Уют и покой дома; хороший вечер, чтобы провести его с близкими.',
      opposition:
        'Ваши потребности и ожидания других на несколько часов расходятся; скажите об этом мягко.',
    },
    mercury: {
      conjunction: 'Голова полна идей: запишите их и обсудите с кем-нибудь.',
      sextile:
        'Хороший день для переписки, коротких поездок и того, чтобы прояснить недоразумение.',
      square: 'Сообщения легко понять не так; проверьте детали дважды, прежде чем отправлять.',
      trine: 'Слова находятся легко: удачный день для переговоров, учёбы и вопросов.',
      opposition: 'Кто-то видит ситуацию иначе; выслушайте его доводы, прежде чем отвечать.',
    },
    venus: {
      conjunction:
        'Обаяние и тепло на вашей стороне: хороший день для любви, красоты и примирения.',
      sextile: 'Вероятна приятная встреча или небольшой подарок — позвольте себе радоваться.',
      square:
        'Желание комфорта может обойтись дороже, чем оно того стоит; следите за тратами и не обижайтесь по пустякам.',
      trine: 'Нежность даётся легко: удачный день для свидания, искусства или примирения.',
      opposition: 'Отношения требуют равновесия: отдавайте столько же, сколько ждёте в ответ.',
    },
    mars: {
      conjunction: 'Прилив решимости: беритесь за трудное дело, но держите себя в руках.',
      sextile: 'Ровная энергия для практических дел и спорта; проявите инициативу.',
      square: 'Трения и спешка: избегайте ссор и острых предметов, на дороге не торопитесь.',
      trine: 'Смелость и выносливость: хороший день, чтобы продвинуть свой проект.',
      opposition: 'Кто-то может открыто бросить вам вызов; отстаивайте своё, не затевая ссоры.',
    },
  },
  point: {
    sun: {
      fusion: 'В центре внимания — вы и ваши желания.',
      harmony: 'Это поддерживает вашу волю и умение заявить о себе.',
      tension: 'Это испытывает вашу волю: выбирайте, за что действительно стоит бороться.',
    },
    moon: {
      fusion: 'Эмоции совсем близко к поверхности.',
      harmony: 'Чувствам легко найти выход.',
      tension: 'Настроение может опережать факты — дайте себе время.',
    },
  },
  moonToday: 'Сегодня Луна {sign}: {day}',
  moonTomorrow: 'Завтра Луна {sign}: {day}',
  moonDay: {
    aries: 'день для быстрых начинаний и честных слов.',
    taurus: 'день для размеренной работы, вкусной еды и уюта.',
    gemini: 'день для разговоров, новостей и любопытства.',
    cancer: 'день для дома, семьи и заботы о себе.',
    leo: 'день, чтобы заявить о себе, поиграть и проявить щедрость.',
    virgo: 'день для порядка, деталей и полезных мелочей.',
    libra: 'день для партнёрства, такта и красоты.',
    scorpio: 'день для глубины, сосредоточенности и доверенных тайн.',
    sagittarius: 'день для планов, учёбы и широких горизонтов.',
    capricorn: 'день для обязательств, порядка в делах и дальних целей.',
    aquarius: 'день для друзей, идей и собственного пути.',
    pisces: 'день для интуиции, отдыха и доброты.',
  },
  quiet: {
    sun: 'Ни одна планета не образует точного аспекта к вашему Солнцу: спокойный день, чтобы жить в своём ритме.',
    both: 'Ни одна планета не образует точного аспекта к вашему Солнцу или Луне: спокойный день, чтобы жить в своём ритме.',
  },
  note: {
    noTime:
      'Время рождения не указано, поэтому показаны все знаки, которые Луна прошла в тот день. Добавьте время в профиль, чтобы знать её знак точно.',
    noPlace:
      'Место рождения не указано, поэтому неизвестен часовой пояс и показаны все знаки, где могла быть Луна. Добавьте место в профиль.',
    neither:
      'Время и место рождения не указаны, поэтому показаны все знаки, где могла быть Луна в тот день. Добавьте их в профиль, чтобы знать её знак точно.',
  },
};

export const HOROSCOPE_FRAGMENTS: Record<Locale, HoroscopeFragments> = { en, ru };

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** "in Leo", "in Leo or Virgo", "in Cancer, Leo or Virgo"; «в Раке, во Льве или в Деве». */
export function inSigns(fragments: HoroscopeFragments, signs: readonly ZodiacSign[]): string {
  const [first, ...rest] = signs;
  if (!first) return '';
  const phrases = [fragments.inSign[first], ...rest.map((sign) => fragments.inSignContinued[sign])];
  if (phrases.length === 1) return phrases[0]!;
  return `${phrases.slice(0, -1).join(', ')} ${fragments.or} ${phrases[phrases.length - 1]!}`;
}
