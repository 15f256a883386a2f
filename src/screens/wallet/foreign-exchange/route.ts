import { SIGNED_IN_ICONS } from '../../../router/routes';
import { defineRoute } from '../../define';

/**
 * A transparent header with white text on its own dark band (the records below make the screen scroll, and the title
 * must never rest on the page's grey); the current acceptance, the code entry and the acceptance records.
 */
export const foreignExchangeRoute = defineRoute({
  path: '/wallet/foreign-exchange',
  backRoute: '/wallet',
  icons: SIGNED_IN_ICONS,
  header: 'transparent',
  white: true,
  tinted: true,
});
