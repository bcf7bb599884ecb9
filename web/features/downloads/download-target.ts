import type { RuntimeConfig } from '@common/config/config.api';

export type DownloadDecision =
  | { kind: 'redirect'; app: 'driver' | 'client'; url: string }
  | { kind: 'choose' };

/**
 * /download: Android goes to the driver app's store page, iPhone (and iPad) to the
 * client app's; any other device gets a page with both links.
 * iPadOS 13+ reports a desktop Safari user agent; a Macintosh with a touch screen is an iPad.
 */
export function decideDownload(
  userAgent: string,
  config: Pick<RuntimeConfig, 'driver_app_url' | 'client_app_url'>,
  maxTouchPoints = 0,
): DownloadDecision {
  if (/android/i.test(userAgent)) {
    return { kind: 'redirect', app: 'driver', url: config.driver_app_url };
  }
  const isAppleMobile =
    /iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && maxTouchPoints > 1);
  if (isAppleMobile) return { kind: 'redirect', app: 'client', url: config.client_app_url };
  return { kind: 'choose' };
}
