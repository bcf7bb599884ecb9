import { ReasonPromptModal } from '../../components/ReasonPromptModal';
import { useBlockPhone } from './use-blocked-phones';

interface BlockPhoneModalProps {
  phone: string | null;
  onClose: () => void;
}

/** The order screen's block-phone prompt: the order's phone and an optional reason → 'Blocat!'. */
export function BlockPhoneModal({ phone, onClose }: BlockPhoneModalProps) {
  const block = useBlockPhone();
  return (
    <ReasonPromptModal
      opened={phone !== null}
      title="Blochează numărul"
      subject={{ label: 'Telefon', value: phone }}
      fieldLabel="Motiv"
      submitLabel="Blochează"
      submitting={block.isPending}
      onSubmit={(reason, close) => {
        if (phone) block.mutate({ phone, reason: reason.trim() || null }, { onSuccess: close });
        return undefined;
      }}
      onClose={onClose}
      testIds={{
        modal: 'block-phone-modal',
        field: 'block-phone-reason',
        submit: 'block-phone-submit',
      }}
    />
  );
}
