import { exportStatement } from '@common/money/statements.api';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { downloadFile } from '../../../lib/api-client';
import { toastApiError } from '../../../lib/toast';

type Format = 'csv' | 'xlsx';

/** 'XLSX' and 'CSV': the statement as a file, saved by the browser. */
export function DownloadButtons({ clientId, month }: { clientId: number; month: string }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (format: Format) => {
    setBusy(format);
    try {
      await downloadFile(exportStatement, {
        params: { company_id: clientId },
        query: { month, format },
      });
    } catch (error) {
      toastApiError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6}>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          size="compact-sm"
          variant="default"
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
          data-testid={`statement-download-${format}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
