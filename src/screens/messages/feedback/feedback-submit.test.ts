import { expect } from 'chai';
import {
  apiCalls,
  button,
  freshMerchant,
  input,
  type,
  unmountAll,
  waitFor,
} from '../../../../test/browser/support/app';
import { seenText } from '../../../../test/browser/support/visible';
import { toastNow } from '../../shared/coupon/test-support';
import { open } from './test-support';

describe('feedback: a double tap on Send', () => {
  afterEach(unmountAll);

  it('sends once; after the thank-you the cleared fields show no error, even when the second tap lands after the answer; a later tap is checked again', async () => {
    const { token } = await freshMerchant();
    const m = await open(token);
    type(m, 'Topic', 'Charts');
    type(m, 'Details', 'The chart is empty');
    const send = () => button(m, 'Send feedback').click();
    // Both taps of a double tap before the answer (one frame), then the second half of one that lands after it.
    send();
    send();
    await waitFor(() => toastNow(m.shadow).includes('Thank you! Your feedback has been sent.'), 'the thank-you');
    await waitFor(() => input(m, 'Topic').value === '' && input(m, 'Details').value === '', 'the form cleared');
    send();
    // Nothing to wait for: a wrong outcome would be an error under the cleared fields within a frame or two.
    await new Promise((ok) => setTimeout(ok, 300));
    expect(await apiCalls('/feedback', token), 'one request').to.equal(1);
    expect(seenText(m), 'no error on the cleared form').to.not.include('Cannot be empty');
    expect(input(m, 'Topic').getAttribute('aria-invalid')).to.equal(null);

    // A tap of the user's own on the empty form is checked as ever.
    send();
    await waitFor(() => seenText(m).includes('Cannot be empty'), 'the required check');
    expect(await apiCalls('/feedback', token)).to.equal(1);
  });
});
