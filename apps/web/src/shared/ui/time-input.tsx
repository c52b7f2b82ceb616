/**
 * A time of day entered on the app's one clock, 24-hour in every language (decision 051): an hour
 * and a minute list, so the field never turns into "02:30 PM" on a phone set to English.
 * The value is "HH:MM", or '' when `optional` and not set.
 */
import { useT } from '../../lib/i18n';
import styles from './time-input.module.css';

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

/** Every `step` minutes of an hour, plus `current` when it falls between them. */
export function minuteChoices(step: number, current: string): string[] {
  const choices = Array.from({ length: Math.ceil(60 / step) }, (_, i) =>
    String(i * step).padStart(2, '0'),
  );
  if (current && !choices.includes(current)) choices.push(current);
  return choices.sort();
}

interface TimeInputProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** Named to screen readers; "hour" and "minute" are added to it. */
  label: string;
  /** An empty choice clears the time. */
  optional?: boolean;
  onBlur?: (event: React.FocusEvent<HTMLDivElement>) => void;
  onKeyDown?: (event: React.KeyboardEvent<HTMLDivElement>) => void;
  invalid?: boolean;
  /** Minutes offered: every minute (a birth time), or every 5 or 15 (working hours). */
  minuteStep?: number;
}

/** "7:5" → ["07", "05"]; anything else → ['', '']. */
export function splitTime(value: string): [string, string] {
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return ['', ''];
  return [match[1]!.padStart(2, '0'), match[2]!];
}

export function TimeInput({
  id,
  value,
  onChange,
  label,
  optional = false,
  onBlur,
  onKeyDown,
  invalid,
  minuteStep = 1,
}: TimeInputProps) {
  const t = useT();
  const [hour, minute] = splitTime(value);
  const change = (nextHour: string, nextMinute: string) => {
    if (!nextHour && !nextMinute) onChange('');
    else onChange(`${nextHour || '00'}:${nextMinute || '00'}`);
  };
  return (
    <div
      className={styles.group}
      role="group"
      aria-label={label}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      data-testid="time-input"
    >
      <select
        id={id}
        className="input"
        aria-label={t('common.hour', { label })}
        aria-invalid={invalid || undefined}
        value={hour}
        onChange={(event) => change(event.target.value, event.target.value ? minute : '')}
      >
        {optional && <option value="">--</option>}
        {HOURS.map((h) => (
          <option key={h} value={h}>
            {h}
          </option>
        ))}
      </select>
      <span aria-hidden="true">:</span>
      <select
        className="input"
        aria-label={t('common.minute', { label })}
        aria-invalid={invalid || undefined}
        value={minute}
        onChange={(event) => change(event.target.value ? hour : '', event.target.value)}
      >
        {optional && <option value="">--</option>}
        {minuteChoices(minuteStep, minute).map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
