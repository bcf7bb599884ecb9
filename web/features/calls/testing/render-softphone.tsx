import type { ReactElement } from 'react';
import { dispatcher } from '../../../test/order-fixtures';
import { renderUi } from '../../../test/render-ui';
import { mantineNotices } from '../engine/notices';
import { SoftphoneContext } from '../engine/softphone-context';
import { SoftphoneHost } from '../shell/SoftphoneHost';
import { fakeSoftphone } from './softphone-fixture';

/**
 * The console's softphone parts on a page, as the root layout mounts them (the host that
 * starts it for the logged dispatcher, plus `ui`), over a fake JsSIP UA and the real toasts.
 */
export function renderSoftphone(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const setup = fakeSoftphone(mantineNotices);
  const result = renderUi(
    <SoftphoneContext.Provider value={setup.phone}>
      <SoftphoneHost />
      {ui}
    </SoftphoneContext.Provider>,
    // Every path: an answered call navigates to its order, and the softphone stays mounted.
    { user: dispatcher, path, route: '/*' },
  );
  return { ...setup, ...result };
}
