import { expect } from 'chai';
import {
  $,
  $$,
  apiFault,
  button,
  demoToken,
  mountApp,
  text,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../support/app';

describe('home: loading, failure and who is greeted', () => {
  afterEach(unmountAll);

  it("keeps the account card's shape while the account loads (grey bars where its values go), then the values", async () => {
    const token = await demoToken();
    await apiFault('/user/info', token, 'hold');
    try {
      const m = await mountApp({ token, initialRoute: '/ad-center' });
      await waitRoute(m, '/ad-center');
      // The card, busy, its labels in place and a bar where the proxy ID goes (so nothing moves when it lands).
      const card = await waitFor(() => $(m, '.ma-home__profile'), 'account card');
      expect(card.getAttribute('aria-busy')).to.equal('true');
      expect(card.querySelector('.ma-home__proxy .ma-home__pending')).to.not.equal(null);
      expect(card.querySelector('.ma-home__proxy-id')).to.equal(null);
      const height = card.getBoundingClientRect().height;
      await apiFault('/user/info', token, null);
      await waitFor(() => card.querySelector('.ma-home__proxy-id'), 'the proxy ID');
      expect(card.hasAttribute('aria-busy')).to.equal(false);
      expect(card.getBoundingClientRect().height, 'the same shape').to.be.closeTo(height, 0.5);
    } finally {
      await apiFault('/user/info', token, null);
    }
  });

  it('a first load that fails says so and retries; a refresh that fails over shown data says so quietly', async () => {
    const token = await demoToken();
    const prefix = `home-${Math.random().toString(36).slice(2)}:`;
    await apiFault('/user/info', token, 'fail');
    try {
      const m = await mountApp({ token, persistToken: true, initialRoute: '/ad-center', storagePrefix: prefix });
      await waitText(m, 'Could not load your account.');
      expect($(m, '.ma-home__profile')).to.equal(null);
      await apiFault('/user/info', token, null);
      // A Retry that lands while a load sent before the fault was lifted is still out joins that load and its
      // failure (the account's load is the session's, shared with start-up); the merchant taps again, so does the test.
      await waitFor(() => {
        if ($(m, '.ma-home__proxy-id')) return true;
        $$(m, 'button')
          .find((b) => b.textContent.trim() === 'Retry')
          ?.click();
        return false;
      }, 'the account');
      expect(text(m)).to.not.include('Could not load');
      unmountAll();

      // The user info is kept on the device: the next visit shows it at once, and a failed refresh is named.
      await apiFault('/user/info', token, 'fail');
      const again = await mountApp({ token, persistToken: true, initialRoute: '/ad-center', storagePrefix: prefix });
      await waitText(again, 'Could not refresh; showing earlier data.');
      expect(text(again)).to.include('Credit score');
      await apiFault('/user/info', token, null);
      // As above: tapped until a load sent after the fault was lifted answers.
      await waitFor(() => {
        const notice = $$(again, '.ma-notice').find((n) => n.textContent.includes('Could not refresh'));
        notice?.querySelector('button')?.click();
        return !notice;
      }, 'notice gone after a good refresh');
    } finally {
      await apiFault('/user/info', token, null);
    }
  });

  it('a registered merchant is greeted by name and may change the login password', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center' });
    await waitFor(() => $(m, '.ma-home__proxy-id'), 'the account');
    expect($(m, 'h1')!.textContent).to.match(/^Hello, .+/);
    expect(() => button(m, 'Change login password')).to.not.throw();
  });

  it('a partner user is not greeted by the raw uid and is not offered a login password', async () => {
    const link = await (await fetch('/api/__test__/partner-link?entry=partner&uid=p-1001&age=0')).json();
    const m = await mountApp({ initialRoute: link.data.path });
    await waitRoute(m, '/ad-center');
    await waitFor(() => $(m, '.ma-home__proxy-id'), 'the account');
    // Greeted by the nickname, never by the stored username (partner:p-1001) or the partner's uid.
    expect($(m, 'h1')!.textContent).to.equal('Hello, Partner store');
    expect(text(m)).to.not.include('Change login password');
  });
});
