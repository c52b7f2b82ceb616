import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { EditableField } from './editable-field';

function setup(value = 'Anna') {
  const onCommit = vi.fn();
  render(<EditableField id="name" label="Name" value={value} onCommit={onCommit} />);
  const input = screen.getByLabelText('Name') as HTMLInputElement;
  const pen = screen.getByRole('button', { name: /Name/ });
  return { onCommit, input, pen };
}

describe('EditableField', () => {
  it('is locked until the pen button is pressed', () => {
    const { input, pen } = setup();
    expect(input.readOnly).toBe(true);
    fireEvent.click(pen);
    expect(input.readOnly).toBe(false);
  });

  it('commits the draft on Enter and locks again', () => {
    const { onCommit, input, pen } = setup();
    fireEvent.click(pen);
    fireEvent.change(input, { target: { value: 'Maria' } });
    expect(onCommit).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith('Maria');
    expect(input.readOnly).toBe(true);
  });

  it('commits the draft on blur', () => {
    const { onCommit, input, pen } = setup();
    fireEvent.click(pen);
    fireEvent.change(input, { target: { value: 'Olga' } });
    fireEvent.blur(input);
    expect(onCommit).toHaveBeenCalledWith('Olga');
    expect(input.readOnly).toBe(true);
  });

  it('drops the draft on Escape', () => {
    const { onCommit, input, pen } = setup();
    fireEvent.click(pen);
    fireEvent.change(input, { target: { value: 'Typo' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(onCommit).not.toHaveBeenCalled();
    expect(input.value).toBe('Anna');
  });

  it('does not commit an unchanged value', () => {
    const { onCommit, input, pen } = setup();
    fireEvent.click(pen);
    fireEvent.blur(input);
    expect(onCommit).not.toHaveBeenCalled();
  });
});
