import { Button, Group, Menu } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Icon } from '../components/Icon';
import { type MenuEntry, visibleMenu } from './menu';
import { isPlannedPage } from './route-meta';

const isUnder = (pathname: string, path: string) =>
  pathname === path || pathname.startsWith(`${path}/`);

/**
 * The one entry the page belongs to: the longest path it is under, so /settings/polygons
 * lights 'Delimitare zone' and not also System's /settings.
 */
export function activeMenuPath(entries: readonly MenuEntry[], pathname: string): string | null {
  let best: string | null = null;
  for (const entry of entries) {
    const links = entry.kind === 'link' ? [entry] : entry.children;
    for (const { path } of links) {
      if (isUnder(pathname, path) && (best === null || path.length > best.length)) best = path;
    }
  }
  return best;
}

const slug = (label: string) =>
  label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

/** Tighter than a button's own padding: every entry of a full menu fits 1440 px whole. */
const ITEM_PADDING = 10;

/** The header's navigation: only entries whose page is built (see `visibleMenu`). */
export function HeaderMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { pathname } = useLocation();
  const visible = visibleMenu(entries, (path) => !isPlannedPage(path));
  const activePath = activeMenuPath(visible, pathname);

  return (
    <Group gap={2} wrap="nowrap" component="nav" aria-label="Meniu principal">
      {visible.map((entry) => {
        if (entry.kind === 'link') {
          const active = entry.path === activePath;
          return (
            <Button
              key={entry.path}
              component={Link}
              to={entry.path}
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              px={ITEM_PADDING}
              style={{ flexShrink: 0 }}
              aria-current={active ? 'page' : undefined}
              data-active={active || undefined}
              data-testid={`menu-${entry.path}`}
            >
              {entry.label}
            </Button>
          );
        }
        const active = entry.children.some((child) => child.path === activePath);
        return (
          <Menu key={entry.label} trigger="click" withinPortal>
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                px={ITEM_PADDING}
                style={{ flexShrink: 0 }}
                rightSection={<Icon name="chevronDown" size={14} />}
                data-active={active || undefined}
                data-testid={`menu-group-${slug(entry.label)}`}
              >
                {entry.label}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {entry.children.map((child) => (
                <Menu.Item
                  key={child.path}
                  component={Link}
                  to={child.path}
                  data-testid={`menu-${child.path}`}
                  aria-current={child.path === activePath ? 'page' : undefined}
                >
                  {child.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
