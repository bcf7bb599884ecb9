import type { ReportLink } from '@common/driver-reports/driver-reports.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { DriverReportLinks } from './DriverReportLinks';

afterEach(() => vi.unstubAllGlobals());

const link = (over: Partial<ReportLink>): ReportLink => ({
  id: 1,
  driver_id: 41,
  created_at: '2026-11-20 08:00:00',
  created_by: 'Ana Admin',
  expires_at: '2099-01-01 00:00:00',
  revoked_at: null,
  ...over,
});

describe('DriverReportLinks (/driver/reports/{token})', () => {
  it('makes a link for the days asked, shows it once on this origin, and revokes one after asking', async () => {
    const links = [
      link({ id: 1 }),
      link({ id: 2, expires_at: '2020-01-01 00:00:00' }),
      link({ id: 3, revoked_at: '2026-11-21 09:00:00' }),
    ];
    const api = stubFetch({
      'GET /api/drivers/41/report-links': () => json(200, links),
      'POST /api/drivers/41/report-links': () =>
        json(201, {
          link: link({ id: 4 }),
          path: '/driver/reports/tok_EN-123',
          url: 'https://ogo.example/driver/reports/tok_EN-123',
        }),
      'DELETE /api/drivers/41/report-links/1': () => new Response(null, { status: 204 }),
    });
    renderUi(<DriverReportLinks driverId={41} />, { user: dispatcher });

    // Only the live link can be revoked; the others say why they are dead.
    await screen.findByTestId('report-link-1');
    expect(screen.getByTestId('report-link-2').textContent).toContain('Expirat');
    expect(screen.getByTestId('report-link-3').textContent).toContain('Revocat');
    expect(screen.queryByTestId('report-link-revoke-2')).toBeNull();
    expect(screen.queryByTestId('report-link-revoke-3')).toBeNull();

    const days = screen.getByTestId('report-link-days');
    fireEvent.change(days, { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('report-link-create'));
    const url = await screen.findByTestId('report-link-url');
    expect((url as HTMLInputElement).value).toBe(
      `${window.location.origin}/driver/reports/tok_EN-123`,
    );
    expect(api.calls('POST /api/drivers/41/report-links')[0]?.body).toEqual({ days: 7 });

    fireEvent.click(screen.getByTestId('report-link-revoke-1'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(api.calls('DELETE /api/drivers/41/report-links/1')).toHaveLength(1));
  });
});
