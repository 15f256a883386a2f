/** The feedback form: required fields, the length limit, sending with an image, the hourly limits, German at 320 px. */
import { expect } from 'chai';
import {
  $,
  $$,
  apiCalls,
  button,
  freshMerchant,
  input,
  type,
  unmountAll,
  waitFor,
} from '../../../../test/browser/support/app';
import { brokenWords, resize } from '../../../../test/browser/support/design';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { seenText } from '../../../../test/browser/support/visible';
import { apiCall, toastNow } from '../../shared/coupon/test-support';
import { drawn, errorOf, list, open, past, pick, tiles } from './test-support';

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

  it('German at 320 px: the form and the list with no word broken without a hyphen', async () => {
    const { token } = await freshMerchant();
    const m = await open(token, { language: 'de' });
    await resize(m, 320);
    expect(brokenWords(m.shadow, 'de')).to.deep.equal([]);
    await expectAxeClean(m.shadow);
  });
});
