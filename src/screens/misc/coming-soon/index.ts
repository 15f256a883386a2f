import { defineScreen } from '../../define';
import type { RouteDef } from '../../../router/routes';
import { ComingSoon } from './ComingSoon';

/** A route of spec §2 whose screen comes with a later issue: its meta now, a placeholder until then. */
export const comingSoon = (def: RouteDef) => defineScreen({ ...def, component: ComingSoon });
