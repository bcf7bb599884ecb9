import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuEntry, type MenuGroup, visibleMenu } from './menu';

const taxi = [{ type: 'dispatch' as const }];

const paths = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((entry) =>
    entry.kind === 'link' ? [entry.path] : entry.children.map((child) => child.path),
  );
const topLabels = (entries: readonly MenuEntry[]) => entries.map((entry) => entry.label);
const groupNamed = (entries: readonly MenuEntry[], label: string): MenuGroup => {
  const found = entries.find((entry) => entry.label === label);
  if (found?.kind !== 'group') throw new Error(`no group ${label}`);
  return found;
};

describe('buildMenu — admin header', () => {
  const admin = buildMenu({ roles: ['admin'], companies: taxi, packageId: 1, header: 'admin' });
  const dispatcher = buildMenu({
    roles: ['dispatcher'],
    companies: taxi,
    packageId: 1,
    header: 'admin',
  });

  it('has the top-level entries in order', () => {
    expect(topLabels(admin)).toEqual([
      'Dashboard',
      'Operator',
      'Utilizatori',
      'Financiar',
      'Delimitare zone',
      'Rapoarte',
      'Sistem',
    ]);
  });

  it('gives every entry its route', () => {
    expect(paths(admin)).toEqual([
      '/dashboard',
      '/operator',
      '/users/dispatcher',
      '/users/driver',
      '/users/client',
      '/users/company',
      '/cars',
      '/devices',
      '/users/manager',
      '/users/admin',
      '/finances/sold',
      '/finances/transfer',
      '/finances/history',
      '/finances/transfer-discount',
      '/finances/statements',
      '/discounts',
      '/finances/reports',
      '/finances',
      '/settings/polygons',
      '/reports/orders',
      '/content',
      '/settings',
      '/builder',
    ]);
  });

  it('labels the users and finance groups in Romanian', () => {
    expect(groupNamed(admin, 'Utilizatori').children.map((c) => c.label)).toEqual([
      'Operatori',
      'Șoferi',
      'Clienți',
      'Companii protocol',
      'Transport',
      'Dispozitive',
      'Administratori firmă',
      'Administratori',
    ]);
    expect(groupNamed(admin, 'Financiar').children.map((c) => c.label)).toEqual([
      'Sold șoferi',
      'Transfer sold',
      'Istoric sold',
      'Transfer cu reducere',
      'Deconturi protocol',
      'Reduceri',
      'Rapoarte',
      'Setări',
    ]);
  });

  it('shows Administratori only to admins', () => {
    expect(paths(admin)).toContain('/users/admin');
    expect(paths(dispatcher)).not.toContain('/users/admin');
  });

  it('gives Dispozitive only to administrators (GET /api/devices answers a dispatcher 403)', () => {
    expect(paths(dispatcher)).not.toContain('/devices');
    expect(paths(admin)).toContain('/devices');
  });

  it('never shows Comenzi in the admin header', () => {
    for (const packageId of [0, 1, 2, 3, null] as const) {
      const menu = buildMenu({ roles: ['admin'], companies: taxi, packageId, header: 'admin' });
      expect(paths(menu)).not.toContain('/orders/all');
      expect(paths(menu)).toContain('/operator');
    }
  });

  it('System holds content, settings and the builder for who may edit it', () => {
    expect(groupNamed(admin, 'Sistem').children).toEqual([
      { kind: 'link', label: 'Conținut', path: '/content' },
      { kind: 'link', label: 'Setări', path: '/settings' },
      { kind: 'link', label: 'Constructor mod de lucru', path: '/builder' },
    ]);
    expect(groupNamed(dispatcher, 'Sistem').children.map((c) => c.path)).toEqual([
      '/content',
      '/builder',
    ]);
  });
});

describe('buildMenu — point-of-sale header', () => {
  const pos = (packageId: 0 | 1 | 2 | 3 | null, roles: ('company' | 'admin')[] = ['company']) =>
    buildMenu({ roles, companies: [{ type: 'courier' }], packageId, header: 'pos' });

  it.each([
    [2, true],
    [3, true],
    [1, false],
    [0, false],
    [null, false],
  ] as const)('package %s shows Comenzi: %s', (packageId, shown) => {
    expect(paths(pos(packageId)).includes('/orders/all')).toBe(shown);
  });

  it.each([
    [1, true],
    [2, false],
    [3, false],
    [0, false],
    [null, false],
  ] as const)('package %s shows Operator: %s', (packageId, shown) => {
    expect(paths(pos(packageId)).includes('/operator')).toBe(shown);
  });

  it('puts Comenzi right after Dashboard', () => {
    expect(topLabels(pos(2)).slice(0, 2)).toEqual(['Dashboard', 'Comenzi']);
  });

  it('shows Dispozitive and Administratori only to admins', () => {
    expect(paths(pos(1))).not.toContain('/devices');
    expect(paths(pos(1))).not.toContain('/users/admin');
    expect(paths(pos(1, ['company', 'admin']))).toContain('/devices');
    expect(paths(pos(1, ['company', 'admin']))).toContain('/users/admin');
  });

  it('offers a company user neither people nor Transport (their APIs answer him 403)', () => {
    expect(topLabels(pos(2))).not.toContain('Utilizatori');
    expect(paths(pos(2))).not.toContain('/cars');
  });

  it('adds the work-mode builder to System, and the settings only for administrators', () => {
    expect(groupNamed(pos(3), 'Sistem').children.map((c) => [c.label, c.path])).toEqual([
      ['Conținut', '/content'],
      ['Constructor mod de lucru', '/builder'],
    ]);
    expect(paths(pos(3, ['company', 'admin']))).toContain('/settings');
    expect(
      paths(buildMenu({ roles: ['dispatcher'], companies: taxi, packageId: 1, header: 'admin' })),
    ).not.toContain('/settings');
    expect(
      paths(
        buildMenu({
          roles: ['manager', 'dispatcher'],
          companies: taxi,
          packageId: 1,
          header: 'admin',
        }),
      ),
    ).toContain('/settings');
  });
});

describe('visibleMenu', () => {
  const menu = buildMenu({ roles: ['admin'], companies: taxi, packageId: 1, header: 'admin' });

  it('keeps only links whose route exists', () => {
    const visible = visibleMenu(menu, (path) => path === '/dashboard' || path === '/content');
    expect(visible).toEqual([
      { kind: 'link', label: 'Dashboard', path: '/dashboard' },
      {
        kind: 'group',
        label: 'Sistem',
        children: [{ kind: 'link', label: 'Conținut', path: '/content' }],
      },
    ]);
  });

  it('hides a group whose children are all hidden', () => {
    const visible = visibleMenu(menu, (path) => path === '/reports/orders');
    expect(topLabels(visible)).toEqual(['Rapoarte']);
  });

  it('shows everything when every route exists, and nothing when none does', () => {
    expect(visibleMenu(menu, () => true)).toEqual(menu);
    expect(visibleMenu(menu, () => false)).toEqual([]);
  });

  it('does not mutate the full menu', () => {
    const before = structuredClone(menu);
    visibleMenu(menu, () => false);
    expect(menu).toEqual(before);
  });
});
