import { expect } from 'chai';
import type { Broadcast, Statistics } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  freshMerchant,
  mountApp,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { apiCall } from '../../shared/coupon/test-support';

// The server's basic config names the currency (USD in the demo) and every amount on the home
// is money in it, formatted by Intl for the language shown: the profile's deposit and balance, the overview's five
// money figures, the live card's three amounts and the amounts in its updates.

const INTL = { en: 'en-US', de: 'de-DE' } as const;

/** Pairs each amount on the home with what it is, so a failure names the one without its currency. */
function amounts(m: Mounted): [string, string][] {
  const profile = $$(m, '.ma-home__profile-figures > div');
  const out: [string, string][] = [];
  for (const cell of profile) {
    const label = cell.querySelector('.ma-home__label')!.textContent;
    if (/Deposit|Balance|Kaution|Guthaben/.test(label))
      out.push([`profile ${label}`, cell.querySelector('strong')!.textContent]);
  }
  for (const key of ['investment_amount', 'consumed', 'to_be_consumed', 'ad_revenue', 'profit']) {
    out.push([`overview ${key}`, $(m, `.ma-home__figure[data-key="${key}"] dd`)!.textContent]);
  }
  const live = $$(m, '.ma-home__live-figures > div');
  for (const i of [1, 3, 4])
    out.push([`live ${live[i].querySelector('dt')!.textContent}`, live[i].querySelector('dd')!.textContent]);
  return out;
}

describe('ad-centre home: every amount is money in the configured currency', () => {
  afterEach(unmountAll);

  for (const lang of ['en', 'de'] as const) {
    it(`${lang}: the profile, the overview and the live card show USD amounts as ${INTL[lang]} writes them`, async () => {
      const { token } = await freshMerchant(lang);
      const config = await fetch('/api/basic_config').then((r) => r.json());
      expect(config.data.currency, 'the server names the currency').to.equal('USD');
      // The live card's figures are every merchant's, so test files running beside this one change them: the
      // server's figures are read before the mount and after the card shows, and the mount is tried again until
      // both reads agree, so the card shows what the server held the whole time.
      const liveNow = async () => (await apiCall<Broadcast>(token, '/broadcast-data')).data;
      let m!: Mounted;
      let live!: Broadcast;
      for (let attempt = 1; ; attempt++) {
        const before = await liveNow();
        m = await mountApp({ token, initialRoute: '/ad-center', language: lang });
        await waitRoute(m, '/ad-center');
        await waitFor(
          () =>
            $(m, '.ma-home__figure[data-key="profit"] dd') &&
            $$(m, '.ma-home__live-figures > div').length === 5 &&
            $$(m, '.ma-home__profile-figures strong').length === 4,
          'the figures',
        );
        // A first visit has no stored config: amounts are money once the config that names the currency is in.
        await waitFor(
          () => $$(m, '.ma-home__profile-figures strong')[2].textContent.includes('$'),
          'the currency from the config',
        );
        live = await liveNow();
        if (JSON.stringify(before) === JSON.stringify(live) || attempt === 5) break;
        unmountAll();
      }

      // The shape Intl gives USD in each language: "$1,234.56" in English, "1.234,56 $" in German.
      const shape = lang === 'en' ? /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/ : /^-?\d{1,3}(\.\d{3})*,\d{2}\s\$$/;
      const shown = amounts(m);
      expect(shown).to.have.length(10);
      for (const [what, text] of shown) expect(text, what).to.match(shape);

      // The same amounts the server sent, formatted.
      const money = (s: string) =>
        new Intl.NumberFormat(INTL[lang], { style: 'currency', currency: 'USD' }).format(s as unknown as number);
      const liveShown = shown.filter(([w]) => w.startsWith('live')).map(([, t]) => t.replace(/\s/g, ' '));
      expect(liveShown).to.deep.equal(
        [live.ad_demand, live.earned, live.withdrew].map((a) => money(a).replace(/\s/g, ' ')),
      );
      const stats = (await apiCall<Statistics>(token, '/ad/order/data_statistics/list?type=today&user_time_zone=UTC'))
        .data;
      expect(shown.find(([w]) => w.includes('Deposit') || w.includes('Kaution'))![1].replace(/\s/g, ' ')).to.equal(
        money(stats.deposit).replace(/\s/g, ' '),
      );

      // The live card's updates carry their amounts in the currency too.
      const updates = $$(m, '.ma-home__marquee-item').map((u) => u.textContent.replace(/\s/g, ' '));
      for (const u of live.updates.filter((x) => x.amount !== null)) {
        expect(
          updates.some((text) => text.includes(money(u.amount!).replace(/\s/g, ' '))),
          `${money(u.amount!)} in ${updates.join(' | ')}`,
        ).to.equal(true);
      }
    });
  }
});
