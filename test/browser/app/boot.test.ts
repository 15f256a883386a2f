import { expect } from 'chai';
import { mount } from '../../../src/index';
import { waitFor } from '../support/render';

/** Starting without any language file: the bundle carries no words but these. */
describe('boot without language files', () => {
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement('div');
    host.style.cssText = 'width:375px;height:667px';
    document.body.appendChild(host);
  });
  afterEach(() => host.remove());

  it('with no language file to be had, says so in the chosen language and starts on Retry once one loads', async () => {
    const events: { type: string; payload: any }[] = [];
    const app = mount(host, {
      apiBase: '/api',
      routing: 'memory',
      storagePrefix: 'bundle-offline:',
      language: 'de',
      localesBase: '/no-such-folder/',
      onEvent: (type, payload) => events.push({ type, payload }),
    });
    await app.ready;
    const root = host.shadowRoot!.querySelector('.ma-root')!;
    const alert = await waitFor(
      () => root.querySelector('.ma-boot-failure[role="alert"]'),
      'the no-connection message',
    );
    expect(alert.textContent).to.include('Laden fehlgeschlagen');
    // The host hears of it (a CDN without CORS, a wrong localesBase), with a code it can act on and what was shown.
    const told = () => events.filter((e) => e.type === 'error' || e.type === 'ready');
    expect(told().map((e) => e.type)).to.deep.equal(['error']);
    expect(told()[0].payload).to.deep.equal({ code: 'language_files', msg: alert.querySelector('p')!.textContent });
    const retry = alert.querySelector('button')!;
    expect(retry.textContent).to.equal('Erneut versuchen');
    // The host fixes what was wrong (the files are reachable again); a tap starts the app.
    app.update({ localesBase: '/locales/' });
    retry.click();
    const de = await (await fetch('/locales/de.json')).json();
    await waitFor(() => root.textContent.includes(de.auth.login), 'the app, in German, after the retry');
    expect(root.querySelector('.ma-boot-failure')).to.equal(null);
    await waitFor(() => events.some((e) => e.type === 'ready'), 'ready, once started');
    expect(events.filter((e) => e.type === 'error')).to.have.length(1);
    app.unmount();
    localStorage.removeItem('bundle-offline:lang');
  });
});
