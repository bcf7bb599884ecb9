import { Textarea } from '@mantine/core';

export interface NoteTextareaProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength: number;
  autoFocus?: boolean;
}

/** A note's text field: small, growing from two to five rows as it is typed. */
export function NoteTextarea({
  label,
  value,
  onChange,
  error,
  maxLength,
  autoFocus,
}: NoteTextareaProps) {
  return (
    <Textarea
      size="xs"
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autosize
      minRows={2}
      maxRows={5}
      maxLength={maxLength}
      autoFocus={autoFocus}
    />
  );
}
