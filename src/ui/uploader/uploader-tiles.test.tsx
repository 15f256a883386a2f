/** An upload on its tile: uploading then done, several at once, the preview and removing, the progress bar. */
import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import type { UploadItem } from './index';
import css from './uploader.css';
import iconCss from '../icon/icon.css';
import { Demo, pickFiles, png } from './test-support';

describe('Uploader tiles', () => {
  afterEach(cleanup);

  it('accepts a small PNG: uploading, then done with the URL', async () => {
    let resolve!: (url: string) => void;
    const seen: UploadItem[][] = [];
    const r = renderUI(
      <Demo
        seen={seen}
        upload={() =>
          new Promise<string>((ok) => {
            resolve = ok;
          })
        }
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png()]);
    await settle();
    const item = r.$('.ma-uploader__item')!;
    expect(item.className).to.contain('--uploading');
    expect(item.textContent).to.contain('Uploading…');
    await waitFor(
      () => (item.querySelector('img') as HTMLImageElement | null)?.src.startsWith('data:image/'),
      'the preview',
    );
    // maxCount 1: the add button is gone while the file is there.
    expect(r.$('input[type="file"]')).to.equal(null);
    expect(r.$('[role="alert"]')).to.equal(null);
    expect(r.$('[role="status"]')!.textContent).to.equal('Uploading…');
    await expectAxeClean(r.shadow);
    resolve('/uploads/a.png');
    await waitFor(() => r.$('.ma-uploader__item--done'), 'done');
    expect(r.$('.ma-uploader__mask')).to.equal(null);
    // The overlay is gone, so the live region is what tells a screen reader the upload finished.
    await waitFor(() => r.$('[role="status"]')!.textContent === 'Upload complete', 'announced');
    const last = seen[seen.length - 1];
    expect(last).to.have.length(1);
    expect(last[0]).to.include({ status: 'done', url: '/uploads/a.png' });
  });

  it('uploads several files up to maxCount, each with its own state', async () => {
    const resolvers: ((url: string) => void)[] = [];
    const r = renderUI(<Demo maxCount={3} upload={() => new Promise<string>((ok) => resolvers.push(ok))} />, [
      css,
      iconCss,
    ]);
    const input = r.$('input[type="file"]') as HTMLInputElement;
    expect(input.multiple).to.equal(true);
    pickFiles(input, [png('1.png'), png('2.png'), png('3.png'), png('4.png')]);
    await waitFor(() => resolvers.length === 3, 'three uploads started');
    expect(r.$$('.ma-uploader__item')).to.have.length(3);
    // Both finish in the same tick: neither may overwrite the other.
    resolvers[2]('/c.png');
    resolvers[0]('/a.png');
    await waitFor(() => r.$$('.ma-uploader__item--done').length === 2, 'two done');
    expect(r.$$('.ma-uploader__item')[1].className).to.contain('--uploading');
  });

  it("previews a picked image as a data: URL (no object URL, which a page's img-src rarely allows), and removes an item", async () => {
    const created: unknown[] = [];
    const original = URL.createObjectURL;
    URL.createObjectURL = (o: Blob | MediaSource) => {
      created.push(o);
      return original.call(URL, o);
    };
    try {
      const r = renderUI(<Demo maxCount={2} upload={() => new Promise<string>(() => {})} />, [css, iconCss]);
      pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png('1.png'), png('2.png')]);
      // Shown while still uploading: the preview is the file's own picture, not the server's copy.
      const imgs = await waitFor(() => {
        const all = r.$$('.ma-uploader__item img') as HTMLImageElement[];
        return all.length === 2 && all.every((i) => i.complete && i.naturalWidth > 0) && all;
      }, 'both previews decoded');
      expect(imgs.map((i) => i.src.slice(0, 5))).to.deep.equal(['data:', 'data:']);
      expect(created).to.deep.equal([]);
      const remove = r.$('.ma-uploader__remove') as HTMLButtonElement;
      expect(remove.getAttribute('aria-label')).to.equal('Remove image');
      remove.click();
      await settle();
      expect(r.$$('.ma-uploader__item')).to.have.length(1);
      expect(r.$('input[type="file"]')).to.not.equal(null);
    } finally {
      URL.createObjectURL = original;
    }
  });

  it("shows each file's progress as a labelled progress bar", async () => {
    let report!: (sent: number) => void;
    let resolve!: (u: string) => void;
    const r = renderUI(
      <Demo
        upload={(_, onProgress) =>
          new Promise<string>((ok) => {
            report = onProgress;
            resolve = ok;
          })
        }
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png()]);
    await waitFor(() => report, 'upload started');
    report(0.42);
    const bar = await waitFor(() => r.$('[role="progressbar"][aria-valuenow="42"]'), 'bar at 42');
    expect(bar.getAttribute('aria-label')).to.equal('Image 1');
    expect(r.$('.ma-uploader__item')!.textContent).to.contain('42%');
    resolve('/uploads/a.png');
    await waitFor(() => r.$('.ma-uploader__item--done'), 'done');
    expect(r.$('[role="progressbar"]')).to.equal(null);
  });
});
