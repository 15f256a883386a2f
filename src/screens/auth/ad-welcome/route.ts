import { defineRoute } from '../../define';

export const adWelcomeRoute = defineRoute({
  path: '/ad-welcome',
  noAuth: true,
  noPrevious: true,
  header: 'transparent',
  white: true,
  icons: { language: true },
});
