import { defineScreen } from '../../define';
import { NotFound } from './NotFound';
import { notFoundRoute } from './route';

export const notFoundScreen = defineScreen(notFoundRoute, NotFound);
