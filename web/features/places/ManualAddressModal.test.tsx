import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { ManualAddressModal } from './ManualAddressModal';

const center = { lat: 47.16, lng: 27.58, isFallback: false };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ManualAddressModal without WebGL (happy-dom has none)', () => {
  it('shows a short message in the map’s place and keeps the coordinate fields', async () => {
    const onSaved = vi.fn();
    const { requests } = stubFetch({
      'POST /geo/add-place': (request) =>
        json(201, {
          place_id: 'int:9',
          name: 'Poarta din spate',
          lat: (request.body as { lat: number }).lat,
          lng: (request.body as { lng: number }).lng,
          is_internal: true,
          comment: null,
          bloc: null,
          scara: null,
          reper: null,
        }),
    });
    renderUi(
      <ManualAddressModal
        opened
        initialName="Poarta din spate"
        center={center}
        onClose={() => {}}
        onSaved={onSaved}
      />,
      { user: dispatcher },
    );
    expect(await screen.findByText(/WebGL indisponibil/)).toBeTruthy();
    expect(screen.getByTestId('manual-address-map').dataset.mapState).toBe('unavailable');

    // A typed value with a trailing zero stays in the field (NumberInput reports it as text).
    const lat = screen.getByTestId('manual-address-lat') as HTMLInputElement;
    fireEvent.change(lat, { target: { value: '47.160' } });
    expect(lat.value).toBe('47.160');
    fireEvent.change(screen.getByTestId('manual-address-lng'), { target: { value: '27.5810' } });
    fireEvent.click(screen.getByTestId('manual-address-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const saved = requests.find((r) => r.path === '/geo/add-place');
    expect(saved?.body).toMatchObject({ name: 'Poarta din spate', lat: 47.16, lng: 27.581 });
  });
});
