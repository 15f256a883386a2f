import { expect } from 'chai';
import type { BroadcastUpdate } from '../../../api/shapes/ad-center';
import { cleanup, renderUI } from '../../../../test/browser/support/render';
import { updateText } from './Ticker';

// A nickname the merchant never chose is not shown (a made-up one would tell something untrue); the server sends null and the update says "a merchant"
// in a sentence of its own per language (not "{{name}}" filled with a word).
describe('ticker update text', () => {
  afterEach(cleanup);

  const update = (name: string | null, action: BroadcastUpdate['action'], amount: string | null): BroadcastUpdate => ({
    id: 1,
    name,
    action,
    amount,
    time: '2030-01-10T11:00:00.000Z',
  });

  it('names a chosen (masked) nickname, and says "a merchant" without one, in every action', async () => {
    const { i18n } = renderUI(<div />);
    expect(updateText(i18n, update('d***o', 'put', '1200.00'))).to.equal('d***o put 1,200.00 into a plan');
    expect(updateText(i18n, update(null, 'joined', null))).to.equal('A merchant joined');
    expect(updateText(i18n, update(null, 'put', '1200.00'))).to.equal('A merchant put 1,200.00 into a plan');
    expect(updateText(i18n, update(null, 'earned', '45.00'))).to.equal('A merchant earned 45.00');
    expect(updateText(i18n, update(null, 'withdrew', '12.34'))).to.equal('A merchant withdrew 12.34');
    // Once the config names the currency, every amount is money in it, worded per language.
    i18n.currency.value = 'USD';
    expect(updateText(i18n, update(null, 'put', '1200.00'))).to.equal('A merchant put $1,200.00 into a plan');
    await i18n.setLanguage('de');
    expect(updateText(i18n, update(null, 'earned', '1200.5'))).to.match(/^Ein Händler hat 1\.200,50\s\$/);
    i18n.currency.value = 'EUR';
    expect(updateText(i18n, update(null, 'earned', '1200.5'))).to.match(/1\.200,50\s€/);
    i18n.currency.value = 'NOPE1';
    expect(updateText(i18n, update(null, 'earned', '3')), 'an unknown code still shows the amount').to.include(
      '3,00 NOPE1',
    );
    expect(updateText(i18n, update(null, 'joined', null))).to.equal('Ein Händler ist beigetreten');
    expect(updateText(i18n, update(null, 'joined', null))).to.not.include('{{');
  });
});
