import type { ComponentType } from 'react';
import { defineRoute, type RouteDef, type RouteMeta } from '../router/routes';
import type { ScreenProps } from './types';

/** A route with what shows it: its screen component and the CSS it brings into the widget's one <style>. */
export interface ScreenRoute extends RouteMeta {
  component: ComponentType<ScreenProps>;
  css?: string;
}

/** A screen folder's route: its meta (spec §2), component and CSS, exported from the folder's index.ts. */
export const defineScreen = (def: RouteDef & { component: ComponentType<ScreenProps>; css?: string }): ScreenRoute => defineRoute(def);
