import type { ComponentType } from 'react';
import type { RouteMeta } from '../router/routes';
import type { ScreenProps } from './types';

/**
 * The files screens come in. `core` is inside the script itself (login, registration, 404);
 * every other group is a file of its own, loaded the first time one of its routes is shown (src/shell/groups.ts).
 */
export type GroupName =
  'core' | 'auth-partner' | 'ad-center' | 'ad-center-tools' | 'messages' | 'plan' | 'service' | 'wallet';

/** A route of the table: its meta (docs/product.md, "Routes") and the group whose file brings its screen. */
export interface ScreenRoute extends RouteMeta {
  group: GroupName;
}

/** A screen folder's route meta (its route.ts): known to the table before the screen's file has loaded. */
export { defineRoute } from '../router/routes';

/** A group's routes, as its routes.ts lists them for the table. */
export const inGroup = (group: GroupName, routes: readonly RouteMeta[]): ScreenRoute[] =>
  routes.map((r) => ({ ...r, group }));

/** What shows a route: its view and the stylesheets it needs (a sheet two screens share is passed by both). */
export interface Screen {
  name: string;
  component: ComponentType<ScreenProps>;
  css: readonly string[];
}

/** A screen folder's screen (its index.ts): the route it shows, its view, its CSS. */
export const defineScreen = (
  route: RouteMeta,
  component: ComponentType<ScreenProps>,
  css: string | readonly string[] = [],
): Screen => ({
  name: route.name,
  component,
  css: typeof css === 'string' ? [css] : css,
});

/** What a group's file delivers: the view of each of its routes and the group's CSS, each sheet once. */
export interface ScreenGroup {
  screen: (name: string) => ComponentType<ScreenProps> | undefined;
  css: string;
}

export function defineGroup(screens: readonly Screen[]): ScreenGroup {
  const byName = new Map(screens.map((s) => [s.name, s.component]));
  return { screen: (name) => byName.get(name), css: [...new Set(screens.flatMap((s) => s.css))].join('') };
}
