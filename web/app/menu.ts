import type { PackageId, Role } from '@common/auth/auth.schema';
import { CONSOLE_PACKAGES } from '../features/auth/console';

/** A leaf of the header menu: a label and the route it opens. */
export interface MenuLink {
  kind: 'link';
  label: string;
  path: string;
}

/** A dropdown of links. */
export interface MenuGroup {
  kind: 'group';
  label: string;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuInput {
  roles: readonly Role[];
  /** Package of the user's company; null for users without a company. */
  packageId: PackageId | null;
  header: 'admin' | 'pos';
}

const link = (label: string, path: string): MenuLink => ({ kind: 'link', label, path });
const group = (label: string, children: (MenuLink | false)[]): MenuGroup => ({
  kind: 'group',
  label,
  children: children.filter((child): child is MenuLink => child !== false),
});

/**
 * The full header menu for a user, before hiding entries whose page does
 * not exist yet (`visibleMenu`). Pure, so every rule is unit-tested.
 *
 * - Users: the administrators entry is for admins only.
 * - Point-of-sale header: Orders only for package 2 or 3, Operator only for package 1,
 *   Devices only for admins, and System adds the work-mode builder.
 */
export function buildMenu({ roles, packageId, header }: MenuInput): MenuEntry[] {
  const isAdmin = roles.includes('admin');
  const isPos = header === 'pos';
  const showOrders = isPos && packageId !== null && CONSOLE_PACKAGES.delivery.includes(packageId);
  const showOperator = !isPos || (packageId !== null && CONSOLE_PACKAGES.taxi.includes(packageId));
  const showDevices = !isPos || isAdmin;
  // docs/ADMINISTRATION.md "People and cars": a company's own administrators, for them and
  // the platform admin (dispatchers read the other lists; only administrators change them).
  const administers = isAdmin || roles.includes('manager');

  const entries: (MenuEntry | false)[] = [
    link('Dashboard', '/dashboard'),
    showOrders && link('Comenzi', '/orders/all'),
    showOperator && link('Operator', '/operator'),
    group('Utilizatori', [
      link('Operatori', '/users/dispatcher'),
      link('Șoferi', '/users/driver'),
      link('Clienți', '/users/client'),
      link('Companii protocol', '/users/company'),
      link('Transport', '/cars'),
      showDevices && link('Dispozitive', '/devices'),
      administers && link('Administratori firmă', '/users/manager'),
      isAdmin && link('Administratori', '/users/admin'),
    ]),
    group('Financiar', [
      link('Sold șoferi', '/finances/sold'),
      link('Transfer sold', '/finances/transfer'),
      link('Transfer cu reducere', '/finances/transfer-discount'),
      link('Reduceri', '/discounts'),
      link('Rapoarte', '/finances/reports'),
      link('Setări', '/finances'),
    ]),
    link('Delimitare zone', '/settings/polygons'),
    link('Rapoarte', '/reports'),
    group('Sistem', [
      link('Conținut', '/content'),
      // The company's settings are its administrators'; the API refuses others.
      administers && link('Setări', '/settings'),
      isPos && link('Constructor mod de lucru', '/builder'),
    ]),
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

/**
 * What the header renders: only links whose route exists, and only groups with at least
 * one such link. Pages added by later issues make their entries appear by themselves.
 */
export function visibleMenu(
  entries: readonly MenuEntry[],
  exists: (path: string) => boolean,
): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (exists(entry.path)) visible.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => exists(child.path));
    if (children.length > 0) visible.push({ ...entry, children });
  }
  return visible;
}
