import { defineScreen } from '../../define';
import { Entry } from './Entry';
import { entryRoute } from './route';

export const entryScreen = defineScreen(entryRoute, Entry);
