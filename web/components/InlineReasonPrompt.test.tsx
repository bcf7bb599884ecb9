import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render-ui';
import { InlineReasonPrompt } from './InlineReasonPrompt';

function Prompt({ onSubmit, onCancel }: { onSubmit: (r: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <InlineReasonPrompt
      value={reason}
      onChange={setReason}
      label="Motivul anulării"
      submitLabel="Anulează"
      onSubmit={onSubmit}
      onCancel={onCancel}
      testIds={{ field: 'reason', submit: 'confirm' }}
    />
  );
}

describe('InlineReasonPrompt', () => {
  it('sends the trimmed reason, never a blank one', () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    renderUi(<Prompt onSubmit={onSubmit} onCancel={onCancel} />);
    const field = screen.getByLabelText('Motivul anulării');
    fireEvent.change(field, { target: { value: '   ' } });
    expect(screen.getByTestId('confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.submit(field);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: ' clientul nu răspunde ' } });
    fireEvent.click(screen.getByTestId('confirm'));
    expect(onSubmit).toHaveBeenCalledWith('clientul nu răspunde');

    fireEvent.click(screen.getByRole('button', { name: 'Renunță' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
