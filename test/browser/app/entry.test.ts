import { expect } from 'chai';
import { $, click, demoToken, mountApp, routeOf, testApi, text, type, unique, unmountAll, waitFor, waitRoute, waitText } from '../support/app';

describe('partner entry and the welcome page', () => {
  afterEach(unmountAll);

  it('a partner user with an ad account goes straight in', async () => {
    const m = await mountApp({ initialRoute: '/entry?entry=partner&uid=p-1001' });
    await waitRoute(m, '/ad-center');
    // Partner users may not log out from the header: that is the host app's business.
    expect(text(m)).to.not.include('Log out');
    expect(m.shadow.querySelector('[aria-label="Log out"]')).to.equal(null);
  });

  it('401 → welcome page keeping the query → wrong code → DEMO-AUTH → in', async () => {
    const uid = unique('np');
    const m = await mountApp({ initialRoute: `/entry?entry=partner&uid=${uid}` });
    await waitRoute(m, '/ad-welcome');
    expect(routeOf(m)).to.equal(`/ad-welcome?entry=partner&uid=${uid}`);
    await waitText(m, 'over 3 billion users');
    type(m, 'Authorization code', 'NOPE-123');
    click(m, 'Open ad account');
    await waitText(m, 'No matching authorization code found');
    expect((m.shadow.querySelector('input[name="auth_code"]') as HTMLInputElement).value).to.equal('NOPE-123');
    expect(routeOf(m)?.startsWith('/ad-welcome')).to.equal(true);
    type(m, 'Authorization code', 'DEMO-AUTH');
    click(m, 'Open ad account');
    await waitRoute(m, '/ad-center');
    // Now the same partner user gets in directly.
    unmountAll();
    const again = await mountApp({ initialRoute: `/entry?entry=partner&uid=${uid}` });
    await waitRoute(again, '/ad-center');
  });

  it('the partner language comes from the server (partner-de → German welcome)', async () => {
    const m = await mountApp({ initialRoute: `/entry?entry=partner-de&uid=${unique('de')}` });
    await waitRoute(m, '/ad-welcome');
    await waitFor(() => m.events.some((e) => e.type === 'language' && e.payload.lang === 'de'), 'German');
    expect($(m, 'h1')?.textContent).to.not.equal('Welcome');
  });

  it('a disabled partner account opening its store: one customer-service dialog, one error event', async () => {
    const uid = unique('dis');
    const r = await fetch('/api/auth/v2/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ entry: 'partner', uid }) });
    expect((await r.json()).code).to.equal(200);
    await testApi('set-state', { username: `partner:${uid}`, state: 'disabled' });
    const m = await mountApp({ initialRoute: `/ad-welcome?entry=partner&uid=${uid}` });
    await waitRoute(m, '/ad-welcome');
    type(m, 'Authorization code', 'DEMO-AUTH');
    click(m, 'Open ad account');
    await waitFor(() => $(m, '.ma-cs'), 'customer-service dialog');
    // Let a second report, if any, arrive before counting.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(m.events.filter((e) => e.type === 'error').map((e) => e.payload.code)).to.deep.equal([403]);
    expect(routeOf(m)?.startsWith('/ad-welcome')).to.equal(true);
    expect((m.shadow.querySelector('input[name="auth_code"]') as HTMLInputElement).value).to.equal('DEMO-AUTH');
  });

  it('an incomplete entry link says so instead of spinning', async () => {
    const m = await mountApp({ initialRoute: '/entry?entry=partner' });
    await waitText(m, 'This link is incomplete');
  });

  it('/customer frames only web links from its url query', async () => {
    const m = await mountApp({ token: await demoToken() });
    m.app.navigate('/customer?url=' + encodeURIComponent('/chat.html'));
    await waitRoute(m, '/customer');
    const frame = await waitFor(() => m.shadow.querySelector('iframe'), 'iframe');
    expect(frame.getAttribute('src')).to.match(/\/chat\.html$/);
    m.app.navigate('/customer?url=' + encodeURIComponent('javascript:alert(1)'));
    await waitText(m, 'No customer service link was given.');
    expect(m.shadow.querySelector('iframe')).to.equal(null);
  });

  it('customer-service contacts: type 1 opens /customer inside, others go out through openUrl', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center' });
    click(m, 'Customer service');
    const items = await waitFor(() => {
      const x = Array.from(m.shadow.querySelectorAll<HTMLElement>('.ma-cs__item'));
      return x.length > 1 ? x : null;
    }, 'contacts');
    items[items.length - 1].click();
    await waitFor(() => m.events.some((e) => e.type === 'openUrl' && /^https:/.test(e.payload.url) && e.payload.purpose === 'customerService'), 'openUrl');
    expect(routeOf(m)).to.equal('/ad-center');
    click(m, 'Customer service');
    const first = await waitFor(() => m.shadow.querySelector<HTMLElement>('.ma-cs__item'), 'contacts again');
    first.click();
    await waitRoute(m, '/customer');
    expect(m.shadow.querySelector('iframe')?.getAttribute('src')).to.match(/chat\.html$/);
  });
});
