import { expect } from 'chai';
import type { Contact } from '../../api/shapes/config';
import {
  $,
  $$,
  freshMerchant,
  mountApp,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../test/browser/support/app';
import { brokenWords, overflowingWords, resize } from '../../../test/browser/support/design';
import { expectAxeClean } from '../../../test/browser/support/render';
import { seenElements, seenText } from '../../../test/browser/support/visible';

const popup = (m: Mounted) => $(m, '[role="dialog"]');
const rows = (m: Mounted) => $$(m, '.ma-cs__item');
const labels = (m: Mounted) => rows(m).map((r) => r.textContent);
const row = (m: Mounted, label: string) => rows(m).find((r) => r.textContent === label)!;
const openUrls = (m: Mounted) =>
  m.events.filter((e) => e.type === 'openUrl').map((e) => e.payload as { url: string; purpose: string });

async function ownContacts(username: string, kind: 'service' | 'recharge', contacts: Contact[]) {
  const r = await fetch('/api/__test__/user-contacts', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, kind, contacts: contacts.map((c) => JSON.stringify(c)) }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`test api user-contacts: ${JSON.stringify(j)}`);
}

async function openPopup(m: Mounted, how: 'header' | 'recharge' = 'header') {
  if (how === 'header') $$(m, '.ma-header__icon')[0].click();
  else m.app.openCustomerService({ mode: 'recharge' });
  await waitFor(() => popup(m) && rows(m).length + $$(m, '.ma-cs .ma-empty').length > 0, 'the popup with its rows');
  return popup(m)!;
}

describe('customer-service popup', () => {
  afterEach(unmountAll);

  it('normal mode: 85% wide, each contact with its label in the current language and an icon; type 1 opens /customer, type 2 goes out through openUrl', async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token, initialRoute: '/ad-center', language: 'de' });
    await waitRoute(m, '/ad-center');
    const dialog = await openPopup(m);
    expect(dialog.querySelector('h2, [id$="title"]')?.textContent ?? dialog.getAttribute('aria-label')).to.contain(
      'Kundenservice',
    );
    // 85% of the layer it is centred in (the app's column); layout widths, as the opening zoom scales the box.
    expect(dialog.offsetWidth / dialog.parentElement!.offsetWidth).to.be.closeTo(0.85, 0.01);
    expect(labels(m)).to.deep.equal(['Online-Kundendienst', 'Support-Website']);
    expect(rows(m).every((r) => r.querySelector('svg, img'))).to.equal(true);
    await expectAxeClean(m.shadow);
    row(m, 'Support-Website').click();
    await waitFor(() => openUrls(m).length === 1, 'openUrl');
    expect(openUrls(m)[0]).to.deep.equal({ url: 'https://example.com/support', purpose: 'customerService' });
    await waitFor(() => !popup(m), 'closed');
    await openPopup(m);
    row(m, 'Online-Kundendienst').click();
    await waitRoute(m, '/customer');
  });

  it("recharge mode (the wallet's deposit) lists the recharge contacts under its own title", async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    const dialog = await openPopup(m, 'recharge');
    expect(dialog.textContent).to.contain('Deposit via customer service');
    expect(labels(m)).to.deep.equal(['Recharge service', 'Recharge support website']);
    row(m, 'Recharge support website').click();
    await waitFor(() => openUrls(m).at(-1)?.url === 'https://example.com/recharge', 'openUrl');
  });

  it("the merchant's own list replaces the config's; a label missing in the language falls back to English; links that may not open are left out", async () => {
    const { username, token } = await freshMerchant();
    await ownContacts(username, 'service', [
      {
        id: 11,
        type: 2,
        url: 'https://help.example.org/merchant',
        label: { en: 'Your account manager', de: 'Ihr Kundenbetreuer' },
      },
      { id: 12, type: 2, url: 'https://wa.example.org/123', label: { en: 'WhatsApp' } },
      { id: 13, type: 2, url: 'http://plain.example.org/chat', label: { en: 'Not encrypted' } },
      { id: 14, type: 2, url: 'javascript:alert(1)', label: { en: 'Script' } },
    ]);
    const m = await mountApp({ token, initialRoute: '/ad-center', language: 'de' });
    await waitRoute(m, '/ad-center');
    await openPopup(m);
    expect(labels(m)).to.deep.equal(['Ihr Kundenbetreuer', 'WhatsApp']);
    expect(row(m, 'WhatsApp').querySelector('[lang]')!.getAttribute('lang')).to.equal('en');
  });

  it('with nothing that may be opened, the popup says there is no customer service', async () => {
    const { username, token } = await freshMerchant();
    await ownContacts(username, 'recharge', [
      { id: 21, type: 2, url: 'http://evil.example.com/', label: { en: 'Plain http' } },
    ]);
    const m = await mountApp({ token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    const dialog = await openPopup(m, 'recharge');
    expect(rows(m)).to.have.length(0);
    expect(dialog.textContent).to.contain('No customer service available');
    await expectAxeClean(m.shadow);
  });

  it('when no host listens for openUrl, the app opens a new window itself (https only, without opener)', async () => {
    const { token } = await freshMerchant();
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = (...a: unknown[]) => {
      opened.push(a);
      return null;
    };
    try {
      // No onEvent and no on('openUrl'): a host that takes no events (m.events stays empty, so no waitRoute).
      const m = await mountApp({ token, initialRoute: '/ad-center', onEvent: undefined });
      await waitFor(
        () => $$(m, 'button').find((b) => b.getAttribute('aria-label') === 'Customer service'),
        'the home header',
      );
      await openPopup(m);
      row(m, 'Support website').click();
      await waitFor(() => opened.length === 1, 'a new window');
      expect(opened[0]).to.deep.equal(['https://example.com/support', '_blank', 'noopener,noreferrer']);
    } finally {
      window.open = original;
    }
  });

  it('/customer without a link, or with one that is not ours, leads on: customer service opens the contacts, home goes home', async () => {
    const { token } = await freshMerchant();
    const m = await mountApp({ token, initialRoute: '/customer' });
    await waitRoute(m, '/customer');
    await waitFor(() => seenText(m).includes('No customer service link was given.'), 'the missing link explained');
    const seenButton = (name: string) =>
      seenElements<HTMLButtonElement>(m, 'button').find((b) => b.textContent === name);
    await expectAxeClean(m.shadow);
    seenButton('Customer service')!.click();
    await waitFor(() => seenElements(m, '.ma-cs__item').length > 0, 'the customer-service contacts');
    expect(labels(m)).to.deep.equal(['Online customer service', 'Support website']);
    (popup(m)!.querySelector('.ma-popup__close') as HTMLButtonElement).click();
    await waitFor(() => !popup(m), 'closed');
    m.app.navigate('/customer?url=' + encodeURIComponent('https://evil.example/login'));
    await waitFor(
      () => seenText(m).includes('This link is not one of our customer-service contacts'),
      'the unknown link explained',
    );
    seenButton('Back to home')!.click();
    await waitRoute(m, '/ad-center');
  });

  it('/customer: "Open in a new window" is a touch target of at least 44 × 44 px; German and Russian at 320 px fit', async () => {
    const { token } = await freshMerchant();
    for (const [language, name] of [
      ['en', 'Open in a new window'],
      ['de', null],
      ['ru', null],
    ] as const) {
      const m = await mountApp({ token, initialRoute: '/customer?url=' + encodeURIComponent('/chat.html'), language });
      await waitRoute(m, '/customer');
      await resize(m, language === 'en' ? 390 : 320);
      const open = await waitFor(() => seenElements(m, '.ma-customer__bar button')[0], 'the bar');
      if (name) expect(open.textContent).to.equal(name);
      const box = open.getBoundingClientRect();
      expect(
        [box.width, box.height].every((x) => x >= 44),
        `${language}: ${box.width} × ${box.height}`,
      ).to.equal(true);
      expect(overflowingWords(m.shadow, language), language).to.deep.equal([]);
      expect(brokenWords(m.shadow, language), language).to.deep.equal([]);
      unmountAll();
    }
  });
});
