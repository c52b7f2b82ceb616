/**
 * The place of birth on the profile form: a city of the built-in list (grouped by region, named
 * in the user's language) or a bare UTC offset. Its zone turns the time of birth into UTC for the
 * horoscope. The value is the wire form: a city id, "UTC±HH:MM", or '' for none.
 */
import { useMemo } from 'react';
import { BIRTH_CITIES, CITY_REGIONS, formatUtcOffset } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { PlaceIcon } from '../ui/icons';
import styles from './birth-place-field.module.css';

/** The offsets in use somewhere, in minutes east of UTC. */
const OFFSETS = [
  -720, -660, -600, -570, -540, -480, -420, -360, -300, -240, -210, -180, -120, -60, 0, 60, 120,
  180, 210, 240, 270, 300, 330, 345, 360, 390, 420, 480, 525, 540, 570, 600, 630, 660, 720, 765,
  780, 840,
];

/** "UTC−03:30" with a real minus sign, as people read it. */
function offsetLabel(minutes: number): string {
  return formatUtcOffset(minutes).replace('-', '−');
}

export function BirthPlaceField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const groups = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return CITY_REGIONS.map((region) => ({
      region,
      cities: BIRTH_CITIES.filter((city) => city.region === region)
        .map((city) => ({ id: city.id, name: city[locale] }))
        .sort((a, b) => collator.compare(a.name, b.name)),
    }));
  }, [locale]);

  return (
    <div className="field">
      <label htmlFor="profile-birth-place">{t('birthPlace.label')}</label>
      <div className={`editable-row ${styles.row}`}>
        <select
          id="profile-birth-place"
          className={`input ${styles.select}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby="profile-birth-place-hint"
        >
          <option value="">{t('birthPlace.notSet')}</option>
          {groups.map((group) => (
            <optgroup key={group.region} label={t(`birthPlace.region.${group.region}`)}>
              {group.cities.map((city) => (
                <option key={city.id} value={city.id}>
                  {city.name}
                </option>
              ))}
            </optgroup>
          ))}
          <optgroup label={t('birthPlace.offsets')}>
            {OFFSETS.map((minutes) => (
              <option key={minutes} value={formatUtcOffset(minutes)}>
                {offsetLabel(minutes)}
              </option>
            ))}
          </optgroup>
        </select>
        <span className={styles.icon} aria-hidden="true">
          <PlaceIcon />
        </span>
      </div>
      <span className={`small muted ${styles.hint}`} id="profile-birth-place-hint">
        {t('birthPlace.hint')}
      </span>
    </div>
  );
}
