/** The list screen's "answers in" filter: all languages, or one of FILTER_LANGUAGES. */
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { FILTER_LANGUAGES, type FilterLanguage } from './advisor-languages';

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function LanguageFilter({
  value,
  onChange,
}: {
  value: FilterLanguage | null;
  onChange: (next: FilterLanguage | null) => void;
}) {
  const t = useT();
  const choose = (next: FilterLanguage | null) => {
    haptic.selection();
    onChange(next);
  };
  return (
    <div className="sort-bar" role="group" aria-label={t('advisors.filterLanguage')}>
      <span className="small muted" aria-hidden="true">
        {t('advisors.filterLanguage')}:
      </span>
      <button
        type="button"
        className="chip"
        aria-pressed={value === null}
        onClick={() => choose(null)}
      >
        {t('advisors.allLanguages')}
      </button>
      {FILTER_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          className="chip"
          aria-pressed={value === code}
          onClick={() => choose(code)}
        >
          {capitalised(t(`advisors.language.${code}`))}
        </button>
      ))}
    </div>
  );
}
