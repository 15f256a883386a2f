/**
 * `<merchant-ads>` as a page uses it: defined only on request, options from attributes and properties, the app's
 * events as DOM events that leave shadow roots, removal, re-insertion and moves, two on one page. Against the real
 * reference server; what the merchant sees is read through the visibility helpers.
 */
import { expect } from 'chai';
import { define, type MerchantAdsElement } from '../../../src/index';
import type { Mounted } from '../support/app';
import { unique, waitFor } from '../support/app';
import { nextFrame } from '../support/render';
import { seenText } from '../support/visible';

/** The element as the visibility helpers read a mounted app. */
const seen = (el: HTMLElement) => (el.shadowRoot ? seenText({ host: el, shadow: el.shadowRoot } as Mounted) : '');
const waitSeen = (el: HTMLElement, s: string) =>
  waitFor(() => seen(el).includes(s), `"${s}" seen in the element`, 8000);

const placed: HTMLElement[] = [];
/** A `<tag>` with the test's attributes, sized as a phone, in the page (or in `parent`). */
function place(attributes: Record<string, string> = {}, tag = 'merchant-ads', parent: ParentNode = document.body) {
  const el = document.createElement(tag) as MerchantAdsElement;
  el.style.cssText = 'display:block;width:375px;height:667px;position:relative;';
  const all = {
    'api-base': '/api',
    routing: 'memory',
    'locales-base': '/locales/',
    'storage-prefix': `${unique('el')}:`,
    ...attributes,
  };
  for (const [k, v] of Object.entries(all)) el.setAttribute(k, v);
  parent.append(el);
  placed.push(el);
  return el;
}
/** Every `merchant-ads:<type>` event that reached the document, in order. */
function heard(type: string) {
  const events: CustomEvent[] = [];
  const listener = (e: Event) => events.push(e as CustomEvent);
  document.addEventListener(`merchant-ads:${type}`, listener);
  cleanups.push(() => document.removeEventListener(`merchant-ads:${type}`, listener));
  return events;
}
/** What a test set up on the document, undone after it. */
const cleanups: (() => void)[] = [];

describe('<merchant-ads>', () => {
  afterEach(async () => {
    for (const el of placed.splice(0)) el.remove();
    for (const fn of cleanups.splice(0)) fn();
    await Promise.resolve();
  });

  it('is defined only when define() is called, then mounts from its attributes', async () => {
    expect(customElements.get('merchant-ads'), 'importing the SDK defines nothing').to.equal(undefined);
    const early = place(); // in the page before the definition: upgraded once defined
    expect(early.shadowRoot).to.equal(null);
    const Element = await define();
    expect(customElements.get('merchant-ads')).to.equal(Element);
    expect(await define(), 'a second call keeps the class').to.equal(Element);
    await early.ready;
    await waitSeen(early, 'Log in');
  });

  it('takes a property set before its definition (an object: the theme), and every event as a bubbling, composed DOM event', async () => {
    const tag = 'merchant-ads-late';
    const el = document.createElement(tag) as MerchantAdsElement;
    el.theme = { primary: 'rgb(1, 2, 3)' };
    el.apiBase = '/api';
    el.routing = 'memory';
    el.storagePrefix = `${unique('el')}:`;
    el.localesBase = '/locales/';
    el.style.cssText = 'display:block;width:375px;height:667px;';
    // Inside another shadow root: the events must still reach the document.
    const outer = document.createElement('div');
    document.body.append(outer);
    placed.push(outer);
    outer.attachShadow({ mode: 'open' }).append(el);
    const ready = heard('ready');
    const dashed: Event[] = [];
    const onDashed = (e: Event) => dashed.push(e);
    document.addEventListener('merchant-ads-ready', onDashed);
    cleanups.push(() => document.removeEventListener('merchant-ads-ready', onDashed));

    await define(tag);
    await el.ready;
    await waitFor(() => ready.length === 1, 'ready heard by the document');
    expect(ready[0].detail.version).to.be.a('string');
    expect(ready[0].composed && ready[0].bubbles).to.equal(true);
    expect(dashed.length, 'the same event under its dashed name').to.equal(1);
    const root = el.shadowRoot!.querySelector<HTMLElement>('.ma-root')!;
    expect(root.style.getPropertyValue('--ma-primary')).to.equal('rgb(1, 2, 3)');
    expect(el.theme).to.deep.equal({ primary: 'rgb(1, 2, 3)' });

    el.theme = { primary: 'rgb(4, 5, 6)' };
    await waitFor(() => root.style.getPropertyValue('--ma-primary') === 'rgb(4, 5, 6)', 'the new theme');
    await waitSeen(el, 'Log in');
  });

  it('a changed attribute reaches the running app (no remount); a changed storage prefix is another app', async () => {
    const ready = heard('ready');
    const languages = heard('language');
    const el = place();
    await define();
    await waitSeen(el, 'Log in');
    el.setAttribute('language', 'de');
    await waitSeen(el, 'Anmelden');
    expect(languages.at(-1)!.detail.lang).to.equal('de');
    expect(ready.length, 'one app: update(), not a remount').to.equal(1);

    el.setAttribute('storage-prefix', `${unique('el')}:`);
    await waitFor(() => ready.length === 2, 'a second ready: the app was mounted again');
    await waitSeen(el, 'Anmelden');
  });

  it('removed, it unmounts; put back, it mounts again; moved within the page, it keeps its app', async () => {
    const ready = heard('ready');
    const el = place();
    await define();
    await el.ready;
    el.navigate('/register');
    await waitSeen(el, 'Register');

    const other = document.createElement('section');
    document.body.append(other);
    placed.push(other);
    other.append(el); // a move: out and in within one task
    await nextFrame();
    expect(ready.length, 'no new app after a move').to.equal(1);
    expect(seen(el)).to.include('Register');

    el.remove();
    await waitFor(() => !el.shadowRoot!.querySelector('.ma-root'), 'the app gone from the removed element');
    expect(() => el.navigate('/login')).to.throw(/no app/);

    document.body.append(el);
    await waitFor(() => ready.length === 2, 'mounted again');
    await waitSeen(el, 'Log in');
  });

  it("two elements are two apps; the methods are the app handle's", async () => {
    await define();
    const a = place();
    const b = place({ language: 'de' });
    await Promise.all([a.ready, b.ready]);
    await waitSeen(a, 'Log in');
    await waitSeen(b, 'Anmelden');
    a.navigate('/register');
    await waitSeen(a, 'Register');
    expect(seen(b)).not.to.include('Registrieren');
    a.back();
    await waitSeen(a, 'Log in');
    await a.setLanguage('de');
    await waitSeen(a, 'Anmelden');
  });

  it('waits for an api-base before it mounts', async () => {
    await define();
    const el = document.createElement('merchant-ads');
    el.setAttribute('routing', 'memory');
    el.setAttribute('locales-base', '/locales/');
    el.setAttribute('storage-prefix', `${unique('el')}:`);
    el.style.cssText = 'display:block;width:375px;height:667px;';
    document.body.append(el);
    placed.push(el);
    await nextFrame();
    expect(el.shadowRoot, 'nothing mounted without an API').to.equal(null);
    el.setAttribute('api-base', '/api');
    await waitSeen(el, 'Log in');
  });
});
