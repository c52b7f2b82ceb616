/**
 * A profile field that is locked until its pen button is pressed, and commits its draft
 * (to the form, not the server) on blur or Enter. Escape drops the draft.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { fitText } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { PenIcon } from '../../shared/ui/icons';

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
    if (editing) input.current?.focus();
  }, [editing]);

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
    value: editing ? draft : value,
    readOnly: !editing,
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
      <label htmlFor={id}>{label}</label>
      <div className="editable-row">
        {type === 'textarea' ? (
          <textarea rows={3} {...common} />
        ) : (
          <input type={type} {...common} />
        )}
        <button
          type="button"
          className="icon-button"
          aria-label={t('profileSettings.editField', { field: label })}
          aria-pressed={editing}
          // Keeps the input focused (so its blur does not commit and re-lock before this click).
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            haptic.selection();
            if (editing) commit();
            else setEditing(true);
          }}
        >
          <PenIcon />
        </button>
      </div>
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
