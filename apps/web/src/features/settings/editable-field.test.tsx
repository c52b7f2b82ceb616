import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditableField } from './editable-field';

function setup(value = 'Anna') {
  const onCommit = vi.fn();
  render(<EditableField id="name" label="Name" value={value} onCommit={onCommit} />);
  const open = () => {
    fireEvent.click(screen.getByRole('button', { name: 'Edit: Name' }));
    return screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
  };
  return { onCommit, open };
}

describe('EditableField', () => {
  it('locked, it is not an input: the value with a lock, a tap opens it for typing, focused', () => {
    const { open } = setup();
    expect(screen.queryByRole('textbox')).toBeNull();
    const locked = screen.getByRole('button', { name: 'Edit: Name' });
    expect(locked.textContent).toContain('Anna');
    expect(locked.querySelector('.locked-field-lock')).not.toBeNull();
    const input = open();
    expect(input.readOnly).toBe(false);
    expect(document.activeElement).toBe(input);
  });

  it('says "Not set" for an empty field', () => {
    setup('');
    expect(screen.getByRole('button', { name: 'Edit: Name' }).textContent).toContain('Not set');
  });

  it('commits the draft on Enter and locks again', () => {
    const { onCommit, open } = setup();
    const input = open();
    fireEvent.change(input, { target: { value: 'Maria' } });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('Maria');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('commits the draft on blur and on the Done button', () => {
    const { onCommit, open } = setup();
    fireEvent.change(open(), { target: { value: 'Olga' } });
    fireEvent.blur(screen.getByRole('textbox'));
    expect(onCommit).toHaveBeenCalledWith('Olga');
    fireEvent.change(open(), { target: { value: 'Vera' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done: Name' }));
    expect(onCommit).toHaveBeenLastCalledWith('Vera');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('drops the draft on Escape', () => {
    const { onCommit, open } = setup();
    fireEvent.change(open(), { target: { value: 'Typo' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Edit: Name' }).textContent).toContain('Anna');
  });

  it('does not commit an unchanged value', () => {
    const { onCommit, open } = setup();
    fireEvent.blur(open());
    expect(onCommit).not.toHaveBeenCalled();
  });

  it('shows a locked date the way people read it', () => {
    render(
      <EditableField id="d" label="Born" type="date" value="1990-05-07" onCommit={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Edit: Born' }).textContent).toContain('May 7, 1990');
  });

  it('a time: shown and chosen on the 24-hour clock, committed when the field is left', () => {
    const onCommit = vi.fn();
    render(
      <div>
        <EditableField
          id="birth-time"
          label="Birth time"
          type="time"
          value="14:30:00"
          onCommit={onCommit}
        />
        <button type="button">elsewhere</button>
      </div>,
    );
    const locked = screen.getByRole('button', { name: 'Edit: Birth time' });
    expect(locked.textContent).toContain('14:30');
    expect(locked.textContent).not.toMatch(/PM|AM/);
    fireEvent.click(locked);
    const hour = screen.getByLabelText('Birth time: hour') as HTMLSelectElement;
    const minute = screen.getByLabelText('Birth time: minutes') as HTMLSelectElement;
    expect(document.activeElement).toBe(hour);
    fireEvent.change(hour, { target: { value: '09' } });
    // From the hour list to the minute list: still editing, nothing committed.
    fireEvent.blur(hour, { relatedTarget: minute });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.change(minute, { target: { value: '05' } });
    fireEvent.blur(minute, { relatedTarget: screen.getByRole('button', { name: 'elsewhere' }) });
    expect(onCommit).toHaveBeenCalledWith('09:05');
  });
});
