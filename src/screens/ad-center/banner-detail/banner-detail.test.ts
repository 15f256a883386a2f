import { expect } from 'chai';
import {
  $,
  $$,
  apiFault,
  button,
  demoToken,
  mountApp,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean } from '../../../../test/browser/support/render';
import { CTA_ROUTES } from '../../../api/shapes/cta';
import { SCREEN_ROUTES } from '../../../shell/routes';
import { isCtaRoute } from '../../shared/CallToAction';
import { bannerImage } from './banner-image';

const at = (id: number | string) => `/ad-center/banner-detail?id=${id}`;
const title = (m: Mounted) => $(m, '.ma-banner-detail__title');
const image = (m: Mounted) => $(m, '.ma-banner-detail__image') as HTMLImageElement | null;
const content = (m: Mounted) => $(m, '.ma-banner-detail__content');

async function open(id: number | string, o: { language?: string; token?: string } = {}) {
  const m = await mountApp({
    token: o.token ?? (await demoToken()),
    initialRoute: at(id),
    ...(o.language ? { language: o.language } : {}),
  });
  await waitRoute(m, '/ad-center/banner-detail');
  return m;
}

describe('banner detail (/ad-center/banner-detail)', () => {
  afterEach(unmountAll);

  it("shows the banner's image (its title as alt text), title and rich-text content; no bell or language switcher", async () => {
    const m = await open(2);
    await waitFor(() => title(m), 'title');
    expect(title(m)!.textContent).to.equal('Newcomer support coupon');
    expect(image(m)!.alt).to.equal('Newcomer support coupon');
    await waitFor(() => image(m)!.complete && image(m)!.naturalWidth > 0, 'the image loaded');
    expect(content(m)!.textContent).to.equal(
      'New merchants can receive the support coupon once, on the activities page.',
    );
    expect(() => button(m, 'Language')).to.throw();
    expect($$(m, 'button').some((b) => (b.getAttribute('aria-label') ?? '').startsWith('Notifications'))).to.equal(
      false,
    );
    expect(() => button(m, 'Back')).to.not.throw();
    await expectAxeClean(m.shadow);
  });

  it("in the merchant's language, following a language change; English where the banner has no such text", async () => {
    const m = await open(2, { language: 'th' });
    await waitFor(() => title(m)?.textContent === 'คูปองสนับสนุนผู้ใช้ใหม่', 'Thai title');
    expect(image(m)!.alt).to.equal('คูปองสนับสนุนผู้ใช้ใหม่');
    await m.app.setLanguage('kor');
    await waitFor(() => title(m)?.textContent === '신규 회원 지원 쿠폰', 'Korean title');
    expect(content(m)!.textContent).to.include('지원 쿠폰');
    unmountAll();

    // Banner 3's detail is written in English only (its title and subtitle in every language).
    const en = await open(3, { language: 'kor' });
    await waitFor(() => title(en)?.textContent === '최고의 운영자를 팔로우하세요', 'Korean title');
    expect(title(en)!.hasAttribute('lang')).to.equal(false);
    expect(image(en)!.alt).to.equal('최고의 운영자를 팔로우하세요');
    expect($(en, '.ma-banner-detail__subtitle')!.textContent).to.equal('집행 중인 플랜을 확인하세요');
    expect(content(en)!.closest('[lang]')!.getAttribute('lang')).to.equal('en');
    expect(content(en)!.textContent).to.include('You cannot follow your own ID.');
  });

  it('ends with its call to action, a primary button in the language that opens the screen; without one, no button', async () => {
    const m = await open(2, { language: 'de' });
    const cta = (await waitFor(() => $(m, '.ma-banner-detail__cta'), 'call to action')) as HTMLButtonElement;
    expect(cta.tagName).to.equal('BUTTON');
    expect(cta.textContent).to.equal('Zu den Aktionen');
    expect(cta.classList.contains('ma-button--primary')).to.equal(true);
    // The page's last word: after the title, the subtitle and the content.
    expect(cta.compareDocumentPosition(content(m)!) & Node.DOCUMENT_POSITION_PRECEDING).to.not.equal(0);
    expect(cta.nextElementSibling).to.equal(null);
    expect(cta.getBoundingClientRect().height).to.be.at.least(44);
    await expectAxeClean(m.shadow);
    cta.click();
    await waitRoute(m, '/ad-center/activities');
    unmountAll();

    const none = await open(1);
    await waitFor(() => title(none), 'title');
    expect($(none, '.ma-banner-detail__cta')).to.equal(null);
    expect($$(none, '.ma-banner-detail .ma-button')).to.have.length(0);
  });

  it('an unknown banner says so with the way back; a failed load says so and retries', async () => {
    const m = await open(77);
    await waitText(m, 'This page could not be found. It may have been removed.');
    await expectAxeClean(m.shadow);
    button(m, 'Back').click();
    await waitRoute(m, '/ad-center');
    unmountAll();

    const token = await demoToken();
    await apiFault('/basic_config', token, 'hold');
    try {
      const held = await open(1, { token });
      await waitFor(() => $(held, '.ma-skeleton'), 'skeleton');
      expect(title(held)).to.equal(null);
      await apiFault('/basic_config', token, 'fail');
      unmountAll();
      const failed = await open(1, { token });
      await waitText(failed, 'Could not load this page.');
      await apiFault('/basic_config', token, null);
      button(failed, 'Retry').click();
      await waitFor(() => title(failed), 'title after the retry');
    } finally {
      await apiFault('/basic_config', token, null);
    }
  });

  it('takes only images an <img> may safely load', () => {
    const base = 'https://shop.example/app/';
    expect(bannerImage('https://cdn.example/a.png', base)).to.equal('https://cdn.example/a.png');
    expect(bannerImage('/api/uploads/b.png', base)).to.equal('https://shop.example/api/uploads/b.png');
    expect(bannerImage('data:image/svg+xml;charset=utf-8,%3Csvg%3E', base)).to.match(/^data:image\/svg\+xml/);
    for (const bad of [
      'javascript:alert(1)',
      'http://tracker.example/p.gif',
      'data:text/html,<script>x</script>',
      'https://u:p@cdn.example/a.png',
      '',
    ]) {
      expect(bannerImage(bad, base), bad).to.equal(null);
    }
    // On a page served over http, its own origin is still fine (a local server), another http origin is not.
    expect(bannerImage('/uploads/c.png', 'http://127.0.0.1:8000/')).to.equal('http://127.0.0.1:8000/uploads/c.png');
    expect(bannerImage('http://other.example/c.png', 'http://127.0.0.1:8000/')).to.equal(null);
  });

  it('shows a call to action only for a screen of the app (the server checks it too; either alone holds)', () => {
    for (const ok of ['/ad-center/activities', '/ad-center/coupons', '/wallet'])
      expect(isCtaRoute(ok), ok).to.equal(true);
    // Every route a call to action may name is a signed-in screen of the app's route table.
    for (const route of CTA_ROUTES) {
      const screen = SCREEN_ROUTES.find((r) => r.path === route);
      expect(screen, route).to.not.equal(undefined);
      expect(screen!.noAuth ?? false, `${route} is for signed-in merchants`).to.equal(false);
    }
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      'javascript:alert(1)',
      '/ad-center/activities?x=1',
      '/login',
      '',
      null,
      7,
    ]) {
      expect(isCtaRoute(bad), String(bad)).to.equal(false);
    }
  });
});
