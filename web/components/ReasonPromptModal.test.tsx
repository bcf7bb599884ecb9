import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render-ui';
import { ReasonPromptModal, type ReasonPromptModalProps } from './ReasonPromptModal';

const testIds = { modal: 'prompt', field: 'prompt-reason', submit: 'prompt-submit' };

function renderPrompt(props: Partial<ReasonPromptModalProps>) {
  const onClose = vi.fn();
  const onSubmit = vi.fn<ReasonPromptModalProps['onSubmit']>(() => undefined);
  // The spies are passed by default; `props` may only change the rest.
  renderUi(
    <ReasonPromptModal
      opened
      title="Blochează"
      subject={{ label: 'Telefon', value: '0722000111' }}
      fieldLabel="Motiv"
      submitLabel="Blochează"
      submitting={false}
      onSubmit={onSubmit}
      onClose={onClose}
      testIds={testIds}
      {...props}
    />,
  );
  return { onClose, onSubmit };
}

describe('ReasonPromptModal', () => {
  it('shows the subject and hands over the reason as typed with a way to close', async () => {
    const { onClose, onSubmit } = renderPrompt({});
    onSubmit.mockImplementationOnce((_reason, close) => {
      close();
      return undefined;
    });
    expect((await screen.findByText('0722000111')).parentElement?.textContent).toBe(
      'Telefon: 0722000111',
    );
    fireEvent.change(screen.getByTestId('prompt-reason'), { target: { value: ' abuz ' } });
    fireEvent.click(screen.getByTestId('prompt-submit'));
    expect(onSubmit).toHaveBeenCalledWith(' abuz ', expect.any(Function));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the message onSubmit refuses with, until the reason changes', async () => {
    const { onSubmit, onClose } = renderPrompt({});
    onSubmit.mockReturnValueOnce('Motivul este obligatoriu.');
    fireEvent.click(await screen.findByTestId('prompt-submit'));
    expect(onSubmit).toHaveBeenCalledWith('', expect.any(Function));
    expect(await screen.findByText('Motivul este obligatoriu.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('prompt-reason'), { target: { value: 'x' } });
    expect(screen.queryByText('Motivul este obligatoriu.')).toBeNull();
  });

  it("'Renunță' closes", async () => {
    const { onClose, onSubmit } = renderPrompt({});
    fireEvent.click(await screen.findByRole('button', { name: 'Renunță' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
