import { Switch } from '@mantine/core';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { FinanceSection } from './FinanceSection';
import { useSaveFareSettings } from './use-tariffs';

/** 'Taximetru': whether the amount the driver's app sends at the finish is the fare. */
export function TaximeterSection({ accepted, editable }: { accepted: boolean; editable: boolean }) {
  const save = useSaveFareSettings();
  return (
    <FinanceSection
      title="Taximetru"
      description="Fără această opțiune, la finalul cursei costul se calculează din tarif pe traseul parcurs. Un preț fix rămâne oricum."
    >
      <Switch
        size="sm"
        label="Prețul taximetrului șoferului este prețul final"
        checked={accepted}
        disabled={!editable || save.isPending}
        onChange={(event) =>
          save.mutate(event.currentTarget.checked, {
            onSuccess: () => toastSuccess('Salvat cu succes!'),
            onError: (error) => toastApiError(error),
          })
        }
        data-testid="accept-taximeter"
      />
    </FinanceSection>
  );
}
