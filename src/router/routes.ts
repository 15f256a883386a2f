/**
 * What a route is (docs/product.md, "Routes"): its path and meta. The table itself is built by the shell from the screen groups
 * (each group exports its routes), so adding a screen never touches this folder.
 */
export type HeaderStyle = 'default' | 'transparent' | 'hidden';
export interface HeaderIcons {
  service?: boolean;
  language?: boolean;
  bell?: boolean;
  logout?: boolean;
}

export interface RouteMeta {
  path: string;
  /** The path's segments joined by dashes (`/ad-center/coupons` → `ad-center-coupons`). */
  name: string;
  /** i18n key of the title: `routes.<name>`. */
  titleKey: string;
  noAuth?: boolean;
  /** Backing out of this route closes the widget (the native close action). */
  noPrevious?: boolean;
  backRoute?: string;
  /** The header shows no back arrow (login is the first page; the partner entry has nowhere to go back to). */
  noBackButton?: boolean;
  header: HeaderStyle;
  /** White title and icons on a transparent header. */
  white?: boolean;
  /**
   * The transparent header paints its own band in its hero's top colour (the primary's dark tone) behind its white
   * words, so they never rest on whatever scrolls or is pulled down beneath it (the page's grey, when a long screen
   * is scrolled past its top). The hero starts in that colour, so at rest the band does not show as an edge.
   */
  tinted?: boolean;
  icons: HeaderIcons;
}

/** The header icons of the signed-out pages, and of most signed-in ones. */
export const OPEN_ICONS: HeaderIcons = { service: true, language: true };
export const SIGNED_IN_ICONS: HeaderIcons = { language: true, bell: true };

export type RouteDef = Omit<RouteMeta, 'name' | 'titleKey' | 'header' | 'icons'> &
  Partial<Pick<RouteMeta, 'header' | 'icons'>>;

export const routeName = (path: string) => path.split('/').filter(Boolean).join('-') || 'home';

/** A route's meta from its definition: name and title key from the path, a default header without icons. */
export const defineRoute = <D extends RouteDef>(d: D): RouteMeta & Omit<D, keyof RouteDef> => ({
  header: 'default',
  icons: {},
  ...d,
  name: routeName(d.path),
  titleKey: `routes.${routeName(d.path)}`,
});
