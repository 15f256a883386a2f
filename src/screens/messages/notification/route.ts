import { defineRoute } from '../../define';

/** The inbox: tabs by category, a read filter, mark all read. No bell here: this page is where the bell leads. */
export const notificationRoute = defineRoute({
  path: '/notification',
  backRoute: '/ad-center',
  icons: { language: true },
});
