import { httpCallsClient } from './calls-client';
import { createJsSipUa } from './jssip-ua';
import { mantineNotices } from './notices';
import { Softphone } from './softphone';

/** The console's one softphone (started by shell/SoftphoneHost for a logged dispatcher). */
export const softphone = new Softphone({
  client: httpCallsClient,
  createUa: createJsSipUa,
  notices: mantineNotices,
});
