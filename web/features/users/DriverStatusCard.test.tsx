import type { LoggedUser } from '@common/auth/auth.schema';
import type { User } from '@common/users/users.schema';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { dispatcher } from '../../test/order-fixtures';
import { renderUi } from '../../test/render-ui';
import { DriverStatusCard } from './DriverStatusCard';

afterEach(() => vi.unstubAllGlobals());

const DRIVER: User = {
  id: 41,
  name: 'Ion Popescu',
  email: 'sofer101@ogo.local',
  phone: null,
  identifier: 'D-101',
  roles: ['driver'],
  company_ids: [1],
  is_online: false,
  is_busy: false,
  is_paused: false,
  high_priority: false,
  balance: -1250,
  current_location: null,
  current_polygon_id: null,
  ban_until: null,
  ban_reason: null,
  default_car: null,
  created_at: '2030-01-01 08:00:00',
};

const renderCard = (user: LoggedUser) => {
  stubFetch({});
  renderUi(<DriverStatusCard user={DRIVER} />, { user });
};

describe('the driver’s status card (his page)', () => {
  it('shows his balance with a link to its history', () => {
    renderCard(dispatcher);
    expect(screen.getByTestId('driver-balance').textContent).toBe('-12,50 RON');
    expect(screen.getByTestId('driver-balance-history').getAttribute('href')).toBe(
      '/finances/history?driver_id=41',
    );
  });

  it('offers no history link to whoever may not open it', () => {
    renderCard({
      ...dispatcher,
      roles: ['company'],
      companies: [{ id: 5, name: 'Hotel', type: 'protocol', package_id: 1, lat: null, lng: null }],
    });
    expect(screen.getByTestId('driver-balance').textContent).toBe('-12,50 RON');
    expect(screen.queryByTestId('driver-balance-history')).toBeNull();
  });
});
