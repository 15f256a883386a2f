import { customerRoute } from './customer';
import { notFoundRoute } from './not-found';

export const miscRoutes = [notFoundRoute, customerRoute];
