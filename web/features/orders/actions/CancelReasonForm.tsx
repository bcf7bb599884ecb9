import {
  type CancelOrderBody,
  CancelOrderBodySchema,
  DISPATCHER_CANCEL_REASONS,
  type DispatcherCancelReason,
} from '@common/orders/orders.schema';
import { Button, Group, Kbd, Radio, Stack, Text, TextInput } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { CANCEL_REASON_LABELS } from '../../../lib/orders/labels';

export const PICK_REASON = 'Alegeți motivul anulării.';

interface CancelReasonFormProps {
  orderId: number;
  onSubmit: (reason: CancelOrderBody) => void;
  onClose: () => void;
}

/**
 * The cancel prompt: a reason from the short list (keys 1–5 pick one) and a free text, which
 * 'Alt motiv' needs. Enter cancels the order, Esc closes the prompt (the modal's).
 */
export function CancelReasonForm({ orderId, onSubmit, onClose }: CancelReasonFormProps) {
  const [type, setType] = useState<DispatcherCancelReason | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ type?: string; text?: string }>({});

  const submit = () => {
    if (!type) {
      setErrors({ type: PICK_REASON });
      return;
    }
    const parsed = CancelOrderBodySchema.safeParse({ reason_type: type, reason_text: text });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setErrors({ [issue?.path[0] === 'reason_type' ? 'type' : 'text']: issue?.message });
      return;
    }
    onSubmit({ reason_type: type, reason_text: parsed.data.reason_text || null });
  };

  const pick = (next: DispatcherCancelReason) => {
    setType(next);
    setErrors({});
  };

  // Digits pick a reason, unless they are being typed into the text.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'text') return;
    const reason = DISPATCHER_CANCEL_REASONS[Number(event.key) - 1];
    if (reason && /^[1-9]$/.test(event.key)) {
      event.preventDefault();
      pick(reason);
    } else if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      // A radio takes no implicit submission: Enter on the list cancels too.
      event.preventDefault();
      submit();
    }
  };

  return (
    <form
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="cancel-reason-form"
    >
      <Stack gap="sm">
        <Text size="sm">
          Comanda: <b>#{orderId}</b>
        </Text>
        <Radio.Group
          label="Motivul anulării"
          value={type}
          onChange={(value) => pick(value as DispatcherCancelReason)}
          error={errors.type}
          data-testid="cancel-reason-type"
        >
          <Stack gap={6} mt={6}>
            {DISPATCHER_CANCEL_REASONS.map((reason, index) => (
              <Radio
                key={reason}
                value={reason}
                data-autofocus={index === 0 ? true : undefined}
                label={
                  <Group gap={6} wrap="nowrap">
                    <Kbd size="xs">{index + 1}</Kbd>
                    {CANCEL_REASON_LABELS[reason]}
                  </Group>
                }
                data-testid={`cancel-reason-${reason}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        <TextInput
          label="Detalii"
          placeholder={type === 'dispatcher_canceled' ? 'Scrieți motivul' : 'Opțional'}
          required={type === 'dispatcher_canceled'}
          maxLength={300}
          value={text}
          error={errors.text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors({});
          }}
          data-testid="cancel-reason-text"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-testid="confirm-no">
            Nu
          </Button>
          <Button type="submit" color="red" data-testid="confirm-yes">
            Da
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
