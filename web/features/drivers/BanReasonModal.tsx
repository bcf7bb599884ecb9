import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type BanOption, banBody } from './ban-options';
import { useBanDriver } from './use-driver';

interface BanReasonModalProps {
  driverId: number;
  indicativ: string;
  /** The option picked in the lock menu; null: closed. */
  option: BanOption | null;
  onClose: () => void;
}

/**
 * SPEC §2 ban control: the reason is required, asked for by a prompt. A blank reason shows the
 * contract's Romanian message and sends nothing.
 */
export function BanReasonModal({ driverId, indicativ, option, onClose }: BanReasonModalProps) {
  const ban = useBanDriver(driverId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  return (
    <Modal
      opened={option !== null}
      onClose={close}
      title={`Blochează șoferul ${indicativ}`}
      size="sm"
      data-testid="driver-ban-modal"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!option) return;
          const built = banBody(option, reason);
          if (!built.body) {
            setError(built.error);
            return;
          }
          ban.mutate(built.body, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Durata: <b>{option?.label}</b>
          </Text>
          <TextInput
            label="Motivul blocării"
            required
            autoFocus
            maxLength={255}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            data-testid="driver-ban-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Renunță
            </Button>
            <Button
              type="submit"
              color="red"
              loading={ban.isPending}
              data-testid="driver-ban-submit"
            >
              Blochează
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
