import type { LoggedUser } from '@common/auth/auth.schema';
import type { SearchInterval } from '@common/dispatch/search-config.schema';
import { DEFAULT_SEARCH_ITEM } from '@common/dispatch/search-method.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { SearchBuilder } from './SearchBuilder';

const interval = (
  id: number,
  position: number,
  overrides: Partial<SearchInterval> = {},
): SearchInterval => ({
  id,
  search_method_id: id * 10,
  company_id: 1,
  type: 'weekdays',
  value: { time_from: '00:00:00', time_to: '23:59:59', selected_day: null, custom_day: null },
  position,
  search_method: { id: id * 10, definitions: { items: [DEFAULT_SEARCH_ITEM] } },
  ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBuilder(user: LoggedUser = dispatcher) {
  let rows = [
    interval(1, 0),
    interval(2, 1, {
      value: { time_from: '06:00:00', time_to: '14:00:00', selected_day: 1, custom_day: null },
    }),
  ];
  const stub = stubFetch({
    'GET /api/search-intervals': () => json(200, rows),
    'PATCH /api/search-intervals/2': () => json(200, rows[1]),
    'PATCH /api/search-methods/20': (request) => {
      const body = request.body as { definitions: SearchInterval['search_method']['definitions'] };
      rows = rows.map((row) =>
        row.id === 2 ? { ...row, search_method: { id: 20, definitions: body.definitions } } : row,
      );
      return json(200, { id: 20, definitions: body.definitions });
    },
  });
  renderUi(<SearchBuilder />, { user, path: '/builder', route: '/builder' });
  return stub;
}

describe('SearchBuilder (/builder)', () => {
  it('lists the intervals in order with their day, window and steps', async () => {
    renderBuilder();
    const second = await screen.findByTestId('interval-row-2');
    expect(second.textContent).toContain('Luni');
    expect(second.textContent).toContain('06:00 – 14:00');
    expect(second.textContent).toContain('1 pas: În zona comenzii');
    expect(screen.getByTestId('interval-row-1').textContent).toContain('În fiecare zi');
  });

  it('saves an edited step through the interval and its method: “Salvat cu succes!”', async () => {
    const { calls } = renderBuilder();
    fireEvent.click(await screen.findByTestId('interval-toggle-2'));
    fireEvent.change(screen.getByTestId('step-0-search_time'), { target: { value: '15' } });
    fireEvent.click(screen.getByTestId('add-step'));
    fireEvent.click(screen.getByTestId('interval-save'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(calls('PATCH /api/search-intervals/2')[0]?.body).toEqual({
      type: 'weekdays',
      value: { time_from: '06:00:00', time_to: '14:00:00', selected_day: 1, custom_day: null },
    });
    expect(calls('PATCH /api/search-methods/20')[0]?.body).toEqual({
      definitions: { items: [{ ...DEFAULT_SEARCH_ITEM, search_time: 15 }, DEFAULT_SEARCH_ITEM] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('interval-row-2').textContent).toContain('2 pași'),
    );
  });

  it('starts the limit again at the new type’s default and unit when the search type changes', async () => {
    const { calls } = renderBuilder();
    fireEvent.click(await screen.findByTestId('interval-toggle-2'));
    const limit = () => screen.getByTestId('step-0-search_limit') as HTMLInputElement;
    const step = () => screen.getByTestId('step-0');
    fireEvent.change(limit(), { target: { value: '20' } });
    expect(limit().value).toBe('20');
    const chooseType = async (label: string) => {
      fireEvent.click(screen.getByTestId('step-0-search_type'));
      fireEvent.click(await screen.findByRole('option', { name: label }));
    };
    await chooseType('Pe rază');
    await waitFor(() => expect(limit().value).toBe('3000'));
    expect(step().textContent).toContain('metri');
    await chooseType('În zonele vecine');
    await waitFor(() => expect(limit().value).toBe('50'));
    expect(step().textContent).toContain('șoferi');
    fireEvent.click(screen.getByTestId('interval-save'));
    expect(await screen.findByText('Salvat cu succes!')).toBeTruthy();
    expect(calls('PATCH /api/search-methods/20')[0]?.body).toEqual({
      definitions: {
        items: [{ ...DEFAULT_SEARCH_ITEM, search_type: 'by_near_zone', search_limit: 50 }],
      },
    });
  });

  it('shows a user who may not edit the configuration without the editing controls', async () => {
    renderBuilder({ ...dispatcher, roles: ['driver'] });
    fireEvent.click(await screen.findByTestId('interval-toggle-1'));
    expect(screen.queryByTestId('builder-add-interval')).toBeNull();
    expect(screen.queryByTestId('interval-handle-1')).toBeNull();
    expect(screen.queryByTestId('interval-delete-1')).toBeNull();
    expect(screen.queryByTestId('interval-save')).toBeNull();
    expect((screen.getByTestId('step-0-search_time') as HTMLInputElement).disabled).toBe(true);
  });
});
