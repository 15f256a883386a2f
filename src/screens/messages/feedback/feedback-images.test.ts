/** The feedback form's images: a large photo shrunk, files that are not images, failed uploads retried, refusals. */
import { expect } from 'chai';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  text,
  type,
  unmountAll,
  waitFor,
} from '../../../../test/browser/support/app';
import { brokenWords, overflowingWords, parentOf, resize } from '../../../../test/browser/support/design';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { seenElements, seenText } from '../../../../test/browser/support/visible';
import { toastNow } from '../../shared/coupon/test-support';
import { MB, drawn, list, open, past, pick, tiles } from './test-support';

describe('feedback: images', () => {
  afterEach(unmountAll);

  it('a phone photo over 5 MB is shrunk in the browser and sent under 5 MB', async function () {
    this.timeout(30_000);
    const { token } = await freshMerchant();
    const m = await open(token);
    const photo = await drawn(4000, 3000, 'image/jpeg', 1);
    expect(photo.size, 'the photo is over the limit as taken').to.be.greaterThan(5 * MB);
    pick(m, [new File([photo], 'IMG_0001.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => $(m, '.ma-uploader__item--done'), 'uploaded', 20_000);
    expect($(m, '.ma-uploader [role="alert"]')).to.equal(null);
    type(m, 'Topic', 'Photo');
    type(m, 'Details', 'A photo of the shop window');
    button(m, 'Send feedback').click();
    await waitFor(() => toastNow(m.shadow).includes('Thank you!'), 'sent');
    const img = (await waitFor(() => past(m)[0]?.querySelector('img'), 'listed')) as HTMLImageElement;
    const served = await fetch(img.src);
    const bytes = (await served.arrayBuffer()).byteLength;
    expect(bytes)
      .to.be.greaterThan(0)
      .and.below(5 * MB);
    await waitFor(() => img.complete && img.naturalWidth > 0, 'shown');
    expect(Math.max(img.naturalWidth, img.naturalHeight), 'longest side at most 1600 px').to.be.at.most(1600);
  });

  it('a file that is not an image is refused: by its type in the browser, by its bytes on the server', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    pick(m, [new File(['just text'], 'notes.txt', { type: 'text/plain' })]);
    await waitFor(
      () => $(m, '.ma-uploader [role="alert"]')?.textContent === 'Please choose an image file',
      'refused in the browser',
    );
    expect(tiles(m)).to.have.length(0);
    // Named and typed as a PNG, but its bytes are text: the server decides.
    pick(m, [
      new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'logo.png', {
        type: 'image/png',
      }),
    ]);
    await waitFor(() => $(m, '.ma-uploader__item--failed'), 'refused by the server');
    expect($(m, '.ma-uploader [role="alert"]')!.textContent).to.equal('Please choose an image file');
    // The failed image blocks sending until it is removed, and says why.
    type(m, 'Topic', 'Logo');
    type(m, 'Details', 'My logo');
    button(m, 'Send feedback').click();
    await waitFor(() => text(m).includes('Some images failed to upload'), 'told why');
    expect(await apiCalls('/feedback', token)).to.equal(0);
    await expectAxeClean(m.shadow);
  });

  it('an upload that fails can be retried from its tile; sending waits for uploads to finish', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const png = new File([await drawn(20, 20, 'image/png')], 'a.png', { type: 'image/png' });
    await apiFault('/files/upload', token, 'fail');
    try {
      pick(m, [png]);
      const retry = (await waitFor(() => $(m, 'button.ma-uploader__retry'), 'failed')) as HTMLButtonElement;
      expect($(m, '.ma-uploader [role="alert"]')!.textContent).to.equal('Upload failed');
      expect(toastNow(m.shadow), 'the tile says it; no toast as well').to.equal('');
      await apiFault('/files/upload', token, 'hold');
      retry.click();
      await waitFor(() => $(m, '.ma-uploader__item--uploading'), 'uploading again');
      type(m, 'Topic', 'Wait');
      type(m, 'Details', 'for it');
      button(m, 'Send feedback').click();
      await waitFor(() => text(m).includes('Please wait until the images have finished uploading.'), 'asked to wait');
      expect(await apiCalls('/feedback', token)).to.equal(0);
    } finally {
      await apiFault('/files/upload', token, null);
    }
    await waitFor(() => $(m, '.ma-uploader__item--done'), 'done once released');
    await waitFor(
      () => !text(m).includes('Please wait until the images have finished uploading.'),
      'the wait is over on screen too',
    );
    button(m, 'Send feedback').click();
    await waitFor(() => toastNow(m.shadow).includes('Thank you!'), 'sent');
    expect((await list(token)).list[0].images).to.have.length(1);
  });

  it('a text file named .png, in German and Russian at 320 px: a refusal that fits, whole, with a remove and no retry', async () => {
    const { token } = await freshMerchant();
    for (const [language, refusal, remove] of [
      ['de', 'Bitte wählen Sie eine Bilddatei', 'Bild entfernen'],
      ['ru', 'Выберите файл изображения', 'Удалить изображение'],
    ] as const) {
      const m = await open(token, { language });
      await resize(m, 320);
      const uploads = await apiCalls('/files/upload', token);
      // The picker calls it a PNG by its name; its bytes are text, which only the server can tell.
      pick(m, [new File(['Notizen für den Support'], 'notiz.png', { type: 'image/png' })]);
      await waitFor(() => seenText(m).includes(refusal), `the refusal in ${language}`);
      expect(await apiCalls('/files/upload', token)).to.equal(uploads + 1);
      // Sending it again cannot make it an image: nothing offers that.
      expect($$(m, '.ma-uploader__retry'), 'no retry').to.deep.equal([]);
      expect(
        Array.from(tiles(m)[0].querySelectorAll('button')).map((b) => b.getAttribute('aria-label') ?? b.textContent),
        "the tile's one action",
      ).to.deep.equal([remove]);
      // Nothing drawn as a broken image.
      expect(
        seenElements<HTMLImageElement>(m, '.ma-uploader img').filter((i) => i.naturalWidth === 0),
        'no broken image',
      ).to.deep.equal([]);
      // The message is whole: no word sticks out of its box or is split, and no box around it cuts it off.
      const message = seenElements(m, '.ma-uploader *').find(
        (el) => el.childElementCount === 0 && el.textContent.includes(refusal),
      )!;
      const box = message.getBoundingClientRect();
      for (let a = parentOf(message); a && a !== m.host; a = parentOf(a)) {
        if (getComputedStyle(a).overflow === 'visible') continue;
        const clip = a.getBoundingClientRect();
        expect(
          box.top >= clip.top - 0.5 &&
            box.bottom <= clip.bottom + 0.5 &&
            box.left >= clip.left - 0.5 &&
            box.right <= clip.right + 0.5,
          `the refusal inside ${a.className}`,
        ).to.equal(true);
      }
      expect(overflowingWords(m.shadow, language), language).to.deep.equal([]);
      expect(brokenWords(m.shadow, language), language).to.deep.equal([]);
      await expectAxeClean(m.shadow);
      const removeButton = seenElements<HTMLButtonElement>(m, '.ma-uploader__remove')[0];
      const target = removeButton.getBoundingClientRect();
      expect(Math.min(target.width, target.height), 'the remove target').to.be.at.least(44);
      removeButton.click();
      await waitFor(() => tiles(m).length === 0, 'removed');
      expect(seenElements(m, '.ma-uploader [role="alert"]'), 'the refusal went with it').to.deep.equal([]);
      expect(await apiCalls('/files/upload', token), 'nothing sent again').to.equal(uploads + 1);
      // An upload that failed on the way can be sent again: its tile says so, and that fits too.
      await apiFault('/files/upload', token, 'fail');
      try {
        pick(m, [new File([await drawn(20, 20, 'image/png')], 'a.png', { type: 'image/png' })]);
        const retry = await waitFor(() => $(m, 'button.ma-uploader__retry'), 'a retry');
        expect(overflowingWords(m.shadow, language), `${language}, retry`).to.deep.equal([]);
        expect(brokenWords(m.shadow, language), `${language}, retry`).to.deep.equal([]);
        // And while it is on its way again.
        await apiFault('/files/upload', token, 'hold');
        retry.click();
        await waitFor(() => $(m, '.ma-uploader__item--uploading [role="progressbar"]'), 'uploading');
        expect(overflowingWords(m.shadow, language), `${language}, uploading`).to.deep.equal([]);
        expect(brokenWords(m.shadow, language), `${language}, uploading`).to.deep.equal([]);
      } finally {
        await apiFault('/files/upload', token, null);
      }
      unmountAll();
    }
  });
});
