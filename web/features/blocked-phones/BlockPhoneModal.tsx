import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useBlockPhone } from './use-blocked-phones';

interface BlockPhoneModalProps {
  phone: string | null;
  onClose: () => void;
}

/** SPEC §2 block-phone modal of the order screen: the order's phone and a reason → 'Blocat!'. */
export function BlockPhoneModal({ phone, onClose }: BlockPhoneModalProps) {
  const block = useBlockPhone();
  const [reason, setReason] = useState('');

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <Modal
      opened={phone !== null}
      onClose={close}
      title="Blochează numărul"
      data-testid="block-phone-modal"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!phone) return;
          block.mutate({ phone, reason: reason.trim() || null }, { onSuccess: close });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Telefon: <b>{phone}</b>
          </Text>
          <TextInput
            label="Motiv"
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="block-phone-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Renunță
            </Button>
            <Button
              type="submit"
              color="red"
              loading={block.isPending}
              data-testid="block-phone-submit"
            >
              Blochează
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
