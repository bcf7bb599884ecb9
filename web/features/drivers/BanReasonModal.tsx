import { ReasonPromptModal } from '../../components/ReasonPromptModal';
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
 * The ban control's prompt for the reason, which is required: a blank one shows the contract's
 * Romanian message and sends nothing.
 */
export function BanReasonModal({ driverId, indicativ, option, onClose }: BanReasonModalProps) {
  const ban = useBanDriver(driverId);
  return (
    <ReasonPromptModal
      opened={option !== null}
      title={`Blochează șoferul ${indicativ}`}
      size="sm"
      subject={{ label: 'Durata', value: option?.label }}
      fieldLabel="Motivul blocării"
      required
      maxLength={255}
      submitLabel="Blochează"
      submitting={ban.isPending}
      onSubmit={(reason, close) => {
        if (!option) return undefined;
        const built = banBody(option, reason);
        if (!built.body) return built.error;
        ban.mutate(built.body, { onSuccess: close });
        return undefined;
      }}
      onClose={onClose}
      testIds={{
        modal: 'driver-ban-modal',
        field: 'driver-ban-reason',
        submit: 'driver-ban-submit',
      }}
    />
  );
}
