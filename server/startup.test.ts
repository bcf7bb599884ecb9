import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/seed';
import { demoAccountsLine, listenUrl, logDestination } from './startup';

describe('start-up messages (the first start tells the newcomer where to go)', () => {
  it('names the address the server really listens on', () => {
    expect(listenUrl(3000, '0.0.0.0')).toBe('http://localhost:3000');
    expect(listenUrl(8080, '::')).toBe('http://localhost:8080');
    expect(listenUrl(3199, '127.0.0.1')).toBe('http://127.0.0.1:3199');
    expect(listenUrl(4000, 'dispecerat.local')).toBe('http://dispecerat.local:4000');
    expect(listenUrl(4000, '::1')).toBe('http://[::1]:4000');
  });

  it('lists every demo account with the demo password', () => {
    const line = demoAccountsLine();
    expect(line).toContain('ogo-demo');
    for (const email of Object.values(DEMO_ACCOUNTS)) expect(line).toContain(email);
  });

  it('writes readable lines to a terminal and JSON anywhere else', () => {
    expect(logDestination(false)).toBeUndefined();
    const pretty = logDestination(true);
    expect(pretty).toBeDefined();
    expect(typeof pretty?.write).toBe('function');
  });
});
