import type { ComponentType } from 'react';
import type { ConsoleKind } from '../features/auth/console';

/** Route metadata read by the shell. */
export interface RouteHandle {
  /** Page title; the document title becomes `<title> · OGO Dashboard`. */
  title?: string;
  /** Login-required routes send a logged-out user to /login. */
  requiresAuth?: boolean;
  /** Some pages (the /live map) hide the navigation bars. */
  hideNav?: boolean;
  /**
   * A console a dispatcher works in all day: the page fills the window under the
   * header and never scrolls as a whole; its lists and forms scroll on their own. No footer.
   */
  fillsViewport?: boolean;
  /**
   * The console this page belongs to. A user of the other company package is sent to
   * the same screen in their own console, a user without a console gets a clear page
   * (`routeAccess` in web/app/access.ts). Only on login-required routes.
   */
  console?: ConsoleKind;
}

export interface AppRoute {
  path: string;
  handle: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
  /** Nested routes rendered in the page's <Outlet /> (the /operator children). */
  children?: readonly AppChildRoute[];
}

/** A child route: a path relative to its parent, or the parent's index (empty path). */
export interface AppChildRoute {
  path?: string;
  index?: true;
  handle?: RouteHandle;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The route table, one line per route, each page in its own lazily loaded chunk.
 * Only routes whose page exists are listed; pages still to be built are PLANNED_PRIVATE_PATHS,
 * which the header menu leaves out.
 */
export const ROUTES: readonly AppRoute[] = [
  {
    // The product overview and the business sign-up.
    path: '/',
    handle: { title: 'Dispecerat taxi, curierat și livrări' },
    load: () => import('../pages/HomePage'),
  },
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
    // /live: the live drivers map without navigation bars, login required.
    path: '/live',
    handle: { title: 'Hartă live', requiresAuth: true, hideNav: true },
    load: () => import('../pages/LivePage'),
  },
  {
    // The admin dashboard: counts, chart, zones map, recent orders, notes.
    path: '/dashboard',
    handle: { title: 'Dashboard', requiresAuth: true },
    load: () => import('../pages/DashboardPage'),
  },
  {
    path: '/settings/account',
    handle: { title: 'Setări cont', requiresAuth: true },
    load: () => import('../pages/AccountSettingsPage'),
  },
  {
    // The company's settings, for its administrators (a manager his own company).
    path: '/settings',
    handle: { title: 'Setări firmă', requiresAuth: true },
    load: () => import('../pages/CompanySettingsPage'),
  },
  { path: '/content', handle: { title: 'Conținut' }, load: () => import('../pages/ContentPage') },
  // Public pages of the content store.
  {
    path: '/page/:url',
    handle: { title: 'Pagină' },
    load: () => import('../pages/PublicContentPage'),
  },
  {
    path: '/documentation',
    handle: { title: 'Documentație' },
    load: () => import('../pages/DocumentationIndexPage'),
  },
  {
    path: '/documentation/:url',
    handle: { title: 'Documentație' },
    load: () => import('../pages/DocumentationPage'),
  },
  {
    path: '/docs/:url',
    handle: { title: 'Documentație' },
    load: () => import('../pages/DocumentationPage'),
  },
  {
    // Zone delimitation: zones and taxi stands drawn on the map, which fills
    // the window under the header beside the list.
    path: '/settings/polygons',
    handle: { title: 'Delimitare zone', requiresAuth: true, fillsViewport: true },
    load: () => import('../pages/ZonesPage'),
  },
  {
    // The fare: meters, surcharges, zone prices, the taximeter ('Setări' under 'Financiar').
    path: '/finances',
    handle: { title: 'Setări financiare', requiresAuth: true },
    load: () => import('../pages/FinancesPage'),
  },
  {
    // Discounts paid back to drivers ('Transfer cu reducere' under 'Financiar').
    path: '/finances/transfer-discount',
    handle: { title: 'Transfer cu reducere', requiresAuth: true },
    load: () => import('../pages/TransferDiscountPage'),
  },
  {
    // Discount conditions: the list, a condition's page (id 0 adds one).
    path: '/discounts',
    handle: { title: 'Reduceri', requiresAuth: true },
    load: () => import('../pages/DiscountsPage'),
  },
  {
    path: '/discount/:id',
    handle: { title: 'Reducere', requiresAuth: true },
    load: () => import('../pages/DiscountPage'),
  },
  {
    // The drivers' balances, lowest first; administrators record money paid in and out.
    path: '/finances/sold',
    handle: { title: 'Sold șoferi', requiresAuth: true },
    load: () => import('../pages/DriverBalancesPage'),
  },
  {
    path: '/finances/transfer',
    handle: { title: 'Transfer sold', requiresAuth: true },
    load: () => import('../pages/BalanceTransferPage'),
  },
  {
    // The ledger's entries (?driver_id=, kind, period, page in the URL).
    path: '/finances/history',
    handle: { title: 'Istoric sold', requiresAuth: true },
    load: () => import('../pages/LedgerHistoryPage'),
  },
  {
    // Protocol statements: the fleet's clients (a protocol user: his own), a client's month.
    path: '/finances/statements',
    handle: { title: 'Deconturi protocol', requiresAuth: true },
    load: () => import('../pages/StatementsPage'),
  },
  {
    path: '/finances/statements/:clientId',
    handle: { title: 'Decont protocol', requiresAuth: true },
    load: () => import('../pages/StatementPage'),
  },
  {
    // The orders report: every order filter in the URL, sortable, with its exports.
    path: '/reports/orders',
    handle: { title: 'Raport comenzi', requiresAuth: true },
    load: () => import('../pages/OrdersReportPage'),
  },
  {
    // The search-method (work-mode) builder: search intervals and steps.
    path: '/builder',
    handle: { title: 'Constructor mod de lucru', requiresAuth: true },
    load: () => import('../pages/BuilderPage'),
  },
  {
    // Children: map (the drivers map), '' → order/0, order/{id}.
    path: '/operator',
    handle: { title: 'Operator', requiresAuth: true, console: 'taxi', fillsViewport: true },
    load: () => import('../pages/OperatorPage'),
    children: [
      { index: true, load: () => import('../pages/OrderIndexRedirect') },
      {
        path: 'map',
        handle: { title: 'Harta șoferilor' },
        load: () => import('../pages/OperatorMapPage'),
      },
      {
        path: 'order/:id',
        handle: { title: 'Comandă' },
        load: () => import('../pages/OperatorOrderPage'),
      },
    ],
  },
  {
    path: '/operator/v2',
    handle: { title: 'Operator v2', requiresAuth: true, console: 'taxi', fillsViewport: true },
    load: () => import('../pages/OperatorV2Page'),
  },
  {
    // The delivery dashboard (packages 2 and 3) around /delivery/order/{id}.
    path: '/delivery',
    handle: { title: 'Livrări', requiresAuth: true, console: 'delivery', fillsViewport: true },
    load: () => import('../pages/DeliveryPage'),
    children: [
      { index: true, load: () => import('../pages/OrderIndexRedirect') },
      {
        path: 'order/:id',
        handle: { title: 'Comandă livrare' },
        load: () => import('../pages/DeliveryOrderPage'),
      },
    ],
  },
  {
    // Driver simulator: cards beside a map that fills the window.
    path: '/simulator',
    handle: { title: 'Simulator șoferi', requiresAuth: true, fillsViewport: true },
    load: () => import('../pages/SimulatorPage'),
  },
  {
    path: '/orders/:type',
    handle: { title: 'Comenzi', requiresAuth: true, console: 'delivery' },
    load: () => import('../pages/OrdersPage'),
  },
  {
    // The drivers' phones and tablets (/devices, /device/{id}; 0 creates).
    path: '/devices',
    handle: { title: 'Dispozitive', requiresAuth: true },
    load: () => import('../pages/DevicesPage'),
  },
  {
    path: '/device/:id',
    handle: { title: 'Dispozitiv', requiresAuth: true },
    load: () => import('../pages/DevicePage'),
  },
  {
    // People: one role's users (/users/{type}), a user's page (id 0 creates).
    path: '/users/:type',
    handle: { title: 'Utilizatori', requiresAuth: true },
    load: () => import('../pages/UsersPage'),
  },
  {
    path: '/user/:id/:role',
    handle: { title: 'Utilizator', requiresAuth: true },
    load: () => import('../pages/UserPage'),
  },
  {
    // Fleet ('Transport'): the cars, a car's page (id 0 adds one).
    path: '/cars',
    handle: { title: 'Transport', requiresAuth: true },
    load: () => import('../pages/CarsPage'),
  },
  {
    path: '/car/:id',
    handle: { title: 'Mașină', requiresAuth: true },
    load: () => import('../pages/CarPage'),
  },
  {
    // /driver/reports/{token}: public, a driver's own trips for whoever holds the link.
    path: '/driver/reports/:token',
    handle: { title: 'Istoric curse' },
    load: () => import('../pages/DriverReportPage'),
  },
  { path: '*', handle: { title: 'Pagina nu există' }, load: () => import('../pages/NotFoundPage') },
];

/**
 * Back-office routes whose page is not built yet. They are login-required all the
 * same: a logged-out visitor goes to /login (and back after it), a logged-in user gets the 404
 * page. Not in ROUTES, and the header menu does not offer them (`isPlannedPage`).
 */
export const PLANNED_PRIVATE_PATHS: readonly string[] = ['/finances/reports', '/reports'];
