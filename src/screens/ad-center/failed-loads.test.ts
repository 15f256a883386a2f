import { expect } from 'chai';
import {
  $,
  apiCalls,
  apiFault,
  freshMerchant,
  mountApp,
  text,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../test/browser/support/app';

/**
 * The error policy's rule (docs/product.md, "Codes"), for every ad-centre screen that loads something: a failed load is reported once, by whoever handles
 * it. The screens handle their loads (the kit's loadFailures), so the report is the screen's own (an error state,
 * the list's "tap to reload"), never a toast as well, whether the server is unreachable (502) or answers a business
 * failure (HTTP 200, code 500), which takes another path through the client.
 */
const toastText = (m: Mounted) => $(m, '.ma-toast-region')?.textContent ?? '';
const errorEvents = (m: Mounted) => m.events.filter((e) => e.type === 'error').length;

interface Case {
  route: string;
  api: string;
  shown: (m: Mounted) => boolean;
  what: string;
}

const LIST_RELOAD = (m: Mounted) =>
  Array.from(m.shadow.querySelectorAll('button')).some((b) => b.textContent === 'Request failed, tap to reload');
const CASES: Case[] = [
  {
    route: '/ad-center/coupons',
    api: '/user_coupon/list',
    shown: LIST_RELOAD,
    what: "the coupon list's reload button",
  },
  {
    route: '/ad-center/operated',
    api: '/assistance/list',
    shown: LIST_RELOAD,
    what: "the follow list's reload button",
  },
  {
    route: '/ad-center/activities',
    api: '/activity/list',
    shown: (m) => text(m).includes('Could not load the activities.'),
    what: 'the activities error state',
  },
  {
    route: '/ad-center/level',
    api: '/user/level',
    shown: (m) => text(m).includes('Could not load your level.'),
    what: 'the level error state',
  },
];

describe('a failed load is reported once, by the screen', () => {
  afterEach(unmountAll);

  for (const mode of ['business', 'fail'] as const) {
    for (const c of CASES) {
      it(`${c.route}: ${mode === 'business' ? 'a business failure (code 500)' : 'an unreachable server (502)'} shows ${c.what} and no toast`, async () => {
        const { token } = await freshMerchant();
        await apiFault(c.api, token, mode);
        try {
          const m = await mountApp({ token, initialRoute: c.route });
          await waitRoute(m, c.route);
          await waitFor(() => c.shown(m), c.what);
          expect(await apiCalls(c.api, token), 'the failing request was made').to.be.greaterThan(0);
          // A toast of the error policy would have been shown in the task that rejected, before the screen's state.
          expect(toastText(m), 'no toast as well').to.equal('');
          expect(errorEvents(m), 'no error event either: the screen owns it').to.equal(0);
        } finally {
          await apiFault(c.api, token, null);
        }
      });
    }
  }
});
