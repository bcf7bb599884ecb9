import { modals } from '@mantine/modals';

/** Confirmations: one yes/no question before a destructive step. */
export function confirmAction(question: string, onConfirm: () => void, confirmLabel = 'Da'): void {
  modals.openConfirmModal({
    title: question,
    labels: { confirm: confirmLabel, cancel: 'Nu' },
    confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, string>,
    cancelProps: { 'data-testid': 'confirm-no' } as Record<string, string>,
    onConfirm,
  });
}
