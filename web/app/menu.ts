import type { PackageId, Role } from '@common/auth/auth.schema';
import { can, mayOpenPage, type PersonFacts } from '@common/auth/page-access';
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
  /** The kinds of the user's companies (a protocol client's console is reduced). */
  companies: PersonFacts['companies'];
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
 * The header menu for a user, before hiding entries whose page does not exist yet
 * (`visibleMenu`). Pure, so every rule is unit-tested.
 *
 * - An entry shows only when the user may open its page (`mayOpenPage`, the rule the route
 *   guard and, through the same roles, the server apply): no entry answers 403.
 * - Point-of-sale header: Orders only for package 2 or 3, Operator only for package 1.
 * - System: content and settings, and the work-mode builder for whoever may edit it.
 */
export function buildMenu(input: MenuInput): MenuEntry[] {
  const { packageId, header } = input;
  const isPos = header === 'pos';
  // Drivers and clients have no console to open (the guard refuses them).
  const works = can(input, 'console');
  const showOrders =
    works && isPos && packageId !== null && CONSOLE_PACKAGES.delivery.includes(packageId);
  const showOperator =
    works && (!isPos || (packageId !== null && CONSOLE_PACKAGES.taxi.includes(packageId)));

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
      link('Dispozitive', '/devices'),
      link('Administratori firmă', '/users/manager'),
      link('Administratori', '/users/admin'),
    ]),
    group('Financiar', [
      link('Sold șoferi', '/finances/sold'),
      link('Transfer sold', '/finances/transfer'),
      link('Istoric sold', '/finances/history'),
      link('Transfer cu reducere', '/finances/transfer-discount'),
      link('Deconturi protocol', '/finances/statements'),
      link('Reduceri', '/discounts'),
      link('Rapoarte', '/finances/reports'),
      link('Setări', '/finances'),
    ]),
    link('Delimitare zone', '/settings/polygons'),
    // The orders report until the overview (/reports) is built; one link, so the header's
    // entries still fit 1440 px whole.
    link('Rapoarte', '/reports/orders'),
    group('Sistem', [
      link('Conținut', '/content'),
      link('Setări', '/settings'),
      link('Constructor mod de lucru', '/builder'),
    ]),
  ];
  const present = entries.filter((entry): entry is MenuEntry => entry !== false);
  return visibleMenu(present, (path) => mayOpenPage(input, path));
}

/**
 * Only the links `keep` keeps (whose route exists, that the user may open), and only groups
 * with at least one such link. Pages added later make their entries appear by themselves.
 */
export function visibleMenu(
  entries: readonly MenuEntry[],
  keep: (path: string) => boolean,
): MenuEntry[] {
  const visible: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (keep(entry.path)) visible.push(entry);
      continue;
    }
    const children = entry.children.filter((child) => keep(child.path));
    if (children.length > 0) visible.push({ ...entry, children });
  }
  return visible;
}
