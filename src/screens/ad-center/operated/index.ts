import { defineScreen } from '../../define';
import { Operated } from './Operated';
import css from './operated.css';
import { operatedRoute } from './route';

export const operatedScreen = defineScreen(operatedRoute, Operated, css);
