import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, deepestHandle, isPlannedPage, resolveTitle } from './route-meta';
import { PLANNED_PRIVATE_PATHS, ROUTES } from './routes';

describe('isPlannedPage', () => {
  it('knows the pages still to be built, whatever the query string', () => {
    expect(isPlannedPage('/finances/reports')).toBe(true);
    expect(isPlannedPage('/finances')).toBe(false);
    expect(isPlannedPage('/finances/sold')).toBe(false);
    expect(isPlannedPage('/finances/history?driver_id=4')).toBe(false);
    expect(isPlannedPage('/discount/5')).toBe(false);
    expect(isPlannedPage('/reports?from=today')).toBe(true);
    expect(isPlannedPage('/dashboard')).toBe(false);
    expect(isPlannedPage('/settings/polygons')).toBe(false);
  });
});

describe('route table', () => {
  it('has unique paths and a single catch-all, last', () => {
    const paths = ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.at(-1)).toBe('*');
  });

  it('marks /settings/account login-required and the public pages not', () => {
    const byPath = new Map(ROUTES.map((route) => [route.path, route.handle]));
    expect(byPath.get('/settings/account')?.requiresAuth).toBe(true);
    for (const path of ['/finances/sold', '/finances/transfer', '/finances/history']) {
      expect(byPath.get(path)?.requiresAuth, path).toBe(true);
    }
    for (const path of [
      '/',
      '/login',
      '/content',
      '/driver/privacy',
      '/download',
      '/pro',
      '/app',
    ]) {
      expect(byPath.get(path)?.requiresAuth, path).toBeFalsy();
    }
  });
});

describe('consoles (routes follow packages)', () => {
  it('ties each console route to its console, login-required', () => {
    const byPath = new Map(ROUTES.map((route) => [route.path, route.handle]));
    for (const [path, console] of [
      ['/operator', 'taxi'],
      ['/operator/v2', 'taxi'],
      ['/delivery', 'delivery'],
      ['/orders/:type', 'delivery'],
    ] as const) {
      expect(byPath.get(path)?.console, path).toBe(console);
      expect(byPath.get(path)?.requiresAuth, path).toBe(true);
    }
    for (const route of ROUTES) {
      if (route.handle.console) expect(route.handle.requiresAuth, route.path).toBe(true);
    }
  });

  it('keeps the planned login-required routes out of the menu and out of the built table', () => {
    expect(PLANNED_PRIVATE_PATHS).toContain('/finances/reports');
    expect(PLANNED_PRIVATE_PATHS).toContain('/reports');
    for (const path of PLANNED_PRIVATE_PATHS) {
      expect(
        ROUTES.some((route) => route.path === path),
        path,
      ).toBe(false);
    }
  });
});

describe('tab titles', () => {
  it('gives every route and every child its own title (a child without one is its parent’s index)', () => {
    for (const route of ROUTES) {
      expect(route.handle.title, route.path).toBeTruthy();
      expect(resolveTitle([route.handle]), route.path).not.toBe(DEFAULT_TITLE);
      for (const child of route.children ?? []) {
        if (child.index) continue;
        expect(child.handle?.title, `${route.path}/${child.path}`).toBeTruthy();
        expect(resolveTitle([route.handle, child.handle])).toBe(
          `${child.handle?.title} · ${DEFAULT_TITLE}`,
        );
      }
    }
  });
});

describe('resolveTitle', () => {
  it('defaults to OGO Dashboard', () => {
    expect(resolveTitle([])).toBe(DEFAULT_TITLE);
    expect(resolveTitle([undefined, {}, null])).toBe('OGO Dashboard');
  });

  it('uses the deepest match with a title', () => {
    expect(resolveTitle([{ title: 'Operator' }, { title: 'Comandă' }])).toBe(
      'Comandă · OGO Dashboard',
    );
    expect(resolveTitle([{ title: 'Operator' }, { requiresAuth: true }])).toBe(
      'Operator · OGO Dashboard',
    );
  });
});

describe('deepestHandle', () => {
  it('reads hideNav from the deepest route that sets it', () => {
    expect(deepestHandle([{ hideNav: false }, { hideNav: true }], 'hideNav')).toBe(true);
    expect(deepestHandle([{ hideNav: true }, {}], 'hideNav')).toBe(true);
    expect(deepestHandle([{}, 'not a handle'], 'hideNav')).toBeUndefined();
  });
});
