import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { NoteCard } from './NoteCard';
import { NoteForm } from './NoteForm';
import { NotesPanel, type NotesPanelProps } from './NotesPanel';

interface Note {
  id: number;
  text: string;
}

function renderPanel(props: Partial<NotesPanelProps<Note>>) {
  const archive = { mutate: vi.fn(), isPending: false };
  const create = { mutate: vi.fn(), isPending: false };
  renderUi(
    <NotesPanel<Note>
      title="Anunțuri"
      testId="panel"
      add={{ label: 'Anunț nou' }}
      canWrite
      height={300}
      notes={[{ id: 1, text: 'Schimb de tură' }]}
      isError={false}
      emptyText="Niciun anunț."
      errorText="Nu au putut fi citite."
      renderNote={(note) => (
        <NoteCard
          noteId={note.id}
          testId="note"
          heading={note.text}
          action={{
            label: 'Arhivează',
            variant: 'subtle',
            color: 'gray',
            mutation: archive,
            done: 'Anunț arhivat.',
          }}
          meta="Ana · azi"
        />
      )}
      renderForm={(done) => (
        <NoteForm
          create={create}
          body={() => ({ title: 'Nou' })}
          done="Anunț publicat!"
          submitLabel="Publică"
          onDone={done}
        >
          <input aria-label="Titlu" />
        </NoteForm>
      )}
      {...props}
    />,
  );
  return { archive, create };
}

describe('NotesPanel', () => {
  it('lists the notes with their action and opens the form from the header', async () => {
    const { archive, create } = renderPanel({});
    expect(screen.getByTestId('note').textContent).toContain('Schimb de tură');
    expect(screen.getByTestId('note').textContent).toContain('Ana · azi');
    archive.mutate.mockImplementationOnce((_id, options) => options.onSuccess());
    fireEvent.click(screen.getByRole('button', { name: 'Arhivează' }));
    expect(archive.mutate).toHaveBeenCalledWith(1, expect.anything());
    expect(await screen.findByText('Anunț arhivat.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Anunț nou' }));
    expect(screen.queryByRole('button', { name: 'Anunț nou' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Renunță' }));
    expect(screen.queryByLabelText('Titlu')).toBeNull();
    expect(create.mutate).not.toHaveBeenCalled();

    // A create sends the body, toasts and closes the form.
    fireEvent.click(screen.getByRole('button', { name: 'Anunț nou' }));
    create.mutate.mockImplementationOnce((_body, options) => options.onSuccess());
    fireEvent.click(screen.getByRole('button', { name: 'Publică' }));
    expect(create.mutate).toHaveBeenCalledWith({ title: 'Nou' }, expect.anything());
    expect(await screen.findByText('Anunț publicat!')).toBeTruthy();
    expect(screen.queryByLabelText('Titlu')).toBeNull();
  });

  it('says when there are none or they could not be read; readers get no add button', () => {
    renderPanel({ notes: [], canWrite: false });
    expect(screen.getByText('Niciun anunț.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anunț nou' })).toBeNull();
  });

  it('shows the error line', () => {
    renderPanel({ notes: undefined, isError: true });
    expect(screen.getByText('Nu au putut fi citite.')).toBeTruthy();
    expect(screen.queryByText('Niciun anunț.')).toBeNull();
  });
});
