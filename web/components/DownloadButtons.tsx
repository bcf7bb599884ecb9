import type { ExportFormat } from '@common/http/downloads';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { toastApiError } from '../lib/toast';

/** 'XLSX' and 'CSV': a list or a report as a file; a refused one shows the server's message. */
export function DownloadButtons({
  download,
  testId,
}: {
  download: (format: ExportFormat) => Promise<unknown>;
  testId: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const start = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await download(format);
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
          onClick={() => void start(format)}
          data-testid={`${testId}-${format}`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}
