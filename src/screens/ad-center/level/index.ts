import { defineScreen } from '../../define';
import { Level } from './Level';
import css from './level.css';
import { levelRoute } from './route';

export const levelScreen = defineScreen(levelRoute, Level, css);
