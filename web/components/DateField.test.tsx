import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render-ui';
import { DateField } from './DateField';
import { TimeField } from './TimeField';

function Fields({ onDate, onTime }: { onDate: (v: string) => void; onTime: (v: string) => void }) {
  const [date, setDate] = useState('2026-11-26');
  const [time, setTime] = useState('21:38');
  return (
    <>
      <DateField
        aria-label="Data"
        value={date}
        onChange={(v) => {
          setDate(v);
          onDate(v);
        }}
      />
      <TimeField
        aria-label="Ora"
        value={time}
        onChange={(v) => {
          setTime(v);
          onTime(v);
        }}
      />
    </>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('DateField and TimeField (Romanian under any browser locale)', () => {
  it('show DD.MM.YYYY and HH:mm and hold the API forms', () => {
    const onDate = vi.fn();
    const onTime = vi.fn();
    renderUi(<Fields onDate={onDate} onTime={onTime} />);
    expect(input('Data').value).toBe('26.11.2026');
    expect(input('Ora').value).toBe('21:38');

    fireEvent.focus(input('Data'));
    fireEvent.change(input('Data'), { target: { value: '01122026' } });
    expect(input('Data').value).toBe('01.12.2026');
    expect(onDate).toHaveBeenLastCalledWith('2026-12-01');

    fireEvent.focus(input('Ora'));
    fireEvent.change(input('Ora'), { target: { value: '930' } });
    expect(input('Ora').value).toBe('09:30');
    expect(onTime).toHaveBeenLastCalledWith('09:30');
  });

  it('change nothing while half-typed, and show the value again when left so', () => {
    const onDate = vi.fn();
    renderUi(<Fields onDate={onDate} onTime={vi.fn()} />);
    fireEvent.focus(input('Data'));
    fireEvent.change(input('Data'), { target: { value: '31.04' } });
    expect(input('Data').value).toBe('31.04');
    fireEvent.change(input('Data'), { target: { value: '31.04.2026' } });
    expect(onDate).not.toHaveBeenCalled();
    fireEvent.blur(input('Data'));
    expect(input('Data').value).toBe('26.11.2026');
  });

  it('step with the arrow keys', () => {
    const onDate = vi.fn();
    const onTime = vi.fn();
    renderUi(<Fields onDate={onDate} onTime={onTime} />);
    fireEvent.focus(input('Data'));
    fireEvent.keyDown(input('Data'), { key: 'ArrowUp' });
    expect(onDate).toHaveBeenLastCalledWith('2026-11-27');
    expect(input('Data').value).toBe('27.11.2026');
    fireEvent.focus(input('Ora'));
    fireEvent.keyDown(input('Ora'), { key: 'ArrowDown', shiftKey: true });
    expect(onTime).toHaveBeenLastCalledWith('21:28');
  });
});
