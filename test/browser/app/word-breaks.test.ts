/**
 * No word is broken inside itself without a hyphen, in any language that separates words with
 * spaces (and Thai, whose words the browser finds by dictionary as Intl.Segmenter does), on a 320 px and a 390 px
 * phone. Each screen of the signed-in ad centre and the sign-in forms, with its real data from the reference
 * server; `brokenWords` reads the line boxes of every visible character (support/design.ts).
 */
import { expect } from 'chai';
import { $, $$, freshMerchant, mountApp, unmountAll, waitFor, waitRoute, type Mounted } from '../support/app';
import { brokenWords, overflowingWords, resize } from '../support/design';

interface Visit {
  path: string;
  url?: string;
  auth?: boolean;
  ready: (m: Mounted) => unknown;
}

const VISITS: Visit[] = [
  { path: '/login', ready: (m) => $(m, 'form input') && $(m, 'button[type="submit"]') },
  { path: '/register', ready: (m) => $(m, 'input[type="checkbox"]') },
  {
    path: '/ad-center',
    auth: true,
    ready: (m) => $$(m, '.ma-home__tile').length >= 8 && $(m, '.ma-home__cell') && $(m, '.ma-home__figure dd'),
  },
  { path: '/ad-center/coupons', auth: true, ready: (m) => $$(m, 'article.ma-coupon').length > 0 },
  { path: '/ad-center/activities', auth: true, ready: (m) => $$(m, '.ma-activity').length > 0 },
  { path: '/ad-center/level', auth: true, ready: (m) => $$(m, '.ma-level__item').length > 0 },
  { path: '/ad-center/operated', auth: true, ready: (m) => $$(m, '.ma-operated__record h3').length >= 2 },
  { path: '/ad-center/edit-login-password', auth: true, ready: (m) => $$(m, 'input[type="password"]').length === 3 },
  {
    path: '/ad-center/ques-detail',
    url: '/ad-center/ques-detail?id=3',
    auth: true,
    ready: (m) => $(m, '.ma-ques-detail__question'),
  },
];

// Our language codes and the BCP 47 tag the segmenter wants.
const LANGS: [code: string, tag: string][] = [
  ['de', 'de'],
  ['fr', 'fr'],
  ['ru', 'ru'],
  ['en', 'en'],
  ['pt', 'pt'],
  ['spa', 'es'],
  ['vi', 'vi'],
  ['kor', 'ko'],
  ['th', 'th'],
];

describe('brokenWords and overflowingWords (support/design.ts) see what a reader sees', () => {
  const box = (html: string, style: string) => {
    const el = document.createElement('div');
    el.lang = 'de';
    el.style.cssText = `width: 60px; font: 14px sans-serif; ${style}`;
    el.innerHTML = html;
    document.body.append(el);
    return el;
  };
  afterEach(() => document.querySelectorAll('body > div[lang="de"]').forEach((e) => e.remove()));

  it('a word broken anywhere is found; broken at a soft hyphen or a hyphen it is not; unbroken and too wide, it sticks out', () => {
    const anywhere = box('Benachrichtigungen', 'overflow-wrap: anywhere');
    expect(brokenWords(anywhere, 'de')).to.have.length.greaterThan(0);
    expect(brokenWords(anywhere, 'de')[0]).to.match(/^"Benach.*\|.*" \(Benachrichtigungen\)/);
    expect(overflowingWords(anywhere, 'de')).to.deep.equal([]);
    const soft = box('Benach\u00adrichti\u00adgungen', 'overflow-wrap: anywhere');
    expect(soft.getBoundingClientRect().height, 'it did wrap').to.be.greaterThan(30);
    expect(brokenWords(soft, 'de')).to.deep.equal([]);
    const hyphen = box('Shop-Stufe Shop-Stufe', '');
    expect(brokenWords(hyphen, 'de')).to.deep.equal([]);
    const whole = box('Benachrichtigungen', '');
    expect(brokenWords(whole, 'de')).to.deep.equal([]);
    expect(overflowingWords(whole, 'de')).to.have.length(1);
    const cut = box('Benachrichtigungen', 'white-space: nowrap; overflow: hidden; text-overflow: ellipsis');
    expect(overflowingWords(cut, 'de'), 'one line on purpose').to.deep.equal([]);
  });
});

describe('no word broken without a hyphen at 320 and 390 px', function () {
  this.timeout(120000);
  let token: string;
  before(async () => {
    token = (await freshMerchant()).token;
  });
  afterEach(unmountAll);

  for (const [code, tag] of LANGS) {
    it(`${code}: every ad-centre screen and the sign-in forms`, async () => {
      const problems: string[] = [];
      for (const v of VISITS) {
        const m = await mountApp({ language: code, initialRoute: v.url ?? v.path, ...(v.auth ? { token } : {}) });
        await waitRoute(m, v.path);
        await waitFor(() => v.ready(m), `${v.path}: its content`, 10000);
        for (const width of [320, 390]) {
          await resize(m, width);
          for (const p of [...brokenWords(m.shadow, tag), ...overflowingWords(m.shadow, tag)])
            problems.push(`${v.path} @${width}: ${p}`);
        }
        unmountAll();
      }
      expect(problems, `${code}:\n${problems.join('\n')}`).to.deep.equal([]);
    });
  }
});
