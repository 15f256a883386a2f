/** Uploads that fail or are refused: how the tile and the reason under it say so, removing, and retrying. */
import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, waitFor } from '../../../test/browser/support/render';
import { UploadRefused } from './index';
import css from './uploader.css';
import iconCss from '../icon/icon.css';
import { Demo, pickFiles, png } from './test-support';

describe('Uploader failures', () => {
  afterEach(cleanup);

  it('marks a failed upload', async () => {
    const r = renderUI(<Demo upload={() => Promise.reject(new Error(''))} />, [css, iconCss]);
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png()]);
    await waitFor(() => r.$('.ma-uploader__item--failed'), 'failed');
    // The reason under the tiles (a tile is too small for a sentence), the tile described by it.
    expect(r.$('[role="alert"]')!.textContent).to.equal('Upload failed');
    expect(r.$('.ma-uploader__item')!.getAttribute('aria-describedby')).to.equal(r.$('[role="alert"]')!.id);
    await waitFor(() => r.$('[role="status"]')!.textContent === 'Upload failed', 'announced');
    await expectAxeClean(r.shadow);
  });

  it('a file the upload refuses (UploadRefused): the tile is marked, the reason is under the tiles, only remove, no retry', async () => {
    const r = renderUI(<Demo upload={() => Promise.reject(new UploadRefused('Please choose an image file'))} />, [
      css,
      iconCss,
    ]);
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [new File(['text'], 'notes.png', { type: 'image/png' })]);
    const tile = await waitFor(() => r.$('.ma-uploader__item--failed'), 'refused');
    expect(r.$('.ma-uploader__retry')).to.equal(null);
    expect(Array.from(tile.querySelectorAll('button')).map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Remove image',
    ]);
    expect(tile.querySelector('img'), 'no picture of a file that is not one').to.equal(null);
    const alert = r.$('[role="alert"]')!;
    expect(alert.textContent).to.equal('Please choose an image file');
    expect(tile.getAttribute('aria-describedby')).to.equal(alert.id);
    await expectAxeClean(r.shadow);
    (tile.querySelector('.ma-uploader__remove') as HTMLButtonElement).click();
    await waitFor(() => !r.$('.ma-uploader__item') && !r.$('[role="alert"]'), 'removed with its reason');
  });

  it('after a retry that succeeds, the reason under the tiles is gone', async () => {
    let calls = 0;
    const r = renderUI(
      <Demo
        upload={async () => {
          if (++calls === 1) throw new Error('Upload failed');
          return '/uploads/c.png';
        }}
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png('c.png')]);
    ((await waitFor(() => r.$('button.ma-uploader__retry'), 'failed')) as HTMLButtonElement).click();
    await waitFor(() => r.$('.ma-uploader__item--done'), 'done');
    expect(r.$('[role="alert"]')).to.equal(null);
  });

  it('retries a failed upload with the same file, from the tile itself', async () => {
    const sent: File[] = [];
    const r = renderUI(
      <Demo
        upload={async (f) => {
          sent.push(f);
          if (sent.length === 1) throw new Error('Network down');
          return { url: '/uploads/b.png', ref: 7 };
        }}
        seen={[]}
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [png('b.png')]);
    const retry = (await waitFor(() => r.$('button.ma-uploader__retry'), 'failed tile')) as HTMLButtonElement;
    expect(retry.getAttribute('aria-label')).to.equal('Network down. Retry upload');
    expect(r.$('[role="alert"]')!.textContent).to.equal('Network down');
    await expectAxeClean(r.shadow);
    retry.click();
    await waitFor(() => r.$('.ma-uploader__item--done'), 'done after the retry');
    expect(sent).to.have.length(2);
    expect(sent[1]).to.equal(sent[0]);
  });
});
