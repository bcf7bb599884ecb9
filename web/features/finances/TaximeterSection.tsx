import type { FinanceSettings } from '@common/money/tariffs.schema';
import { Switch } from '@mantine/core';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { FinanceSection } from './FinanceSection';
import { useSaveFinanceSettings } from './use-tariffs';

/** 'Taximetru': whether the amount the driver's app sends at the finish is the fare. */
export function TaximeterSection({
  settings,
  editable,
}: {
  settings: FinanceSettings;
  editable: boolean;
}) {
  const save = useSaveFinanceSettings();
  return (
    <FinanceSection
      title="Taximetru"
      description="Fără această opțiune, la finalul cursei costul se calculează din tarif pe traseul parcurs. Un preț fix rămâne oricum."
    >
      <Switch
        size="sm"
        label="Prețul taximetrului șoferului este prețul final"
        checked={settings.accept_taximeter}
        disabled={!editable || save.isPending}
        onChange={(event) =>
          save.mutate(
            { ...settings, accept_taximeter: event.currentTarget.checked },
            {
              onSuccess: () => toastSuccess('Salvat cu succes!'),
              onError: (error) => toastApiError(error),
            },
          )
        }
        data-testid="accept-taximeter"
      />
    </FinanceSection>
  );
}
