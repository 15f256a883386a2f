import { expect } from 'chai';
import type { FeedbackItem } from '../../../api/shapes/messages';
import type { Page } from '../../../api/shapes/page';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  button,
  freshMerchant,
  input,
  mountApp,
  text,
  type,
  unmountAll,
  waitFor,
  waitRoute,
  type Mounted,
} from '../../../../test/browser/support/app';
import { brokenWords, overflowingWords, parentOf, resize } from '../../../../test/browser/support/design';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { seenElements, seenText } from '../../../../test/browser/support/visible';
import { apiCall, toastNow } from '../../shared/coupon/test-support';

const ROUTE = '/ad-center/feedback';
const MB = 1024 * 1024;

async function open(token: string, o: { language?: string } = {}): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...o });
  await waitRoute(m, ROUTE);
  await waitFor(() => $(m, '.ma-feedback__past .ma-list__feed, .ma-feedback__past .ma-empty'), 'the past feedback');
  return m;
}

const fileInput = (m: Mounted) => $(m, '.ma-uploader input[type="file"]') as HTMLInputElement;
function pick(m: Mounted, files: File[]) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  const el = fileInput(m);
  el.files = dt.files;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
const tiles = (m: Mounted) => $$(m, '.ma-uploader__item');
const errorOf = (m: Mounted, label: string) => {
  const el = input(m, label);
  return el.getAttribute('aria-invalid') === 'true'
    ? m.shadow.getElementById(el.getAttribute('aria-describedby')!)?.textContent
    : undefined;
};
const past = (m: Mounted) => $$(m, 'article.ma-feedback__item');
const list = async (token: string) =>
  (await apiCall<Page<FeedbackItem>>(token, '/feedback/list?page=1&page_size=50')).data;

/** A real image drawn in the browser: a w×h canvas of colour noise (noise does not compress, so it is large). */
function drawn(w: number, h: number, type: 'image/png' | 'image/jpeg', quality?: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  const img = ctx.createImageData(w, h);
  let seed = 7;
  for (let i = 0; i < img.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    img.data[i] = seed & 255;
    img.data[i + 1] = (seed >>> 8) & 255;
    img.data[i + 2] = (seed >>> 16) & 255;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return new Promise((ok) => canvas.toBlob((b) => ok(b!), type, quality));
}

describe('feedback', () => {
  afterEach(unmountAll);

  it('topic and content are required: both messages at once, nothing sent; axe clean', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    await expectAxeClean(m.shadow);
    button(m, 'Send feedback').click();
    await waitFor(() => errorOf(m, 'Topic'), 'topic error');
    expect(errorOf(m, 'Topic')).to.equal('Cannot be empty');
    expect(errorOf(m, 'Details')).to.equal('Cannot be empty');
    expect(await apiCalls('/feedback', token)).to.equal(0);
    type(m, 'Topic', '   ');
    type(m, 'Details', 'The chart is empty');
    button(m, 'Send feedback').click();
    await waitFor(() => errorOf(m, 'Topic') === 'Cannot be empty', 'spaces are empty');
    expect(input(m, 'Details').value, 'what was typed stays').to.equal('The chart is empty');
    await expectAxeClean(m.shadow);
  });

  it("content counts live against the server's limit; over it, the field says so and keeps the text", async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    type(m, 'Details', 'Hello');
    await waitFor(() => $(m, '.ma-feedback__count')!.textContent === '5 / 1,000', 'count 5');
    const long = 'x'.repeat(1001);
    type(m, 'Topic', 'Too long');
    type(m, 'Details', long);
    await waitFor(() => $(m, '.ma-feedback__count--over')?.textContent === '1,001 / 1,000', 'count over');
    button(m, 'Send feedback').click();
    await waitFor(() => errorOf(m, 'Details') === 'At most 1000 characters', 'length error');
    expect(input(m, 'Details').value).to.equal(long);
    expect(await apiCalls('/feedback', token)).to.equal(0);
  });

  it('sends a feedback with a real PNG: progress, a thank-you, the form cleared, and the feedback on top of the list with its date and image', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    const before = (await list(token)).total;
    pick(m, [new File([await drawn(40, 30, 'image/png')], 'screen.png', { type: 'image/png' })]);
    await waitFor(() => $(m, '.ma-uploader__item--done'), 'uploaded');
    type(m, 'Topic', 'Chart question');
    type(m, 'Details', 'Why is today lower?\nSee the picture.');
    button(m, 'Send feedback').click();
    await waitFor(() => toastNow(m.shadow).includes('Thank you! Your feedback has been sent.'), 'thank-you');
    // The toast lives in its own tree: under React 18 the form's commit may land a frame after it.
    await waitFor(
      () => input(m, 'Topic').value === '' && input(m, 'Details').value === '' && tiles(m).length === 0,
      'the form cleared',
    );
    const server = await list(token);
    expect(server.total).to.equal(before + 1);
    const mine = server.list[0];
    expect([mine.topic, mine.content, mine.images.length]).to.deep.equal([
      'Chart question',
      'Why is today lower?\nSee the picture.',
      1,
    ]);
    const top = await waitFor(() => past(m)[0], 'listed');
    expect(top.querySelector('h3')!.textContent).to.equal('Chart question');
    expect(top.querySelector('time')!.getAttribute('datetime')).to.equal(mine.create_time);
    const img = top.querySelector('img') as HTMLImageElement;
    await waitFor(() => img.complete && img.naturalWidth === 40, 'the image served back');
    await expectAxeClean(m.shadow);
  });

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

  it("past the hour's limits: the feedback is refused with when to try again and the text is kept; an upload is refused on its tile, with no retry", async () => {
    const { token } = await freshMerchant();
    // The hour's feedback and uploads used up through the API, as a script would.
    for (let i = 0; i < 10; i++)
      expect(
        (
          await apiCall(token, '/feedback', {
            topic: `T${i}`,
            content: 'Earlier.',
            request_id: `limit-${token.slice(0, 8)}-${i}`,
          })
        ).code,
      ).to.equal(200);
    const png = await drawn(4, 4, 'image/png');
    for (let i = 0; i < 50; i++) {
      const form = new FormData();
      form.append('file', new File([png], 'p.png', { type: 'image/png' }));
      const r = await (
        await fetch('/api/files/upload', { method: 'POST', headers: { 'X-CT': token }, body: form })
      ).json();
      expect(r.code).to.equal(200);
    }
    const m = await open(token);
    type(m, 'Topic', 'One more');
    type(m, 'Details', 'Written by hand.');
    button(m, 'Send feedback').click();
    await waitFor(
      () => /You have sent a lot of feedback this hour\. Please try again in (59|60) min\./.test(toastNow(m.shadow)),
      'told when to try again',
    );
    expect([input(m, 'Topic').value, input(m, 'Details').value], 'what was written is kept').to.deep.equal([
      'One more',
      'Written by hand.',
    ]);
    expect((await list(token)).total).to.equal(10);

    pick(m, [new File([png], 'again.png', { type: 'image/png' })]);
    await waitFor(
      () => /You have uploaded a lot of images this hour\. Try again in (59|60) min\./.test(seenText(m)),
      'the tile says why',
    );
    expect($$(m, '.ma-uploader__retry'), 'no retry that would be refused again').to.deep.equal([]);
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

  it('German at 320 px: the form and the list with no word broken without a hyphen', async () => {
    const { token } = await freshMerchant();
    const m = await open(token, { language: 'de' });
    await resize(m, 320);
    expect(brokenWords(m.shadow, 'de')).to.deep.equal([]);
    await expectAxeClean(m.shadow);
  });
});
