/** The route table of spec §2 with each route's meta. The name is the path's segments joined by dashes. */

export type HeaderStyle = 'default' | 'transparent' | 'hidden';
export interface HeaderIcons { service?: boolean; language?: boolean; bell?: boolean; logout?: boolean }

export interface RouteMeta {
  path: string;
  name: string;
  /** i18n key of the title: `routes.<name>`. */
  titleKey: string;
  noAuth?: boolean;
  /** Backing out of this route closes the widget (the native close action). */
  noPrevious?: boolean;
  backRoute?: string;
  /** The header shows no back arrow (spec: login; the partner entry has nowhere to go back to). */
  noBackButton?: boolean;
  header: HeaderStyle;
  /** White title and icons on a transparent header. */
  white?: boolean;
  icons: HeaderIcons;
}

const OPEN: HeaderIcons = { service: true, language: true };
const SIGNED_IN: HeaderIcons = { language: true, bell: true };

type Def = Omit<RouteMeta, 'name' | 'titleKey' | 'header' | 'icons'> & Partial<Pick<RouteMeta, 'header' | 'icons'>>;

const defs: Def[] = [
  { path: '/login', noAuth: true, noPrevious: true, noBackButton: true, icons: OPEN },
  { path: '/register', noAuth: true, backRoute: '/login', icons: OPEN },
  { path: '/entry', noAuth: true, noPrevious: true, noBackButton: true, icons: {} },
  { path: '/ad-welcome', noAuth: true, noPrevious: true, header: 'transparent', white: true, icons: { language: true } },
  { path: '/404', noAuth: true, icons: {} },
  { path: '/ad-center', noPrevious: true, noBackButton: true, header: 'hidden', icons: { ...SIGNED_IN, service: true, logout: true } },
  { path: '/ad-center/activities', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/banner-detail', backRoute: '/ad-center', icons: {} },
  { path: '/ad-center/coupons', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/edit-login-password', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/edit-pay-password', backRoute: '/wallet', icons: SIGNED_IN },
  { path: '/ad-center/feedback', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/level', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/operated', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/ad-center/ques-detail', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/customer', icons: {} },
  { path: '/notification', backRoute: '/ad-center', icons: { language: true } },
  { path: '/plan', backRoute: '/ad-center', icons: { ...SIGNED_IN, logout: true } },
  { path: '/plan/detail', backRoute: '/plan', icons: SIGNED_IN },
  { path: '/plan/goods-detail', header: 'transparent', icons: {} },
  { path: '/wallet', backRoute: '/ad-center', icons: SIGNED_IN },
  { path: '/wallet/bind-card', backRoute: '/wallet', icons: SIGNED_IN },
  { path: '/wallet/foreign-exchange', backRoute: '/wallet', header: 'transparent', white: true, icons: SIGNED_IN },
  { path: '/wallet/set-password', backRoute: '/wallet', icons: SIGNED_IN },
];

export const routeName = (path: string) => path.split('/').filter(Boolean).join('-') || 'home';

export const ROUTES: RouteMeta[] = defs.map((d) => ({
  header: 'default',
  icons: {},
  ...d,
  name: routeName(d.path),
  titleKey: `routes.${routeName(d.path)}`,
}));

export const NOT_FOUND = ROUTES.find((r) => r.path === '/404')!;
export const HOME = '/ad-center';
export const LOGIN = '/login';
