import type { ComponentType } from 'react';

/** Route metadata read by the shell (aesthetics-anchors §3.8). */
export interface RouteHandle {
  /** Page title; the document title becomes `<title> · OGO Dashboard`. */
  title?: string;
  /** SPEC §6: login-required routes send a logged-out user to /login. */
  requiresAuth?: boolean;
  /** SPEC §2: some pages (the /live map) hide the navigation bars. */
  hideNav?: boolean;
}

export interface AppRoute {
  path: string;
  handle: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * SPEC §2 route table, one line per route, each page in its own lazily loaded chunk.
 * Only routes whose page exists are listed: the header menu derives its entries from this
 * table (`routeExists`), so adding a line here is all a new page needs to be reachable.
 */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', handle: {}, load: () => import('../pages/HomePage') },
  {
    path: '/business/enroll',
    handle: { title: 'Înscriere firmă' },
    load: () => import('../pages/EnrollPage'),
  },
  {
    path: '/pro',
    handle: { title: 'Aplicația șoferului (beta)' },
    load: () => import('../pages/ProPage'),
  },
  {
    path: '/download',
    handle: { title: 'Descarcă aplicația' },
    load: () => import('../pages/DownloadPage'),
  },
  {
    path: '/app',
    handle: { title: 'Aplicațiile OGO' },
    load: () => import('../pages/AppInfoPage'),
  },
  {
    path: '/driver/privacy',
    handle: { title: 'Confidențialitate' },
    load: () => import('../pages/DriverPrivacyPage'),
  },
  { path: '/login', handle: { title: 'Autentificare' }, load: () => import('../pages/LoginPage') },
  { path: '/logout', handle: { title: 'Ieșire' }, load: () => import('../pages/LogoutPage') },
  {
    path: '/settings/account',
    handle: { title: 'Setări cont', requiresAuth: true },
    load: () => import('../pages/AccountSettingsPage'),
  },
  { path: '/content', handle: { title: 'Conținut' }, load: () => import('../pages/ContentPage') },
  { path: '*', handle: { title: 'Pagina nu există' }, load: () => import('../pages/NotFoundPage') },
];
