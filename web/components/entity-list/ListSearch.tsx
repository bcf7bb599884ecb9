import { TextInput } from '@mantine/core';

export interface ListSearchProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  width: number;
  testId: string;
  /** In the heading's row: small, its 'Caută' label only for screen readers. */
  inHeading?: boolean;
}

/** A list's search field, labelled 'Caută'. */
export function ListSearch({
  value,
  onChange,
  placeholder,
  width,
  testId,
  inHeading,
}: ListSearchProps) {
  return (
    <TextInput
      size={inHeading ? 'xs' : undefined}
      w={width}
      label={inHeading ? undefined : 'Caută'}
      aria-label={inHeading ? 'Caută' : undefined}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data-testid={testId}
    />
  );
}
