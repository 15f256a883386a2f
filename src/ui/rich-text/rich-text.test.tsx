import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean } from '../../../test/browser/support/render';
import { RichText } from './index';
import css from './rich-text.css';

declare global {
  interface Window {
    __xss?: string[];
  }
}

/** Classic XSS payloads: each would call __hit() if any script, handler or javascript: URL ran. */
const PAYLOADS = [
  `<script>__hit('script')</script>`,
  `<img src=x onerror="__hit('img onerror')">`,
  `<img src="https://example.com/a.png" onload="__hit('img onload')">`,
  `<svg onload="__hit('svg')"><circle r="1"/></svg>`,
  `<a href="javascript:__hit('a')">click</a>`,
  `<a href="  JaVaScRiPt:__hit('a2')">click</a>`,
  `<a href="java&#x09;script:__hit('a3')">click</a>`,
  `<a href="data:text/html,<script>__hit('data')</script>">data</a>`,
  `<iframe src="javascript:__hit('iframe')"></iframe>`,
  `<iframe srcdoc="<script>parent.__hit('srcdoc')</script>"></iframe>`,
  `<body onload="__hit('body')">`,
  `<details open ontoggle="__hit('details')">x</details>`,
  `<p style="background:url(javascript:__hit('style'))">styled</p>`,
  `<style>@import 'https://evil.example/x.css';</style>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="__hit('mxss')">`,
  `<noscript><p title="</noscript><img src=x onerror=__hit('noscript')>">`,
  `<form action="javascript:__hit('form')"><button>go</button></form>`,
  `<object data="javascript:__hit('object')"></object>`,
  `<embed src="javascript:__hit('embed')">`,
  `<a href="https://user:pass@example.com/">creds</a>`,
  `<img src="http://tracker.example/pixel.gif">`,
];

describe('RichText', () => {
  afterEach(cleanup);

  it('renders the allowlist: paragraphs, emphasis, lists, headings, https links in a new tab, https images', async () => {
    const html =
      `<h1>Title</h1><p>Hello <strong>bold</strong> <em>it</em><br>line</p><ul><li>one</li><li>two</li></ul>` +
      `<p><a href="https://example.com/help">help</a> <img src="https://example.com/a.png" alt="pic"></p><div><span>kept text</span></div>`;
    const r = renderUI(<RichText html={html} />, [css]);
    const root = r.$('.ma-rich-text')!;
    expect(root.querySelector('h3')!.textContent).to.equal('Title'); // under the screen's own title
    expect(root.querySelector('h1')).to.equal(null);
    expect(root.querySelectorAll('li')).to.have.length(2);
    expect(root.querySelector('strong')!.textContent).to.equal('bold');
    expect(root.querySelector('br')).to.not.equal(null);
    const a = root.querySelector('a')!;
    expect(a.getAttribute('href')).to.equal('https://example.com/help');
    expect(a.getAttribute('target')).to.equal('_blank');
    expect(a.getAttribute('rel')).to.include('noopener');
    expect(root.querySelector('img')!.getAttribute('alt')).to.equal('pic');
    expect(root.querySelector('div div, span')).to.equal(null); // unwrapped
    expect(root.textContent).to.include('kept text');
    await expectAxeClean(r.shadow);
  });

  it('runs none of the classic XSS payloads and keeps no handler, script, frame, style or unsafe URL', async () => {
    const hits: string[] = [];
    (window as unknown as { __hit: (s: string) => void }).__hit = (s) => hits.push(s);
    const r = renderUI(<RichText html={PAYLOADS.join('\n')} />, [css]);
    // A fixed wait only to show that nothing happens: no payload runs, though image errors, loads, toggles and
    // frames fire on their own time; a payload that never runs offers nothing to wait for.
    await new Promise((ok) => setTimeout(ok, 500));
    expect(hits).to.deep.equal([]);
    const root = r.$('.ma-rich-text')!;
    expect(
      root.querySelectorAll('script, style, iframe, object, embed, svg, math, form, details, noscript, body'),
    ).to.have.length(0);
    for (const el of Array.from(root.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on'), `${el.localName} ${attr.name}`).to.equal(false);
        expect(attr.name).to.not.equal('style');
        if (attr.name === 'href' || attr.name === 'src')
          expect(attr.value, attr.value).to.match(/^https:\/\/(?![^/]*@)/);
      }
    }
    // Unsafe links survive only as their text.
    expect(root.textContent).to.include('click');
    expect(root.querySelectorAll('a')).to.have.length(0);
    // The one image with an https URL stays; the http tracker and x are gone.
    expect(Array.from(root.querySelectorAll('img'), (i) => i.getAttribute('src'))).to.deep.equal([
      'https://example.com/a.png',
    ]);
  });

  it('images from an allowed origin (the API) are kept, relative ones resolved against it', () => {
    const r = renderUI(
      <RichText html={`<img src="${location.origin}/uploads/a.png" alt="">`} imageOrigins={[location.origin]} />,
      [css],
    );
    expect(r.$('img')!.getAttribute('src')).to.equal(`${location.origin}/uploads/a.png`);
  });
});
