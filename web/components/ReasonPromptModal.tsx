import { Modal, type ModalProps, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ModalActions } from './ModalActions';

export interface ReasonPromptModalProps {
  opened: boolean;
  title: string;
  size?: ModalProps['size'];
  /** What the reason is about, above the field: "label: **value**". */
  subject: { label: string; value: ReactNode };
  fieldLabel: string;
  /** Marks the field required (the check itself is `onSubmit`'s). */
  required?: boolean;
  maxLength?: number;
  submitLabel: string;
  submitting: boolean;
  /**
   * Gets the reason as typed and `close` (to call once the request succeeds). Returns a message
   * to show under the field instead, when the reason will not do.
   */
  onSubmit: (reason: string, close: () => void) => string | undefined;
  onClose: () => void;
  testIds: { modal: string; field: string; submit: string };
}

/**
 * A modal that asks why before a destructive step (blocking a driver, a phone number): the
 * subject, one reason field, 'Renunță' and a red submit. Closing it forgets the reason.
 */
export function ReasonPromptModal({
  opened,
  title,
  size,
  subject,
  fieldLabel,
  required,
  maxLength,
  submitLabel,
  submitting,
  onSubmit,
  onClose,
  testIds,
}: ReasonPromptModalProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={title} size={size} data-testid={testIds.modal}>
      <form
        // The required mark is a hint: the Romanian message comes from onSubmit, not the browser.
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const refused = onSubmit(reason, close);
          if (refused) setError(refused);
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {subject.label}: <b>{subject.value}</b>
          </Text>
          <TextInput
            label={fieldLabel}
            required={required}
            autoFocus
            maxLength={maxLength}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-testid={testIds.field}
          />
          <ModalActions
            onCancel={close}
            submit={{
              label: submitLabel,
              testId: testIds.submit,
              loading: submitting,
              color: 'red',
            }}
          />
        </Stack>
      </form>
    </Modal>
  );
}
