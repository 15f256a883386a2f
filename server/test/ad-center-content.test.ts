import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { LANGUAGES } from '../../src/api/languages';
import type { Banner, BasicConfig, Faq } from '../../src/api/shapes/config';
import { CTA_ROUTES } from '../../src/api/shapes/cta';
import type { Db } from '../storage/engine';
import { seed } from '../seed/seed';
import { CONTENT_VERSION } from '../seed/seed-ad-center';
import { BANNERS, FAQ_SOURCES, FAQS } from '../seed/seed-data';
import { startServer } from './helpers';
import { emptyStore } from './seeded-db';

const ALL = [...LANGUAGES].sort();

/** Nothing that could run: no script, no event-handler attribute, no javascript: URL, no data: outside images. */
function assertInert(html: string, where: string): void {
  assert.doesNotMatch(html, /<\s*script/i, `${where}: script`);
  assert.doesNotMatch(html, /<[^>]*\son[a-z]+\s*=/i, `${where}: on* attribute`);
  assert.doesNotMatch(html, /javascript:/i, `${where}: javascript: URL`);
  assert.doesNotMatch(html, /<(iframe|object|embed|style|svg|math)\b/i, `${where}: active container`);
}

test('seeded FAQs: five, in all 12 languages, sanitized; the hostile one lost its script, handler and javascript: link but kept its text', async (t) => {
  const s = await startServer(t);
  const c = (await s.call('basicConfig', {})).body.data as BasicConfig;
  assert.equal(c.faq_config.length, 5);
  for (const f of c.faq_config) {
    assert.deepEqual(Object.keys(f.question).sort(), ALL, `faq ${f.id} questions`);
    assert.deepEqual(Object.keys(f.answer).sort(), ALL, `faq ${f.id} answers`);
    for (const lang of LANGUAGES) {
      assert.ok(f.question[lang].length > 5 && f.answer[lang].length > 20, `faq ${f.id} ${lang}`);
      assertInert(f.answer[lang], `faq ${f.id} ${lang}`);
    }
  }
  // The topics the FAQ must cover.
  const en = c.faq_config.map((f) => `${f.question.en} ${f.answer.en}`).join('\n');
  for (const topic of [
    /license key/i,
    /authorization code/i,
    /30 to 50 conversions within 7 days/,
    /coupon/i,
    /withdraw/i,
  ])
    assert.match(en, topic);

  // The hostile source really was hostile, in every language…
  const source = FAQ_SOURCES.find((f) => /<script/.test(f.answer.en))!;
  for (const lang of LANGUAGES) {
    assert.match(source.answer[lang], /<script>/);
    assert.match(source.answer[lang], /onerror=/);
    assert.match(source.answer[lang], /href="javascript:/);
  }
  // …and what is served keeps the harmless parts: the list and the link's words, as an inert <a> without href.
  const served = c.faq_config.find((f) => f.id === source.id)!;
  assert.match(served.answer.en, /<li>One coupon of the same name per day\.<\/li>/);
  assert.match(served.answer.en, /<a target="_blank" rel="noopener noreferrer nofollow">Read the coupon rules<\/a>/);
  assert.match(served.answer.de, />Gutscheinregeln lesen</);
  assert.doesNotMatch(served.answer.en, /<img|alert/);
});

test('seeded banners and operating rules: three banners with titles and subtitles in 12 languages (one detail in English only, for the fallback), calls to action inside the app, rules in 12 languages, all inert', async (t) => {
  const s = await startServer(t);
  const c = (await s.call('basicConfig', { lang: 'de' })).body.data as BasicConfig;
  assert.equal(c.banner_config.length, 3);
  const [a, b, english] = c.banner_config;
  for (const banner of c.banner_config) {
    assert.deepEqual(Object.keys(banner.title).sort(), ALL, `banner ${banner.id} titles`);
    assert.deepEqual(Object.keys(banner.subtitle ?? {}).sort(), ALL, `banner ${banner.id} subtitles`);
    for (const lang of LANGUAGES)
      assert.ok(banner.title[lang].length > 3 && banner.subtitle![lang].length > 3, `banner ${banner.id} ${lang}`);
  }
  for (const banner of [a, b]) assert.deepEqual(Object.keys(banner.content).sort(), ALL);
  assert.deepEqual(Object.keys(english.content), ['en']);
  for (const banner of c.banner_config) {
    assert.match(banner.image, /^data:image\/svg\+xml/);
    assert.doesNotMatch(decodeURIComponent(banner.image), /<script|\son[a-z]+=|<text/i); // no words baked into the art
    for (const [lang, html] of Object.entries(banner.content)) assertInert(html, `banner ${banner.id} ${lang}`);
  }
  assert.match(a.title.en, /3 billion/);
  // Calls to action: optional (the first has none), each a screen of the app with a label in every language.
  assert.equal(a.cta, undefined);
  assert.equal(b.cta!.route, '/ad-center/activities');
  assert.equal(english.cta!.route, '/ad-center/operated');
  const faqCta = c.faq_config.find((f) => f.cta)!;
  assert.equal(faqCta.cta!.route, '/ad-center/coupons');
  for (const cta of [b.cta!, english.cta!, faqCta.cta!]) {
    assert.ok((CTA_ROUTES as readonly string[]).includes(cta.route));
    assert.deepEqual(Object.keys(cta.label).sort(), ALL);
  }

  assert.deepEqual(Object.keys(c.operating_rules).sort(), ALL);
  for (const [lang, html] of Object.entries(c.operating_rules)) {
    assertInert(html, `rules ${lang}`);
    assert.match(html, /^<p><strong>.+<\/strong><\/p><ol><li>/, `rules ${lang}`);
    assert.equal(html.match(/<li>/g)?.length, 6, `rules ${lang}`);
  }
});

/** What the seed before content version 1 wrote (English-only FAQs), byte for byte. */
const LEGACY_FAQS: Faq[] = [
  [
    1,
    'What is a license key?',
    'A license key is given to you by your account manager. You need one to register a merchant account.',
  ],
  [
    2,
    'How do I open my ad account?',
    'After logging in, enter the authorization code you received on the welcome page. Your store opens at once.',
  ],
  [
    3,
    'How do I top up my balance?',
    'Deposits are manual: contact recharge customer service from the wallet page and follow their instructions.',
  ],
  [
    4,
    'When can I withdraw?',
    'Withdrawals are available once your start-up funds have been returned via customer service and a transaction password is set.',
  ],
  [
    5,
    'How long is the learning phase?',
    'A new plan needs about 30 to 50 conversions within 7 days before delivery stabilises.',
  ],
].map(([id, q, a]) => ({ id: id as number, question: { en: q as string }, answer: { en: a as string } }));

/** A config document as stored. */
const configValue = async (db: Db, key: string): Promise<string> =>
  (await db.selectFrom('config').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;

/** A migrated database without the seed, with these config documents in it; closed when the test ends. */
async function unseeded(t: Pick<TestContext, 'after'>, config: Record<string, string>): Promise<Db> {
  const s = await emptyStore();
  t.after(() => s.close());
  await s.db
    .insertInto('config')
    .values(Object.entries(config).map(([key, value]) => ({ key, value })))
    .execute();
  return s.db;
}

test("content upgrade: an older seed's FAQs are replaced once; an operator's edits are kept, before and after the upgrade", async (t) => {
  const edited = JSON.stringify([
    { id: 1, image: 'https://example.com/b.png', title: { en: 'Ours' }, content: { en: '<p>Operator text</p>' } },
  ]);
  const db = await unseeded(t, { faq_config: JSON.stringify(LEGACY_FAQS), banner_config: edited });
  await seed(db);
  const value = (key: string) => configValue(db, key);
  const faqs = JSON.parse(await value('faq_config')) as Faq[];
  assert.equal(faqs.length, 5);
  assert.deepEqual(Object.keys(faqs[0].question).sort(), ALL, 'upgraded to 12 languages');
  assert.equal(await value('banner_config'), edited, 'an edited document is left alone');
  assert.equal(await value('content_version'), String(CONTENT_VERSION));

  // After the upgrade an operator may even go back to the old text: the marker means it is never touched again.
  await db
    .updateTable('config')
    .set({ value: JSON.stringify(LEGACY_FAQS) })
    .where('key', '=', 'faq_config')
    .execute();
  await seed(db);
  assert.equal(await value('faq_config'), JSON.stringify(LEGACY_FAQS));
});

/** The stored content documents, replaced as an operator (or a tampered database) would write them. */
async function store(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insertInto('config')
    .values({ key, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
    .execute();
}

test('banner words and calls to action are served checked: only routes of the app, never an address; plain, bounded text', async (t) => {
  const s = await startServer(t);
  const route = (r: unknown) => ({ route: r, label: { en: 'Go' } });
  const hostile = [
    'https://evil.example/',
    '//evil.example/ad-center/activities',
    'javascript:alert(1)',
    '/ad-center/activities?next=https://evil.example',
    '/ad-center/activities/../../login',
    ' /ad-center/activities',
    '/AD-CENTER/ACTIVITIES',
    '/login',
    '/ad-center',
    42,
    null,
  ];
  const banners = [
    {
      id: 1,
      image: 'https://cdn.example/a.png',
      title: { en: '  Spaced  ', de: 'Titel\u202E', fr: 7 },
      subtitle: { en: 'x'.repeat(500) },
      content: { en: '<p>A</p>' },
      cta: route('/ad-center/activities'),
    },
    ...hostile.map((r, i) => ({
      id: 10 + i,
      image: 'https://cdn.example/b.png',
      title: { en: `Bad ${i}` },
      content: { en: '<p>B</p>' },
      cta: route(r),
    })),
    {
      id: 30,
      image: 'https://cdn.example/c.png',
      title: { en: 'No label' },
      subtitle: { en: '   ' },
      content: { en: '<p>C</p>' },
      cta: { route: '/wallet', label: { en: '' } },
    },
    {
      id: 31,
      image: 'https://cdn.example/d.png',
      title: { en: 'Label not text' },
      subtitle: 'not localized',
      content: { en: '<p>D</p>' },
      cta: { route: '/wallet', label: 'Go' },
    },
  ];
  await store(s.db, 'banner_config', banners);
  await store(s.db, 'faq_config', [
    { id: 1, question: { en: 'Q' }, answer: { en: '<p>A</p>' }, cta: route('https://evil.example/') },
    {
      id: 2,
      question: { en: 'Q2' },
      answer: { en: '<p>A</p>' },
      cta: { route: '/ad-center/coupons', label: { en: 'Open my coupons', ru: 'Открыть' }, extra: 'dropped' },
    },
  ]);
  const c = (await s.call('basicConfig', {})).body.data as BasicConfig;
  const first = c.banner_config[0];
  assert.deepEqual(first.title, { en: 'Spaced' }, 'trimmed; a bidi override and a number are left out');
  assert.equal(first.subtitle!.en.length, 200, 'bounded');
  assert.deepEqual(first.cta, { route: '/ad-center/activities', label: { en: 'Go' } });
  for (const b of c.banner_config.slice(1)) assert.equal(b.cta, undefined, `banner ${b.id}: ${JSON.stringify(b.cta)}`);
  assert.equal(c.banner_config.find((b) => b.id === 30)!.subtitle, undefined, 'an empty subtitle is absent');
  assert.equal(c.banner_config.find((b) => b.id === 31)!.subtitle, undefined);
  assert.equal(c.faq_config[0].cta, undefined);
  assert.deepEqual(c.faq_config[1].cta, {
    route: '/ad-center/coupons',
    label: { en: 'Open my coupons', ru: 'Открыть' },
  });
});

test("content upgrade to version 2: the version-1 seed's FAQs and banners gain their subtitles and calls to action; edits are kept", async (t) => {
  // What the version-1 seed wrote: today's documents without the version-2 fields.
  // (Banner 3's text said "proxy ID" then; it names the follow ID now.)
  const v1Banners = BANNERS.map(({ subtitle: _s, cta: _c, ...b }) => ({
    ...b,
    title: b.id === 3 ? { en: b.title.en } : b.title,
    content: b.id === 3 ? { en: b.content.en.replace('follow ID', 'proxy ID') } : b.content,
  }));
  const v1Faqs = FAQS.map(({ cta: _c, ...f }) => f);
  const db = await unseeded(t, {
    faq_config: JSON.stringify(v1Faqs),
    banner_config: JSON.stringify(v1Banners),
    content_version: '1',
  });
  const value = (key: string) => configValue(db, key);
  await seed(db);
  assert.equal(await value('content_version'), String(CONTENT_VERSION));
  assert.equal(await value('banner_config'), JSON.stringify(BANNERS));
  assert.equal(await value('faq_config'), JSON.stringify(FAQS));
  assert.ok((JSON.parse(await value('banner_config')) as Banner[]).every((b) => b.subtitle));

  const ours = JSON.stringify([{ ...v1Banners[0], title: { en: 'Our own' } }]);
  const edited = await unseeded(t, { banner_config: ours, content_version: '1' });
  await seed(edited);
  assert.equal(await configValue(edited, 'banner_config'), ours, 'an edited document is left alone');
});

test('test API raw-faq: appends an FAQ exactly as given (unsanitized), for the client-side sanitizer test', async (t) => {
  const s = await startServer(t);
  const answer = '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>';
  const r = await s.post('/api/__test__/raw-faq', { question: 'Hostile?', answer });
  assert.equal(r.body.code, 200, r.text);
  assert.equal(r.body.data.id, 6);
  const c = (await s.call('basicConfig', {})).body.data as BasicConfig;
  assert.equal(c.faq_config.length, 6);
  assert.deepEqual(c.faq_config[5], { id: 6, question: { en: 'Hostile?' }, answer: { en: answer } });
  assert.equal((await s.post('/api/__test__/raw-faq', { question: 'No answer' })).body.code, 400);
});
