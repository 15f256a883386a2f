import type { AppServices } from '../../../app/context';
import css from './plan.css';

/** The plan screens' and the put dialog's shared look (tags, progress, product image), added once per widget. */
export const usePlanStyles = (app: AppServices) => app.addStyles('plan-shared', css);
