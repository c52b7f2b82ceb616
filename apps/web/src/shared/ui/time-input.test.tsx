/** The 24-hour time field: "HH:MM" in and out, never AM/PM, optional clearing. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TimeInput, minuteChoices, splitTime } from './time-input';

describe('a time field', () => {
  it('shows the hour and minute of the value on the 24-hour clock', () => {
    render(<TimeInput label="Birth time" value="14:30:00" onChange={() => {}} />);
    const hour = screen.getByLabelText('Birth time: hour') as HTMLSelectElement;
    expect(hour.value).toBe('14');
    expect((screen.getByLabelText('Birth time: minutes') as HTMLSelectElement).value).toBe('30');
    // 24 hours, 00 to 23: no AM/PM anywhere.
    expect([...hour.options].map((option) => option.value)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
    expect(screen.getByTestId('time-input').textContent).not.toMatch(/AM|PM/);
  });

  it('answers HH:MM when either list changes, and clears when optional', () => {
    const onChange = vi.fn();
    const { rerender } = render(<TimeInput label="T" value="" optional onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('T: hour'), { target: { value: '09' } });
    expect(onChange).toHaveBeenLastCalledWith('09:00');
    rerender(<TimeInput label="T" value="09:00" optional onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('T: minutes'), { target: { value: '45' } });
    expect(onChange).toHaveBeenLastCalledWith('09:45');
    rerender(<TimeInput label="T" value="09:45" optional onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('T: hour'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('offers every step of minutes, keeping a value between them', () => {
    expect(minuteChoices(15, '')).toEqual(['00', '15', '30', '45']);
    expect(minuteChoices(15, '20')).toEqual(['00', '15', '20', '30', '45']);
    expect(minuteChoices(1, '')).toHaveLength(60);
  });

  it('reads only times', () => {
    expect(splitTime('7:05')).toEqual(['07', '05']);
    expect(splitTime('')).toEqual(['', '']);
    expect(splitTime('later')).toEqual(['', '']);
  });
});
