import { expect } from 'chai';
import { renderUI, cleanup, expectAxeClean, waitFor } from '../../../test/browser/support/render';
import { Empty } from './index';
import css from './empty.css';

describe('Empty', () => {
  afterEach(cleanup);

  it('shows a decorative illustration and the default text', async () => {
    const r = renderUI(<Empty />, [css]);
    expect(r.$('.ma-empty__description')!.textContent).to.equal('No data');
    const image = r.$('.ma-empty__image')!;
    expect(image.getAttribute('aria-hidden')).to.equal('true');
    expect(image.querySelector('svg')!.getBoundingClientRect().width).to.equal(120);
    await expectAxeClean(r.shadow);
  });

  it('takes text, image and actions', async () => {
    const r = renderUI(
      <Empty text="No orders yet" image={<span className="custom">:(</span>}>
        <button type="button">Refresh</button>
      </Empty>,
      [css],
    );
    expect(r.$('.ma-empty__description')!.textContent).to.equal('No orders yet');
    expect(r.$('.custom')).to.not.equal(null);
    expect(r.$('svg')).to.equal(null);
    expect(r.$('.ma-empty__bottom button')!.textContent).to.equal('Refresh');
    await expectAxeClean(r.shadow);
  });

  it('follows the language', async () => {
    const r = renderUI(<Empty />, [css]);
    await r.i18n.setLanguage('de');
    await waitFor(
      () => r.$('.ma-empty__description')!.textContent === r.i18n.t('ui.empty.text') && r.i18n.lang.value === 'de',
      'German text',
    );
    expect(r.$('.ma-empty__description')!.textContent).to.not.equal('No data');
  });
});
