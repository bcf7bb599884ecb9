import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render-ui';
import { EditorForm, type EditorFormActions } from './EditorForm';
import { EditorSection } from './EditorSection';
import { PickList } from './PickList';

const actions = (): EditorFormActions => ({
  save: vi.fn(),
  cancel: vi.fn(),
  remove: vi.fn(),
  saving: false,
  deleting: false,
});

const items = [
  { id: 1, name: 'Țuțora' },
  { id: 2, name: 'Tătărași' },
  { id: 3, name: 'Centru' },
];

function List({
  onSelect,
  selectedId = null,
}: {
  onSelect: () => void;
  selectedId?: number | null;
}) {
  return (
    <PickList
      items={items}
      selectedId={selectedId}
      onSelect={onSelect}
      head={<Table.Th>Nume</Table.Th>}
      cells={(item) => <Table.Td>{item.name}</Table.Td>}
      rowLabel={(item) => `Zona ${item.name}`}
      rowTestId={(item) => `row-${item.id}`}
      emptyText="Nicio zonă încă."
      testIds={{ list: 'list', empty: 'empty' }}
    />
  );
}

describe('PickList', () => {
  it('lists by name in Romanian order and picks with a click, Enter or Space', () => {
    const onSelect = vi.fn();
    renderUi(<List onSelect={onSelect} selectedId={2} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Centru', 'Tătărași', 'Țuțora']);
    expect(screen.getByTestId('row-2').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Zona Centru').getAttribute('aria-selected')).toBe('false');

    fireEvent.click(screen.getByTestId('row-1'));
    fireEvent.keyDown(screen.getByTestId('row-3'), { key: 'Enter' });
    fireEvent.keyDown(screen.getByTestId('row-2'), { key: ' ' });
    fireEvent.keyDown(screen.getByTestId('row-2'), { key: 'a' });
    expect(onSelect.mock.calls.map(([item]) => item.id)).toEqual([1, 3, 2]);
  });

  it('says how to begin when there are no items', () => {
    renderUi(
      <PickList
        items={[]}
        selectedId={null}
        onSelect={() => {}}
        head={null}
        cells={() => null}
        rowLabel={() => ''}
        rowTestId={() => ''}
        emptyText="Nicio zonă încă."
        testIds={{ list: 'list', empty: 'empty' }}
      />,
    );
    expect(screen.getByTestId('empty').textContent).toBe('Nicio zonă încă.');
    expect(screen.queryByTestId('list')).toBeNull();
  });
});

describe('EditorForm', () => {
  it('saves on submit (Enter), cancels, and deletes only after the confirmation', async () => {
    const editor = actions();
    renderUi(
      <EditorSection title="Editare zonă" testId="section">
        <EditorForm testId="form" actions={editor} isNew={false}>
          <input aria-label="Nume" />
        </EditorForm>
      </EditorSection>,
    );
    expect(screen.getByTestId('section').textContent).toContain('Editare zonă');
    fireEvent.submit(screen.getByLabelText('Nume'));
    expect(editor.save).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByTestId('editor-cancel'));
    expect(editor.cancel).toHaveBeenCalledOnce();

    fireEvent.click(screen.getByTestId('editor-delete'));
    expect(editor.remove).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    expect(editor.remove).toHaveBeenCalledOnce();
  });

  it("has no 'Șterge' for a new item", () => {
    renderUi(
      <EditorForm testId="form" actions={actions()} isNew>
        <input aria-label="Nume" />
      </EditorForm>,
    );
    expect(screen.getByTestId('editor-save').textContent).toBe('Salvează');
    expect(screen.queryByTestId('editor-delete')).toBeNull();
  });
});
