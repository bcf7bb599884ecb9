import { Button, Group, TextInput } from '@mantine/core';

export interface InlineReasonPromptProps {
  /** The reason typed so far (kept by the caller, so it outlives the prompt). */
  value: string;
  onChange: (value: string) => void;
  /** The field's placeholder and accessible name. */
  label: string;
  maxLength?: number;
  submitLabel: string;
  /** Gets the trimmed reason, never a blank one (the submit is disabled until one is typed). */
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  testIds: { field: string; submit: string };
}

/**
 * The compact, in-row form of the reason prompt (one line: field, red submit, 'Renunță'), for
 * dense cards where a modal would hide what the reason is about.
 */
export function InlineReasonPrompt({
  value,
  onChange,
  label,
  maxLength,
  submitLabel,
  onSubmit,
  onCancel,
  testIds,
}: InlineReasonPromptProps) {
  const trimmed = value.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onSubmit(trimmed);
      }}
    >
      <Group gap={4} mt={4} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          placeholder={label}
          aria-label={label}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
          data-autofocus
          autoFocus
          data-testid={testIds.field}
        />
        <Button
          size="compact-xs"
          color="red"
          type="submit"
          disabled={!trimmed}
          data-testid={testIds.submit}
        >
          {submitLabel}
        </Button>
        <Button size="compact-xs" variant="default" onClick={onCancel}>
          Renunță
        </Button>
      </Group>
    </form>
  );
}
