import { expect } from 'chai';
import {
  $,
  $$,
  apiFault,
  button,
  demoToken,
  mountApp,
  routeOf,
  text,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';

const at = (id: number | string) => `/ad-center/ques-detail?id=${id}`;
const question = (m: Mounted) => $(m, '.ma-ques-detail__question');
const answer = (m: Mounted) => $(m, '.ma-ques-detail__answer');

async function open(id: number | string, o: { language?: string; token?: string } = {}) {
  const m = await mountApp({
    token: o.token ?? (await demoToken()),
    initialRoute: at(id),
    ...(o.language ? { language: o.language } : {}),
  });
  await waitRoute(m, '/ad-center/ques-detail');
  return m;
}

/**
 * The test API's unsanitized FAQ, in English only: stored exactly as given, as a careless operator tool or a
 * tampered database would hold it.
 */
async function rawFaq(question: string, answer: string): Promise<number> {
  const r = await fetch('/api/__test__/raw-faq', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ question, answer }),
  });
  const j = await r.json();
  if (j.code !== 200) throw new Error(`raw-faq: ${JSON.stringify(j)}`);
  return j.data.id;
}

declare global {
  interface Window {
    __xssRan?: unknown;
  }
}

/** Nothing that could run is in the widget: no script or frame, no on* attribute, no javascript: address. */
function expectInert(m: Mounted): void {
  expect($$(m, 'script, iframe, object, embed'), 'script or frame').to.have.length(0);
  for (const el of $$(m, '*')) {
    const handlers = el.getAttributeNames().filter((a) => a.toLowerCase().startsWith('on'));
    expect(handlers, `${el.tagName} handlers`).to.deep.equal([]);
    for (const a of ['href', 'src', 'action', 'formaction', 'xlink:href']) {
      expect(el.getAttribute(a) ?? '', `${el.tagName} ${a}`).to.not.match(/^\s*(javascript|vbscript|data:text)/i);
    }
  }
}

describe('question detail (/ad-center/ques-detail)', () => {
  afterEach(() => {
    unmountAll();
    delete window.__xssRan;
  });

  it('shows the question as the heading and the answer as rich text, with the other questions to read on', async () => {
    const m = await open(3);
    await waitFor(() => question(m), 'question');
    expect(question(m)!.tagName).to.equal('H2');
    expect(question(m)!.textContent).to.equal('What is the learning phase?');
    expect(answer(m)!.querySelector('strong')!.textContent).to.equal('about 30 to 50 conversions within 7 days');
    expect(question(m)!.hasAttribute('lang')).to.equal(false);
    const more = $$(m, '.ma-ques-detail__link');
    // The seeded five first (tests append FAQs of their own to the shared config).
    expect(more.slice(0, 4).map((b) => b.textContent)).to.deep.equal([
      'What is a license key?',
      'How do I open my ad account?',
      'How do coupons work?',
      'When can I withdraw?',
    ]);
    await expectAxeClean(m.shadow);
    button(m, 'What is a license key?').click();
    await waitFor(() => question(m)?.textContent === 'What is a license key?', 'the other question');
    expect(routeOf(m)).to.equal(at(1));
  });

  it('in another language, and again when the language changes', async () => {
    const m = await open(3, { language: 'de' });
    await waitFor(() => question(m)?.textContent === 'Was ist die Lernphase?', 'German question');
    expect(answer(m)!.textContent).to.include('etwa 30 bis 50 Conversions innerhalb von 7 Tagen');
    await m.app.setLanguage('jp');
    await waitFor(() => question(m)?.textContent === '学習期間とは何ですか？', 'Japanese question');
    expect(answer(m)!.textContent).to.include('7 日以内に約 30〜50 件のコンバージョン');
    expect(text(m)).to.include('その他の質問');
  });

  it('falls back to English where the FAQ has no text in the language, and marks it as English', async () => {
    const id = await rawFaq('Only in English?', '<p>Yes, this answer is only written in English.</p>');
    const m = await open(id, { language: 'ru' });
    await waitFor(() => question(m)?.textContent === 'Only in English?', 'English question');
    expect(question(m)!.getAttribute('lang')).to.equal('en');
    expect(answer(m)!.textContent).to.equal('Yes, this answer is only written in English.');
    expect(answer(m)!.closest('[lang]')!.getAttribute('lang')).to.equal('en');
    // The screen's own words are Russian.
    expect(text(m)).to.include('Другие вопросы');
  });

  it('the seeded hostile FAQ: its script, onerror and javascript: link are gone, its text stays', async () => {
    const m = await open(4);
    await waitFor(() => question(m)?.textContent === 'How do coupons work?', 'question');
    // What is checked is the DOM as rendered: nothing to wait for.
    expectInert(m);
    // The link's words are kept as plain text; the list of rules too.
    expect(answer(m)!.textContent).to.include('Read the coupon rules');
    expect(answer(m)!.textContent).to.include('One coupon of the same name per day.');
    expect($$(m, '.ma-ques-detail__answer a')).to.have.length(0);
  });

  it("an unsanitized FAQ stored behind the server's back still runs nothing", async () => {
    const payload = [
      '<p>Harmless text stays.</p>',
      '<script>window.__xssRan = "script"</script>',
      '<img src="x" onerror="window.__xssRan = \'onerror\'">',
      '<p><a href="javascript:window.__xssRan=\'link\'">A javascript link</a> and <a href=" JaVaScRiPt:window.__xssRan=1">another</a></p>',
      '<iframe srcdoc="<script>parent.__xssRan = \'srcdoc\'</script>"></iframe>',
      '<svg><image href="x" onerror="window.__xssRan = \'svg\'"></image></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror="window.__xssRan = \'mxss\'"></style></mglyph></table></mtext></math>',
      '<details open ontoggle="window.__xssRan = \'toggle\'">Details text</details>',
      '<p onmouseover="window.__xssRan = \'hover\'" style="position:fixed;inset:0">Hover text</p>',
    ].join('');
    const id = await rawFaq('<b onmouseover="x">Is this safe?</b>', payload);
    const m = await open(id);
    await waitFor(() => answer(m), 'answer');
    // A fixed wait, kept: it shows that no payload runs (an image error, a toggle, a frame would fire on their own
    // time), and a payload that does not run offers nothing to wait for.
    await new Promise((ok) => setTimeout(ok, 500));
    expect(window.__xssRan, 'a payload ran').to.equal(undefined);
    expectInert(m);
    // The question is plain text, shown as typed.
    expect(question(m)!.textContent).to.equal('<b onmouseover="x">Is this safe?</b>');
    expect(question(m)!.children).to.have.length(0);
    const shown = answer(m)!.textContent;
    for (const s of ['Harmless text stays.', 'A javascript link', 'another', 'Details text', 'Hover text'])
      expect(shown).to.include(s);
    expect($$(m, '.ma-ques-detail__answer a')).to.have.length(0);
    expect(answer(m)!.querySelector('[style]')).to.equal(null);
    // Hovering and clicking the leftovers does nothing either.
    for (const el of $$(m, '.ma-ques-detail__answer *')) {
      el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
      el.click();
    }
    // dispatchEvent and click() run the handlers before they return (and no link is left to navigate).
    expect(window.__xssRan, 'a payload ran on interaction').to.equal(undefined);
    await expectAxeClean(m.shadow);
  });

  it('may end with a call to action: a primary button in the language that opens the screen', async () => {
    const m = await open(4, { language: 'ru' });
    const cta = (await waitFor(() => $(m, '.ma-ques-detail__cta'), 'call to action')) as HTMLButtonElement;
    expect(cta.textContent).to.equal('Открыть мои купоны');
    expect(cta.classList.contains('ma-button--primary')).to.equal(true);
    expect(cta.closest('.ma-ques-detail'), "the answer's last word").to.not.equal(null);
    expect(cta.nextElementSibling).to.equal(null);
    await expectAxeClean(m.shadow);
    cta.click();
    await waitRoute(m, '/ad-center/coupons');
    unmountAll();

    const none = await open(3);
    await waitFor(() => question(none), 'question');
    expect($(none, '.ma-ques-detail__cta')).to.equal(null);
  });

  it('an unknown id says so and offers the way back', async () => {
    for (const id of ['9999', 'abc']) {
      const m = await open(id);
      await waitText(m, 'This question could not be found. It may have been removed.');
      expect(question(m)).to.equal(null);
      await expectAxeClean(m.shadow);
      button(m, 'Back').click();
      await waitRoute(m, '/ad-center');
      unmountAll();
    }
  });

  it('a skeleton while the config loads; a failed load says so and retries', async () => {
    const token = await demoToken();
    await apiFault('/basic_config', token, 'hold');
    try {
      const m = await open(2, { token });
      const skeleton = await waitFor(() => $(m, '.ma-skeleton'), 'skeleton');
      expect(skeleton.getAttribute('aria-busy')).to.equal('true');
      await apiFault('/basic_config', token, null);
      await waitFor(() => question(m)?.textContent === 'How do I open my ad account?', 'question after the load');
      expect($(m, '.ma-skeleton')).to.equal(null);
      unmountAll();

      await apiFault('/basic_config', token, 'fail');
      const again = await open(2, { token });
      await waitText(again, 'Could not load the questions.');
      await expectAxeClean(again.shadow);
      await apiFault('/basic_config', token, null);
      button(again, 'Retry').click();
      await waitFor(() => question(again)?.textContent === 'How do I open my ad account?', 'question after the retry');
    } finally {
      await apiFault('/basic_config', token, null);
    }
  });
});
