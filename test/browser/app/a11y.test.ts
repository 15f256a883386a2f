/**
 * axe-core (WCAG 2.1 A and AA) on every route of the route table and on every sheet and dialog a merchant opens,
 * at a phone's 390 px, against the reference server. Two mounts walk it all, as a merchant would: one signed out
 * (login, registration, the partner welcome page), one signed in as a fresh merchant with the seeded kind of data,
 * going from route to route and opening each layer from the screen it belongs to. Every stop is checked, and the
 * failures are reported together, each under the name of its route or layer.
 */
import { expect } from 'chai';
import { PLAN_STATUSES } from '../../../src/api/shapes/plan';
import { COUPON_STATES } from '../../../src/api/shapes/coupon';
import { NOTIFICATION_CATEGORIES } from '../../../src/api/shapes/messages';
import { SCREEN_ROUTES } from '../../../src/shell/routes';
import { expectAxeClean } from '../support/render';
import { resize } from '../support/design';
import { $, $$, click, mountApp, unique, unmountAll, waitFor, waitRoute, waitText, type Mounted } from '../support/app';

const WIDTH = 390;
const HEIGHT = 720;
const PAY_PASSWORD = '123456';

/** What covers the screen: the open sheets and dialogs, the topmost last. */
const LAYERS = '.ma-popup-layer:not([inert]), .ma-dialog';
const layers = (m: Mounted) => $$(m, LAYERS);
const seen = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

/**
 * What keeps a screen from showing what it is going to show: its file, a skeleton, a spinner, an image in view still
 * loading. Under an open layer only the topmost counts (a button under it may spin until it answers).
 */
function inTheWay(m: Mounted): string {
  if ($(m, '.ma-screen-pending')) return 'screen file loading';
  const scope: ParentNode = layers(m).at(-1) ?? m.shadow;
  const any = (sel: string) => Array.from(scope.querySelectorAll(sel)).some(seen);
  if (any('.ma-skeleton, [class*="ma-skeleton__"]')) return 'skeleton';
  if (any('.ma-spinner')) return 'spinner';
  const box = m.host.getBoundingClientRect();
  const inView = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
  };
  if (Array.from(m.shadow.querySelectorAll('img')).some((img) => !img.complete && inView(img))) return 'image loading';
  return '';
}

const settled = async (m: Mounted, what: string) => {
  let why = '';
  await waitFor(() => !(why = inTheWay(m)), `${what} to settle`).catch(() => {
    throw new Error(`${what}: still ${why}`);
  });
};

/** Closes every open layer the way the back button does (topmost first), until none is left in the DOM. */
async function closeLayers(m: Mounted): Promise<void> {
  await waitFor(() => {
    if (!layers(m).length && !$(m, '.ma-popup-layer')) return true;
    if (layers(m).length) m.app.back();
    return false;
  }, 'the layers to close');
}

/** Runs `open` and waits for one more layer than before, and for it to show its content. */
async function openLayer(m: Mounted, name: string, open: () => void | Promise<void>): Promise<void> {
  const before = layers(m).length;
  await open();
  await waitFor(() => layers(m).length > before, `${name} to open`);
  await settled(m, name);
}

const buttonWithText = (within: ParentNode, text: string) => {
  const b = Array.from(within.querySelectorAll<HTMLButtonElement>('button')).find(
    (x) => x.textContent?.trim() === text,
  );
  if (!b) throw new Error(`no button "${text}"`);
  return b;
};

/** Types into an input as the keyboard does (the value, then its input event). */
const typeInto = (el: HTMLInputElement, value: string) => {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

interface Seeded {
  token: string;
  newbie: string;
  plans: Partial<Record<(typeof PLAN_STATUSES)[number], number>>;
  bannerId: number;
  faqId: number;
  chatUrl: string;
}

/**
 * A fresh merchant with a transaction password and a bank card (so withdrawing reaches its password prompt), one
 * without either (the first transaction password's form), and the seeded ids the routes' queries name.
 */
async function seeded(): Promise<Seeded> {
  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const j = await (await fetch(`/api${path}`, init)).json();
    if (j.code !== 200) throw new Error(`${path}: ${JSON.stringify(j)}`);
    return j.data as T;
  };
  const merchant = async (o: object) =>
    (
      await api<{ token: string }>('/__test__/merchant', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(o),
      })
    ).token;
  const [token, newbie] = await Promise.all([merchant({ pay_password: PAY_PASSWORD, card: 'bank' }), merchant({})]);
  const plans: Seeded['plans'] = {};
  await Promise.all(
    PLAN_STATUSES.map(async (status) => {
      plans[status] = (
        await api<{ list: { id: number }[] }>(`/plan/order/list?status=${status}&page=1&limit=1`, {
          headers: { 'X-CT': token },
        })
      ).list[0]?.id;
    }),
  );
  const config = await api<{
    banner_config: { id: number }[];
    faq_config: { id: number }[];
    customer_service_url: { type: number; url: string }[];
  }>('/basic_config');
  return {
    token,
    newbie,
    plans,
    bannerId: config.banner_config[0].id,
    faqId: config.faq_config[0].id,
    chatUrl: config.customer_service_url.find((c) => c.type === 1)!.url,
  };
}

/**
 * A stop of the sweep: where it is (a route, or a layer or state on it), how to get there, when it is there, and what
 * to do once it is checked (close a layer, so the next stop starts from the screen).
 */
interface Stop {
  name: string;
  route?: string;
  go: (m: Mounted) => Promise<void>;
  ready?: (m: Mounted) => unknown;
  then?: (m: Mounted) => Promise<void>;
}

const visit = (route: string, url: string, ready: (m: Mounted) => unknown): Stop => ({
  name: route,
  route,
  go: async (m) => {
    m.app.navigate(url);
    if (route !== '/404') await waitRoute(m, route);
  },
  ready,
});

/** A sheet or dialog opened from the screen (or from the layer before it, when that one is `kept` open). */
const layer = (name: string, open: (m: Mounted) => void | Promise<void>, o: { keep?: boolean } = {}): Stop => ({
  name,
  go: (m) => openLayer(m, name, () => open(m)),
  then: o.keep ? undefined : closeLayers,
});

/** A tab of a tabbed list, after a tap on it. */
const tab = (route: string, i: number, key: string): Stop => ({
  name: `${route}, tab ${key}`,
  go: async (m) => {
    const t = $$(m, '[role="tab"]')[i];
    t.click();
    await waitFor(() => t.getAttribute('aria-selected') === 'true', `${route}: tab ${key}`);
  },
});

const signedOut = (): Stop[] => [
  visit('/login', '/login', (m) => $(m, 'form input') && $(m, 'button[type="submit"]')),
  layer('/login: language picker', (m) => click(m, 'Language')),
  layer('/login: customer service', (m) => click(m, 'Customer service')),
  visit('/register', '/register', (m) => $(m, 'input[type="checkbox"]')),
  {
    name: '/register: its errors',
    go: async (m) => {
      click(m, 'Register');
      await waitText(m, 'Cannot be empty');
    },
  },
  visit('/404', '/no/such/page', (m) => $(m, '.ma-empty') && $(m, '.ma-center .ma-button--primary')),
  visit('/entry', '/entry?entry=partner', (m) => $(m, '.ma-center[aria-busy="false"]')),
  // The welcome form, reached as a merchant does: a signed link for a new partner user.
  {
    name: '/ad-welcome',
    route: '/ad-welcome',
    go: async (m) => {
      const link = await (await fetch(`/api/__test__/partner-link?entry=partner&uid=${unique('a11y')}`)).json();
      m.app.navigate(link.data.path);
      await waitRoute(m, '/ad-welcome');
    },
    ready: (m) => $(m, '.ma-welcome__hero') && $(m, 'input[name="auth_code"]'),
  },
  // And its message when the link's ticket is gone.
  {
    name: '/ad-welcome: no ticket',
    go: async (m) => {
      m.app.navigate('/ad-welcome?entry=partner&uid=no-ticket');
      await waitText(m, 'Please open it again from the partner app.');
    },
  },
];

const signedIn = (d: Seeded): Stop[] => [
  visit('/ad-center', '/ad-center', (m) => $$(m, '.ma-home__tile').length >= 8 && $(m, '.ma-home__figure dd')),
  layer('/ad-center: customer service', (m) => click(m, 'Customer service')),
  layer('/ad-center: language picker', (m) => click(m, 'Language')),
  layer('/ad-center: logout dialog', (m) => click(m, 'Log out')),
  visit('/ad-center/banner-detail', `/ad-center/banner-detail?id=${d.bannerId}`, (m) =>
    $(m, '.ma-banner-detail__title'),
  ),
  visit('/ad-center/ques-detail', `/ad-center/ques-detail?id=${d.faqId}`, (m) => $(m, '.ma-ques-detail__question')),
  visit(
    '/ad-center/edit-login-password',
    '/ad-center/edit-login-password',
    (m) => $$(m, 'input[type="password"]').length === 3,
  ),
  visit('/ad-center/level', '/ad-center/level', (m) => $$(m, '.ma-level__item').length > 0),
  visit('/ad-center/activities', '/ad-center/activities', (m) => $$(m, '.ma-activity').length === 2),
  visit('/ad-center/coupons', '/ad-center/coupons', (m) => $$(m, 'article.ma-coupon').length > 0),
  layer('/ad-center/coupons: redeem dialog', (m) => buttonWithText(m.shadow, 'Redeem').click()),
  ...COUPON_STATES.slice(1).map((k, i) => tab('/ad-center/coupons', i + 1, k)),
  visit('/ad-center/operated', '/ad-center/operated', (m) => $$(m, '.ma-operated__record h3').length >= 2),
  visit(
    '/ad-center/feedback',
    '/ad-center/feedback',
    (m) =>
      $(m, '.ma-uploader__upload') &&
      ($$(m, 'article.ma-feedback__item').length > 0 || $(m, '.ma-feedback__past .ma-empty')),
  ),
  {
    name: '/ad-center/feedback: a photo picked',
    go: async (m) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 48;
      const blob = await new Promise<Blob>((ok) => canvas.toBlob((b) => ok(b!), 'image/png'));
      const files = new DataTransfer();
      files.items.add(new File([blob], 'photo.png', { type: 'image/png' }));
      const picker = $(m, 'input[type="file"]') as HTMLInputElement;
      picker.files = files.files;
      picker.dispatchEvent(new Event('change', { bubbles: true }));
      await waitFor(() => $(m, '.ma-uploader img'), 'the picked photo');
    },
  },
  visit('/notification', '/notification', (m) => $$(m, 'article.ma-inbox__item').length > 0),
  layer('/notification: a message', (m) =>
    ($(m, '.ma-inbox__open:not(.ma-inbox__open--unread)') ?? $(m, '.ma-inbox__open'))!.click(),
  ),
  ...['all', ...NOTIFICATION_CATEGORIES].slice(1).map((k, i) => tab('/notification', i + 1, k)),
  visit(
    '/plan',
    '/plan',
    (m) => $$(m, 'article.ma-plan-card').length > 0 && $(m, '.ma-plan-card__actions .ma-button--primary'),
  ),
  layer('/plan: put dialog', (m) => $(m, '.ma-plan-card__actions button')!.click()),
  ...['all', ...PLAN_STATUSES].slice(1).map((k, i) => tab('/plan', i + 1, k)),
  // A plan in each state the detail shows differently: in delivery (a progress bar), waiting, failed, finished.
  visit(
    '/plan/detail',
    `/plan/detail?id=${d.plans.puting}`,
    (m) => $(m, '.ma-plan-detail__timeline') && $(m, '[role="progressbar"]'),
  ),
  ...(['waitPut', 'putFailed', 'putFinished'] as const).map((k) => ({
    ...visit('/plan/detail', `/plan/detail?id=${d.plans[k]}`, (m: Mounted) => $(m, '.ma-plan-detail__timeline')),
    name: `/plan/detail: ${k}`,
  })),
  visit('/plan/goods-detail', `/plan/goods-detail?id=${d.plans.puting}`, (m) => $(m, '.ma-goods__name')),
  visit('/wallet', '/wallet', (m) => $(m, '.ma-wallet__assets dd') && $$(m, '.ma-flow').length > 0),
  layer('/wallet: withdraw sheet', (m) => $(m, 'button[data-entry="withdraw"]')!.click(), { keep: true }),
  layer('/wallet: withdraw password prompt', (m) => {
    typeInto(layers(m).at(-1)!.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!, '10');
    buttonWithText(layers(m).at(-1)!, 'Withdraw').click();
  }),
  layer('/wallet: a ledger row', (m) => $(m, '.ma-flow__open')!.click()),
  layer('/wallet: deposit (customer service)', (m) => $(m, 'button[data-entry="deposit"]')!.click()),
  visit('/wallet/bind-card', '/wallet/bind-card', (m) => $(m, '.ma-bind input')),
  visit(
    '/wallet/foreign-exchange',
    '/wallet/foreign-exchange',
    (m) => $(m, '.ma-fx__hero') && $(m, '.ma-fx__form input'),
  ),
  // With a transaction password already: set-password says so.
  visit('/wallet/set-password', '/wallet/set-password', (m) => $(m, '.ma-pay__set')),
  visit('/ad-center/edit-pay-password', '/ad-center/edit-pay-password', (m) => $(m, '.ma-pay__field, .ma-pay__notice')),
  visit('/customer', `/customer?url=${encodeURIComponent(d.chatUrl)}`, (m) => $(m, 'iframe')),
  {
    name: '/customer: no link',
    go: async (m) => {
      m.app.navigate('/customer');
      await waitRoute(m, '/customer');
    },
  },
  // A merchant without a transaction password: its first one's form, that form's problems, and binding a card,
  // which leads to setting one first.
  {
    name: '/wallet/set-password: the first one',
    go: async (m) => {
      m.app.setToken(d.newbie);
      m.app.navigate('/wallet/set-password');
      await waitRoute(m, '/wallet/set-password');
      await waitFor(() => $(m, '.ma-pay__step') && $(m, '.ma-pay__login input'), "the first password's form");
    },
  },
  {
    name: '/wallet/set-password: its errors',
    go: async (m) => {
      const pin = () => $(m, '.ma-password-input__native') as HTMLInputElement;
      // Each button is enabled once the six digits are in.
      const press = async (name: string) =>
        (
          await waitFor(
            () => !buttonWithText(m.shadow, name).disabled && buttonWithText(m.shadow, name),
            `${name} enabled`,
          )
        ).click();
      typeInto(pin(), PAY_PASSWORD);
      await press('Next');
      await waitText(m, 'Step 2 of 2');
      typeInto(pin(), '654321');
      await press('Confirm');
      await waitFor(() => $(m, '.ma-field__error'), "the form's errors");
    },
  },
  {
    ...visit('/wallet/bind-card', '/wallet/bind-card', (m) => $(m, 'main .ma-center .ma-button--primary')),
    name: '/wallet/bind-card: no transaction password yet',
  },
];

/** Walks the stops on one mount, checking each; returns the failures, each named by its stop. */
async function sweep(m: Mounted, stops: Stop[]): Promise<string[]> {
  const failures: string[] = [];
  for (const stop of stops) {
    try {
      await stop.go(m);
      if (stop.ready) await waitFor(() => stop.ready!(m), `${stop.name}: its content`);
      await settled(m, stop.name);
      await expectAxeClean(m.shadow);
      await stop.then?.(m);
    } catch (e) {
      failures.push(`${stop.name}: ${(e as Error).message}`);
      // A stop that did not get where it meant to leaves no layer for the next one.
      await closeLayers(m).catch(() => undefined);
    }
  }
  return failures;
}

describe('every route and every sheet passes axe-core at 390 px', function () {
  this.timeout(60000);
  afterEach(unmountAll);

  it('covers every route of the table', async () => {
    const d = { token: '', newbie: '', plans: {}, bannerId: 0, faqId: 0, chatUrl: '' };
    const visited = [...signedOut(), ...signedIn(d)].map((s) => s.route).filter(Boolean);
    expect([...new Set(visited)].sort()).to.deep.equal(SCREEN_ROUTES.map((r) => r.path).sort());
  });

  it('signed out: login, registration, 404, partner entry and welcome, and their layers', async () => {
    const m = await mountApp();
    await resize(m, WIDTH, HEIGHT);
    const failures = await sweep(m, signedOut());
    expect(failures.join('\n\n'), `${failures.length} failing`).to.equal('');
  });

  it('signed in: every screen, tab and layer a merchant opens', async () => {
    const d = await seeded();
    const m = await mountApp({ token: d.token, initialRoute: '/ad-center' });
    await resize(m, WIDTH, HEIGHT);
    const failures = await sweep(m, signedIn(d));
    expect(failures.join('\n\n'), `${failures.length} failing`).to.equal('');
  });
});
