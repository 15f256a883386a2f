/**
 * What `npm run shots` photographs: every route of the app's own route table (so a new route is photographed the
 * day it is added), the states a route shows only after a tap (each tab of a tabbed list, a plan in each state),
 * and each sheet and dialog a merchant opens. A scene is a name, the route it starts on, whether it is signed in
 * (as demo, or as another merchant the run prepares: `as`, see shots.mjs), and what a merchant does there before
 * the picture (`act`, through the helpers in shots.mjs).
 */
import { SCREEN_ROUTES } from '../../src/shell/routes.ts';
import { routeName } from '../../src/router/routes.ts';
import { COUPON_STATES } from '../../src/api/shapes/coupon.ts';
import { NOTIFICATION_CATEGORIES } from '../../src/api/shapes/messages.ts';
import { PLAN_STATUSES } from '../../src/api/shapes/plan.ts';

/**
 * The query a route needs to show something real, from the seeded data the run looked up (`data`). A route missing
 * here opens without a query.
 */
const QUERY = {
  '/plan/detail': (d) => `?id=${d.plan.puting ?? d.plan.any}`,
  '/plan/goods-detail': (d) => `?id=${d.plan.puting ?? d.plan.any}`,
  '/ad-center/banner-detail': (d) => `?id=${d.bannerId}`,
  '/ad-center/ques-detail': (d) => `?id=${d.faqId}`,
  '/customer': (d) => `?url=${encodeURIComponent(d.chatUrl)}`,
};

/** The partner entry's welcome page is reached through a freshly signed link, as a partner's app opens it. */
const PARTNER_ROUTES = new Set(['/ad-welcome']);

/** Opens a layer (sheet, dialog, picker) with a tap on what `target` names, and waits for it to settle. */
const opens = (target) => async (s) => s.openLayer(() => s.tap(target));

function routeScenes() {
  return SCREEN_ROUTES.map((r) => ({
    name: routeName(r.path),
    path: PARTNER_ROUTES.has(r.path) ? (d, lang) => d.partnerPath(lang) : (d) => r.path + (QUERY[r.path]?.(d) ?? ''),
    route: r.path,
    signedIn: !r.noAuth,
  }));
}

/** A tabbed list after a tap on each of its tabs but the first (the route's own shot shows the first). */
const tabScenes = (route, keys) => keys.slice(1).map((key, i) => ({
  name: `${routeName(route)}--tab-${key}`,
  path: route,
  route,
  signedIn: true,
  act: async (s) => {
    await s.tap({ css: '[role="tab"]', nth: i + 1 });
    await s.settle();
  },
}));

const signedIn = (name, route, act, path = route) => ({ name, route, path, signedIn: true, act });

export function scenes() {
  return [
    ...routeScenes(),
    // Routes in their other states.
    { name: 'customer--no-link', route: '/customer', path: '/customer', signedIn: true },
    signedIn('plan-detail--waiting', '/plan/detail', null, (d) => `/plan/detail?id=${d.plan.waitPut}`),
    signedIn('plan-detail--failed', '/plan/detail', null, (d) => `/plan/detail?id=${d.plan.putFailed}`),
    signedIn('plan-detail--finished', '/plan/detail', null, (d) => `/plan/detail?id=${d.plan.putFinished}`),
    ...tabScenes('/plan', ['all', ...PLAN_STATUSES]),
    ...tabScenes('/notification', ['all', ...NOTIFICATION_CATEGORIES]),
    ...tabScenes('/ad-center/coupons', [...COUPON_STATES]),
    // The first transaction password (a merchant without one): the form, and its problems shown at once.
    { ...signedIn('wallet-set-password--first', '/wallet/set-password', null), as: 'newbie' },
    { ...signedIn('wallet-set-password--errors', '/wallet/set-password', async (s) => {
      await s.fill({ css: '.ma-password-input__native' }, '123456');
      await s.tap({ text: s.t('payPassword.next') });
      await s.fill({ css: '.ma-password-input__native' }, '654321');
      await s.tap({ text: s.t('common.confirm') });
      await s.locate({ css: '.ma-field__error' }).then((error) => error.waitFor({ timeout: 5000 }));
      await s.settle();
    }), as: 'newbie' },
    // A partner's merchant (no login password, signed in through a signed link): no login-password cell; and one
    // whose sign-in is no longer fresh, told on the screen to open the app again from the partner's app.
    { ...signedIn('wallet-set-password--partner', '/wallet/set-password', null), as: 'partner' },
    { ...signedIn('wallet-set-password--partner-reauth', '/wallet/set-password', async (s) => {
      await s.fill({ css: '.ma-password-input__native' }, '123456');
      await s.tap({ text: s.t('payPassword.next') });
      await s.fill({ css: '.ma-password-input__native' }, '123456');
      await s.tap({ text: s.t('common.confirm') });
      await s.locate({ css: '.ma-pay__reauth' }).then((notice) => notice.waitFor({ timeout: 5000 }));
      await s.settle();
    }), as: 'partnerStale' },
    // Sheets and dialogs.
    signedIn('wallet--withdraw-sheet', '/wallet', opens({ css: 'button[data-entry="withdraw"]' })),
    signedIn('wallet--withdraw-password', '/wallet', async (s) => {
      await s.openLayer(() => s.tap({ css: 'button[data-entry="withdraw"]' }));
      await s.fill({ css: '.ma-popup input[inputmode="decimal"]' }, '10');
      await s.openLayer(() => s.tap({ text: s.t('withdraw.submit'), within: '.ma-popup' }));
    }),
    // A payout account bound a moment ago: the withdrawal's refusal says when the hold ends.
    { ...signedIn('wallet--withdraw-held', '/wallet', async (s) => {
      await s.openLayer(() => s.tap({ css: 'button[data-entry="withdraw"]' }));
      await s.fill({ css: '.ma-popup input[inputmode="decimal"]' }, '10');
      await s.openLayer(() => s.tap({ text: s.t('withdraw.submit'), within: '.ma-popup' }));
      await s.fill({ css: '.ma-password-input__native' }, '123456');
      await s.tap({ css: '.ma-prompt__actions button[type="submit"]' });
      await s.locate({ css: '.ma-withdraw__notice' }).then((notice) => notice.waitFor({ timeout: 5000 }));
      await s.settle();
    }), as: 'held' },
    signedIn('wallet--ledger-detail', '/wallet', opens({ css: '.ma-flow__open' })),
    signedIn('wallet--deposit-service', '/wallet', opens({ css: 'button[data-entry="deposit"]' })),
    signedIn('plan--put-dialog', '/plan', opens({ css: '.ma-plan-card__actions button' })),
    signedIn('ad-center--customer-service', '/ad-center', opens({ label: (s) => s.t('header.customerService') })),
    signedIn('ad-center--language-picker', '/ad-center', opens({ label: (s) => s.t('header.language') })),
    signedIn('ad-center--logout-confirm', '/ad-center', opens({ label: (s) => s.t('header.logout') })),
    signedIn('ad-center-coupons--redeem-confirm', '/ad-center/coupons', opens({ text: (s) => s.t('coupons.redeem') })),
    // A message already read, so opening it changes nothing the other languages' shots show.
    signedIn('notification--detail', '/notification', opens({ css: '.ma-inbox__open:not(.ma-inbox__open--unread)', fallback: '.ma-inbox__open' })),
    signedIn('ad-center-feedback--photo', '/ad-center/feedback', async (s) => {
      await s.pickPhoto({ css: 'input[type="file"]' });
      await s.settle();
    }),
    { name: 'login--language-picker', route: '/login', path: '/login', signedIn: false, act: opens({ label: (s) => s.t('header.language') }) },
    { name: 'login--customer-service', route: '/login', path: '/login', signedIn: false, act: opens({ label: (s) => s.t('header.customerService') }) },
  ];
}
