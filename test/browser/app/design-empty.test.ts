/**
 * Empty, not-found and failed states have one button style. Each state below is reached for
 * real (an unknown route, feedback with none sent yet, an old link to a question, a load the server fails, a new
 * merchant's empty coupon list) and its way forward must be the one primary button inside the empty state.
 */
import { expect } from 'chai';
import {
  $$,
  apiFault,
  freshMerchant,
  mountApp,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../support/app';
import { nameOf } from '../support/design';

/** The drawn empty states and the buttons each offers, as class lists. */
function emptyStates(m: Mounted): { text: string; buttons: string[]; outside: string[] }[] {
  return $$(m, '.ma-empty')
    .filter((e) => e.getClientRects().length > 0)
    .map((e) => {
      // A button beside the empty state rather than in it (the old 404 and placeholder layout) is another style too.
      const around = e.parentElement ? Array.from(e.parentElement.children).filter((c) => c !== e) : [];
      return {
        text: e.querySelector('.ma-empty__description')?.textContent ?? '',
        buttons: Array.from(e.querySelectorAll('button')).map((b) => b.className),
        outside: around
          .flatMap((c) => (c.matches('button') ? [c] : Array.from(c.querySelectorAll('button'))))
          .map((b) => nameOf(b)),
      };
    });
}

/** A merchant registered straight through the API: nothing received yet, so no coupons at all. */
async function newMerchant(): Promise<string> {
  const username = unique('em');
  const body = {
    username,
    password: 'secret123',
    confirm_password: 'secret123',
    email: `${username}@example.com`,
    phone: '+4915112345678',
    license_key: 'DEMO-LICENSE',
    terms: true,
    lang: 'en',
  };
  const j = await (
    await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
  expect(j.code, JSON.stringify(j)).to.equal(200);
  return j.data.token;
}

describe('empty, not-found and failed states share one button style', function () {
  this.timeout(30000);
  afterEach(unmountAll);

  it('the 404 screen, feedback with none sent yet, an old question link, a failed load and an empty list: one primary button each, inside the state', async () => {
    const { token } = await freshMerchant();
    const seen: { where: string; text: string; buttons: string[]; outside: string[] }[] = [];
    const look = async (where: string, m: Mounted) => {
      await waitFor(() => emptyStates(m).length, `${where}: an empty state`);
      // The state and its button come in one render; the next frame has both.
      await new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
      for (const s of emptyStates(m)) seen.push({ where, ...s });
      unmountAll();
    };

    await look('404', await mountApp({ initialRoute: '/no/such/page' }));

    const feedback = await mountApp({ token, initialRoute: '/ad-center/feedback' });
    await waitRoute(feedback, '/ad-center/feedback');
    await look('feedback with none sent yet', feedback);

    const question = await mountApp({ token, initialRoute: '/ad-center/ques-detail?id=987654' });
    await waitRoute(question, '/ad-center/ques-detail');
    await look("kit NotFound (a question that doesn't exist)", question);

    await apiFault('/user/level', token, 'fail');
    try {
      const level = await mountApp({ token, initialRoute: '/ad-center/level' });
      await waitRoute(level, '/ad-center/level');
      await look('kit LoadFailed (the level)', level);
    } finally {
      await apiFault('/user/level', token, null);
    }

    const coupons = await mountApp({ token: await newMerchant(), initialRoute: '/ad-center/coupons' });
    await waitRoute(coupons, '/ad-center/coupons');
    await look("an empty list (a new merchant's coupons)", coupons);

    const report = seen
      .map((s) => `${s.where}: "${s.text}" → in it [${s.buttons.join(' / ')}], beside it [${s.outside.join(' / ')}]`)
      .join('\n');
    expect(new Set(seen.map((s) => s.where)).size, report).to.equal(5);
    for (const s of seen) {
      expect(s.buttons.length + s.outside.length, `${s.where}: a way forward\n${report}`).to.be.greaterThan(0);
      expect(s.outside, `${s.where}: no button beside the empty state\n${report}`).to.deep.equal([]);
      expect(s.buttons.length, `${s.where}: at most one way forward\n${report}`).to.be.at.most(1);
    }
    const styles = new Set(seen.flatMap((s) => s.buttons));
    expect([...styles], `one button style for all:\n${report}`).to.deep.equal([
      'ma-button ma-button--primary ma-button--normal',
    ]);
  });
});
