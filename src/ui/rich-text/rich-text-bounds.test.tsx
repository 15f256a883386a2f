import { expect } from 'chai';
import { renderUI, cleanup } from '../../../test/browser/support/render';
import { boundHtml, RICH_TEXT_BOUNDS } from '../../lib/bound-html';
import { RichText } from './index';
import css from './rich-text.css';

// The defect this replays: HTML that passes the server's sanitizer, 100,000 nested <b>, kept the host page's main
// thread busy for 34.7 s inside the browser's HTML parser, because nothing bounded it before parsing.
describe('RichText: bounded before it is parsed', () => {
  afterEach(cleanup);

  it('renders 100,000 nested tags in well under a second, flattened to their text', () => {
    const n = 100_000;
    const html = `${'<b>'.repeat(n)}deep text${'</b>'.repeat(n)}<p>after</p>`;
    const t0 = performance.now();
    const r = renderUI(<RichText html={html} />, [css]);
    const ms = performance.now() - t0;
    expect(ms, `${ms.toFixed(0)} ms`).to.be.below(1000);
    const root = r.$('.ma-rich-text')!;
    expect(root.textContent).to.equal('deep textafter');
    expect(root.querySelectorAll('b').length).to.equal(RICH_TEXT_BOUNDS.maxDepth);
    expect(root.querySelector('p')?.textContent).to.equal('after');
  });

  it('50,000 nested lists: the same', () => {
    const n = 50_000;
    const html = `${'<ul><li>'.repeat(n)}x${'</li></ul>'.repeat(n)}`;
    const t0 = performance.now();
    const r = renderUI(<RichText html={html} />, [css]);
    expect(performance.now() - t0).to.be.below(1000);
    expect(r.$('.ma-rich-text')!.textContent).to.equal('x');
  });

  it('leaves ordinary HTML exactly as it was, and cuts text past the size limit', () => {
    const ordinary =
      '<p>One <b>two <i>three</i></b></p><ul><li>a<br>b</li></ul><img src="https://example.com/a.png" alt="x">';
    expect(boundHtml(ordinary)).to.deep.equal({ html: ordinary, flattened: 0, cut: false });
    const long = `<p>${'x'.repeat(RICH_TEXT_BOUNDS.maxLength + 10)}</p>`;
    const b = boundHtml(long);
    expect(b.cut).to.equal(true);
    expect(b.html.length).to.equal(RICH_TEXT_BOUNDS.maxLength);
    // Never inside a tag.
    const tagAtEnd = boundHtml(`${'y'.repeat(RICH_TEXT_BOUNDS.maxLength - 2)}<b class="x">z</b>`);
    expect(tagAtEnd.html).to.equal('y'.repeat(RICH_TEXT_BOUNDS.maxLength - 2));
  });

  it('flattens only what is too deep: the closing tags of the tags left out go too, the rest stays nested', () => {
    const b = boundHtml('<b><i>a</i></b><b>c</b>', { maxDepth: 1, maxLength: 1000 });
    expect(b).to.deep.equal({ html: '<b>a</b><b>c</b>', flattened: 1, cut: false });
  });
});
