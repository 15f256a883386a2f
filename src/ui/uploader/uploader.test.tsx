import { expect } from 'chai';
import { useState } from 'react';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import { Uploader, UploadRefused, matchesAccept, type UploadItem, type UploaderProps } from './index';
import css from './uploader.css';
import iconCss from '../icon/icon.css';

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const png = (name = 'a.png') => new File([PNG], name, { type: 'image/png' });

function pickFiles(input: HTMLInputElement, files: File[]) {
  const dt = new DataTransfer();
  files.forEach((f) => dt.items.add(f));
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function Demo(p: Partial<UploaderProps> & { seen?: UploadItem[][] }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  return (
    <Uploader
      value={items}
      onChange={(x) => {
        setItems(x);
        p.seen?.push(x);
      }}
      upload={p.upload ?? (async () => '/img/1.png')}
      prepare={p.prepare}
      maxCount={p.maxCount}
      hint={p.hint}
      onError={p.onError}
    />
  );
}

describe('Uploader', () => {
  afterEach(cleanup);

  it('is a labelled file input of at least 44 px', async () => {
    const r = renderUI(<Demo />, [css, iconCss]);
    const input = r.$('input[type="file"]') as HTMLInputElement;
    expect(input.accept).to.equal('image/*');
    expect(input.labels![0].textContent).to.equal('Add image');
    const box = input.getBoundingClientRect();
    expect(box.width).to.be.at.least(44);
    expect(box.height).to.be.at.least(44);
    await expectAxeClean(r.shadow);
  });

  it('rejects a 6 MB image and a text file with an alert and onError', async () => {
    const errors: string[] = [];
    let uploads = 0;
    const r = renderUI(
      <Demo
        onError={(reason, f) => errors.push(`${reason}:${f.name}`)}
        upload={async () => {
          uploads++;
          return 'x';
        }}
      />,
      [css, iconCss],
    );
    const input = () => r.$('input[type="file"]') as HTMLInputElement;
    pickFiles(input(), [new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' })]);
    await settle();
    expect(r.$('[role="alert"]')!.textContent).to.equal('Image too large');
    await expectAxeClean(r.shadow);
    pickFiles(input(), [new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    await settle();
    expect(r.$('[role="alert"]')!.textContent).to.equal('Please choose an image file');
    expect(errors).to.deep.equal(['tooLarge:big.png', 'notImage:notes.txt']);
    expect(uploads).to.equal(0);
    expect(r.$$('.ma-uploader__item')).to.have.length(0);
  });

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

  it('prepares (shrinks) a large file first and judges the size of what it gave', async () => {
    const sent: File[] = [];
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'photo.png', { type: 'image/png' });
    const r = renderUI(
      <Demo
        maxCount={2}
        prepare={async (f) => (f.name === 'photo.png' ? png('photo.jpg') : f)}
        upload={async (f) => {
          sent.push(f);
          return '/uploads/p.jpg';
        }}
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [big]);
    await waitFor(() => r.$('.ma-uploader__item--done'), 'done');
    expect(sent.map((f) => f.name)).to.deep.equal(['photo.jpg']);
    expect(r.$('[role="alert"]')).to.equal(null);
  });

  it('refuses a file still too large once prepared, leaving no tile', async () => {
    const errors: string[] = [];
    let uploads = 0;
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    const r = renderUI(
      <Demo
        prepare={async (f) => f}
        onError={(reason) => errors.push(reason)}
        upload={async () => {
          uploads++;
          return 'x';
        }}
      />,
      [css, iconCss],
    );
    pickFiles(r.$('input[type="file"]') as HTMLInputElement, [big]);
    await waitFor(() => r.$('[role="alert"]'), 'alert');
    expect(r.$('[role="alert"]')!.textContent).to.equal('Image too large');
    expect(r.$$('.ma-uploader__item')).to.have.length(0);
    expect(errors).to.deep.equal(['tooLarge']);
    expect(uploads).to.equal(0);
  });

  it('describes the add button with its hint', async () => {
    const r = renderUI(<Demo hint="JPEG or PNG, at most 5 MB" />, [css, iconCss]);
    const input = r.$('input[type="file"]') as HTMLInputElement;
    const hint = r.shadow.getElementById(input.getAttribute('aria-describedby')!);
    expect(hint?.textContent).to.equal('JPEG or PNG, at most 5 MB');
    await expectAxeClean(r.shadow);
  });

  it('matches accept lists', () => {
    expect(matchesAccept(png(), 'image/*')).to.equal(true);
    expect(matchesAccept(new File([''], 'a.PDF', { type: '' }), 'image/*, .pdf')).to.equal(true);
    expect(matchesAccept(new File([''], 'a.gif', { type: 'image/gif' }), 'image/png,image/jpeg')).to.equal(false);
  });
});
