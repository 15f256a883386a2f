import { inGroup } from '../define';
import { notFoundRoute } from './not-found/route';

export const miscRoutes = inGroup('core', [notFoundRoute]);
