/** A detail page's call to action: a button that opens one of the app's own screens. */
import type { Localized } from './config';

/**
 * Where a banner's or an FAQ's call to action may lead: screens of this app, by path, never an address. The server
 * drops a call to action whose route is not one of these (services/config.ts), and the client shows only these.
 */
export const CTA_ROUTES = [
  '/ad-center/activities',
  '/ad-center/coupons',
  '/ad-center/level',
  '/ad-center/operated',
  '/ad-center/feedback',
  '/plan',
  '/wallet',
  '/notification',
] as const;
export type CtaRoute = (typeof CTA_ROUTES)[number];
/** A detail page's next step: a primary button with the operator's words that opens one of the app's screens. */
export interface Cta {
  label: Localized;
  route: CtaRoute;
}
