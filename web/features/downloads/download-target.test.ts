import { describe, expect, it } from 'vitest';
import { decideDownload } from './download-target';

const config = {
  driver_app_url: 'https://play.example/driver',
  client_app_url: 'https://apps.example/client',
};

const UA = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadOld:
    'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('decideDownload (/download)', () => {
  it('sends Android to the driver app', () => {
    expect(decideDownload(UA.android, config)).toEqual({
      kind: 'redirect',
      app: 'driver',
      url: config.driver_app_url,
    });
  });

  it('sends iPhone and iPad to the client app', () => {
    for (const ua of [UA.iphone, UA.ipadOld]) {
      expect(decideDownload(ua, config)).toEqual({
        kind: 'redirect',
        app: 'client',
        url: config.client_app_url,
      });
    }
  });

  it('recognises iPadOS, which reports a Mac user agent, by its touch screen', () => {
    expect(decideDownload(UA.mac, config, 5)).toMatchObject({ app: 'client' });
    expect(decideDownload(UA.mac, config, 0)).toEqual({ kind: 'choose' });
  });

  it('lets desktops choose', () => {
    expect(decideDownload(UA.windows, config)).toEqual({ kind: 'choose' });
    expect(decideDownload(UA.linux, config)).toEqual({ kind: 'choose' });
    expect(decideDownload('', config)).toEqual({ kind: 'choose' });
  });
});
