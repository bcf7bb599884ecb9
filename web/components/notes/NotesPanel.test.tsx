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
  const onArchive = vi.fn();
  const onSave = vi.fn();
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
          testId="note"
          heading={note.text}
          action={{
            label: 'Arhivează',
            variant: 'subtle',
            color: 'gray',
            loading: false,
            onClick: () => onArchive(note.id),
          }}
          meta="Ana · azi"
        />
      )}
      renderForm={(done) => (
        <NoteForm submitLabel="Publică" submitting={false} onSubmit={onSave} onCancel={done}>
          <input aria-label="Titlu" />
        </NoteForm>
      )}
      {...props}
    />,
  );
  return { onArchive, onSave };
}

describe('NotesPanel', () => {
  it('lists the notes with their action and opens the form from the header', () => {
    const { onArchive, onSave } = renderPanel({});
    expect(screen.getByTestId('note').textContent).toContain('Schimb de tură');
    expect(screen.getByTestId('note').textContent).toContain('Ana · azi');
    fireEvent.click(screen.getByRole('button', { name: 'Arhivează' }));
    expect(onArchive).toHaveBeenCalledWith(1);

    fireEvent.click(screen.getByRole('button', { name: 'Anunț nou' }));
    expect(screen.queryByRole('button', { name: 'Anunț nou' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Publică' }));
    expect(onSave).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Renunță' }));
    expect(screen.queryByLabelText('Titlu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Anunț nou' })).toBeTruthy();
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
