/** Choosing files: the add button, its hint and accept list, and what is refused before or after preparing. */
import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, settle, waitFor } from '../../../test/browser/support/render';
import { matchesAccept } from './index';
import css from './uploader.css';
import iconCss from '../icon/icon.css';
import { Demo, pickFiles, png } from './test-support';

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
