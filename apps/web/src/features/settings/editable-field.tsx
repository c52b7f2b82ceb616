/**
 * A profile field that is locked until it is opened, and commits its draft (to the form, not the
 * server) on blur or Enter. Escape drops the draft. Locked, it does not pose as an input: it shows
 * the value with a lock and a pen, and a tap anywhere on it opens it for typing (decision 053).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fitText } from '@seer/contract';
import { formatDate, formatTimeOfDay, useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { LockIcon, PenIcon } from '../../shared/ui/icons';
import { TimeInput } from '../../shared/ui/time-input';

interface EditableFieldProps {
  id: string;
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'text' | 'date' | 'time' | 'email' | 'textarea';
  /** Most characters as people count them (not UTF-16 units like the maxLength attribute). */
  maxLength?: number;
  placeholder?: string;
  error?: string;
  autoComplete?: string;
}

export function EditableField({
  id,
  label,
  value,
  onCommit,
  type = 'text',
  maxLength,
  placeholder,
  error,
  autoComplete,
}: EditableFieldProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);

  useEffect(() => {
    // A time field is two lists; its first one carries the id.
    if (editing) (input.current ?? document.getElementById(id))?.focus();
  }, [editing, id]);

  const commit = () => {
    if (!editing) return;
    setEditing(false);
    if (draft !== value) onCommit(draft);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // In the description, Enter is a new line; elsewhere it confirms the field.
    if (event.key === 'Enter' && (type !== 'textarea' || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(value);
      setEditing(false);
    }
  };

  const common = {
    id,
    ref: input,
    className: 'input',
    value: draft,
    placeholder,
    autoComplete,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setDraft(maxLength ? fitText(event.target.value, maxLength) : event.target.value),
    onBlur: commit,
    onKeyDown,
  };

  return (
    <div className="field editable-field">
      <label htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      {editing ? (
        <div className="editable-row">
          {type === 'textarea' ? (
            <textarea rows={3} {...common} />
          ) : type === 'time' ? (
            // On the app's 24-hour clock, not the phone's (decision 051).
            <TimeInput
              id={id}
              label={label}
              value={draft}
              optional
              invalid={Boolean(error)}
              onChange={setDraft}
              onKeyDown={onKeyDown}
              onBlur={(event) => {
                // Moving from the hour to the minute list is not leaving the field.
                if (!event.currentTarget.contains(event.relatedTarget as Node | null)) commit();
              }}
            />
          ) : (
            <input type={type} {...common} />
          )}
          <button
            type="button"
            className="icon-button"
            aria-label={t('profileSettings.doneField', { field: label })}
            // Keeps the input focused (so its blur does not commit before this click).
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => {
              haptic.selection();
              commit();
            }}
          >
            <PenIcon />
          </button>
        </div>
      ) : (
        <button
          type="button"
          id={id}
          className={`locked-field${type === 'textarea' ? ' locked-field-long' : ''}`}
          aria-label={t('profileSettings.editField', { field: label })}
          aria-describedby={`${id}-value${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onClick={() => {
            haptic.selection();
            setEditing(true);
          }}
        >
          <LockIcon className="locked-field-lock" />
          <span
            id={`${id}-value`}
            className={value ? 'locked-field-value' : 'locked-field-value muted'}
          >
            {value ? shownValue(value, type) : t('profileSettings.notSet')}
          </span>
          <PenIcon className="locked-field-pen" />
        </button>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A locked field's value as people read it: a date in the app's language, a time on its 24-hour clock, the rest as typed. */
function shownValue(value: string, type: EditableFieldProps['type']): string {
  if (type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return formatDate(new Date(year, month - 1, day), {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
  }
  if (type === 'time') return formatTimeOfDay(value) || value;
  return value;
}
