/**
 * No platform tap flash on any control, and a pressed look of our own. Every visible button,
 * link and tab of a few screens is held down with the real mouse (`sendMouse`: a dispatched pointerdown does not
 * make an element :active) and released outside the widget, so nothing is clicked; its computed look while held
 * must differ from its look at rest. The tap highlight is read from each control's computed style.
 */
import { expect } from 'chai';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import {
  $,
  $$,
  button,
  freshMerchant,
  mountApp,
  routeOf,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../support/app';
import { nameOf, resize } from '../support/design';

const CONTROLS = 'button, a[href], [role="button"], [role="tab"]';

/** What a press may change: the control's own paint. */
const look = (el: Element) => {
  const s = getComputedStyle(el);
  return [s.backgroundColor, s.boxShadow, s.opacity, s.color, s.filter, s.transform, s.borderColor].join(' | ');
};

/** The controls a person can press now: drawn, enabled, not clipped away for screen readers only. */
const pressable = (scope: ParentNode) =>
  Array.from(scope.querySelectorAll<HTMLElement>(CONTROLS)).filter((el) => {
    if (
      !el.getClientRects().length ||
      (el as HTMLButtonElement).disabled ||
      el.getAttribute('aria-disabled') === 'true'
    )
      return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.clip !== 'rect(0px, 0px, 0px, 0px)' && el.getBoundingClientRect().width > 1;
  });

/** Holds the mouse down on each control, compares its look, and lets go outside the widget (no click). */
async function checkPresses(m: Mounted, scope: ParentNode, where: string): Promise<void> {
  const controls = pressable(scope);
  expect(controls.length, `${where}: controls found`).to.be.greaterThan(0);
  const problems: string[] = [];
  const route = routeOf(m);
  for (const el of controls) {
    const tap = getComputedStyle(el).getPropertyValue('-webkit-tap-highlight-color');
    if (tap !== 'rgba(0, 0, 0, 0)') problems.push(`${nameOf(el)}: tap highlight ${tap}`);
    el.scrollIntoView({ block: 'center', inline: 'center' });
    const r = el.getBoundingClientRect();
    const x = Math.round(r.left + r.width / 2);
    const y = Math.round(r.top + r.height / 2);
    const hit = m.shadow.elementFromPoint(x, y);
    if (!hit || !el.contains(hit)) {
      problems.push(`${nameOf(el)}: covered at its centre by ${hit ? nameOf(hit) : 'nothing'}`);
      continue;
    }
    const rest = look(el);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    const held = look(el);
    const active = el.matches(':active');
    await sendMouse({ type: 'move', position: [window.innerWidth - 2, window.innerHeight - 2] });
    await sendMouse({ type: 'up' });
    if (!active) problems.push(`${nameOf(el)}: not :active while held`);
    else if (held === rest) problems.push(`${nameOf(el)}: looks the same pressed as at rest (${rest})`);
  }
  expect(routeOf(m), `${where}: nothing was clicked`).to.equal(route);
  expect(problems, `${where}:\n${problems.join('\n')}`).to.deep.equal([]);
}

describe('no tap flash, a pressed look of our own on every control', function () {
  this.timeout(60000);
  afterEach(async () => {
    await resetMouse();
    unmountAll();
  });

  it('the root turns the platform tap highlight off, for everything inside it', async () => {
    const m = await mountApp();
    expect(getComputedStyle($(m, '.ma-root')!).getPropertyValue('-webkit-tap-highlight-color')).to.equal(
      'rgba(0, 0, 0, 0)',
    );
  });

  it('/login: header icons, the form, its links', async () => {
    const m = await mountApp();
    await resize(m, 390, 900);
    await checkPresses(m, m.shadow, '/login');
  });

  it('the language sheet: cancel and OK', async () => {
    const m = await mountApp();
    await resize(m, 390);
    button(m, 'Language').click();
    const sheet = await waitFor(
      () => $$(m, '[role="dialog"]').find((d) => d.querySelector('[role="listbox"]')),
      'picker sheet',
    );
    await checkPresses(m, sheet, 'language sheet');
  });

  it('/ad-center home and /ad-center/coupons, signed in: tiles, tabs, cells, buttons', async () => {
    const { token } = await freshMerchant();
    const home = await mountApp({ token, initialRoute: '/ad-center' });
    await waitRoute(home, '/ad-center');
    await waitFor(
      () => $$(home, '.ma-home__tile').length >= 8 && $(home, '.ma-home__cell') && $$(home, '[role="tab"]').length > 0,
      'the home with its grid and tabs',
    );
    await resize(home, 390, 900);
    await checkPresses(home, home.shadow, '/ad-center');
    unmountAll();
    const coupons = await mountApp({ token, initialRoute: '/ad-center/coupons' });
    await waitRoute(coupons, '/ad-center/coupons');
    await waitFor(() => $$(coupons, 'article.ma-coupon').length > 0, 'coupons');
    await resize(coupons, 390, 900);
    await checkPresses(coupons, coupons.shadow, '/ad-center/coupons');
  });
});
