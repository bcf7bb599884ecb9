import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';

export interface MaskedFormat {
  /** The text while typing, from what was typed. */
  mask: (raw: string) => string;
  /** A complete text → the value; null while incomplete or wrong. */
  parse: (text: string) => string | null;
  /** The value → its text. */
  format: (value: string) => string;
  /** ArrowUp / ArrowDown: the value a step later or earlier (null: nothing to step from). */
  step?: (value: string, direction: 1 | -1, large: boolean) => string | null;
}

export interface MaskedInputProps
  extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The value in the API's form ('' for none). */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A text field that shows and takes a value in a fixed format (DateField, TimeField), the same
 * under every browser locale, unlike `<input type="date|time">`. The value changes only when
 * the text is a complete, valid one (or empty); a field left half-typed or wrong shows its
 * value again, so what the field shows is always what will be sent.
 */
export function MaskedInput({
  value,
  onChange,
  format: fmt,
  onFocus,
  onBlur,
  onKeyDown,
  ...rest
}: MaskedInputProps & { format: MaskedFormat }) {
  // The text being typed; while the field is not focused it shows the value (which the clock,
  // 'Acum' or a reset may change meanwhile).
  const [typing, setTyping] = useState<string | null>(null);
  const text = typing ?? fmt.format(value);

  const set = (next: string) => {
    setTyping(next);
    if (next === '') {
      if (value !== '') onChange('');
      return;
    }
    const parsed = fmt.parse(next);
    if (parsed !== null && parsed !== value) onChange(parsed);
  };

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      {...rest}
      value={text}
      onFocus={(event) => {
        setTyping(fmt.format(value));
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyping(null);
        onBlur?.(event);
      }}
      onChange={(event) => set(fmt.mask(event.currentTarget.value))}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !fmt.step) return;
        if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
        const from = fmt.parse(text) ?? value;
        const next = fmt.step(from, event.key === 'ArrowUp' ? 1 : -1, event.shiftKey);
        if (next === null) return;
        event.preventDefault();
        setTyping(fmt.format(next));
        if (next !== value) onChange(next);
      }}
    />
  );
}
