import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { adWelcomeScreen } from './ad-welcome';
import { entryScreen } from './entry';

/** The partner entry's file: /entry (a partner's signed link) and /ad-welcome, where it leads a new merchant. */
export default defineGroup([entryScreen, adWelcomeScreen]);
