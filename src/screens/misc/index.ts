import { notFoundScreen } from './not-found';

export const miscScreens = [notFoundScreen];
