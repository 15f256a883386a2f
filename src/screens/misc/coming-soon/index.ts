import type { RouteDef } from '../../../router/routes';
import { defineRoute, type Screen, type ScreenRoute } from '../../define';
import { ComingSoon } from './ComingSoon';

/**
 * A route of spec §2 whose screen comes with a later issue: its meta now (title, back route, header icons), and a
 * placeholder from the core until then. The screen's issue puts its route into its group instead.
 */
export const comingSoon = (def: RouteDef): ScreenRoute => ({ ...defineRoute(def), group: 'core', soon: true });

/** The placeholder as the screen of each route still to come. */
export const comingSoonScreens = (routes: readonly ScreenRoute[]): Screen[] =>
  routes.filter((r) => r.soon).map((r) => ({ name: r.name, component: ComingSoon, css: [] }));
