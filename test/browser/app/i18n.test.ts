import { expect } from 'chai';
import { LANGUAGES } from '../../../src/api/contract';
import { $, $$, button, mountApp, text, unmountAll, waitFor, waitText } from '../support/app';

describe('languages', () => {
  afterEach(unmountAll);

  it('switches among all 12 languages: every one changes the visible text', async () => {
    const m = await mountApp();
    const seen = new Map<string, string>();
    for (const lang of LANGUAGES) {
      await m.app.setLanguage(lang);
      await waitFor(() => m.events.some((e) => e.type === 'language' && e.payload.lang === lang) || lang === 'en', `language ${lang}`);
      const submit = $(m, 'button[type="submit"]')!.textContent!.trim();
      seen.set(lang, submit);
    }
    // Twelve languages, and their "Log in" buttons are not all the same text.
    expect(new Set(seen.values()).size).to.be.greaterThan(8);
    expect(seen.get('de')).to.equal('Anmelden');
  });

  it('the header language picker: bottom sheet at 50% height, cancel keeps, OK switches and persists', async () => {
    const m = await mountApp();
    button(m, 'Language').click();
    const sheet = await waitFor(() => $$(m, '[role="dialog"]').find((d) => d.querySelector('[role="listbox"]')), 'picker sheet');
    const rootHeight = $(m, '.ma-root')!.getBoundingClientRect().height;
    const sheetHeight = sheet.getBoundingClientRect().height;
    expect(Math.abs(sheetHeight - rootHeight / 2)).to.be.lessThan(4);
    await waitFor(() => sheet.querySelectorAll('[role="option"]').length >= 12, '12 options');
    const french = Array.from(sheet.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent?.includes('Français'))!;
    french.click();
    const confirm = Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'OK')!;
    confirm.click();
    await waitFor(() => m.events.some((e) => e.type === 'language' && e.payload.lang === 'fr'), 'French');
    await waitText(m, 'Se connecter');
    expect(localStorage.getItem(`${m.prefix}lang`)).to.equal('"fr"');
    expect(text(m)).to.not.include('Log in');
  });

  it('a stored language is used on the next mount; an explicit option wins', async () => {
    const m = await mountApp({ storagePrefix: 'lang-test:' });
    await m.app.setLanguage('es' as never); // not one of ours and not in the map: ignored
    await m.app.setLanguage('spa');
    unmountAll();
    const again = await mountApp({ storagePrefix: 'lang-test:' });
    expect($(again, 'button[type="submit"]')!.textContent!.trim()).to.not.equal('Log in');
    unmountAll();
    const forced = await mountApp({ storagePrefix: 'lang-test:', language: 'en' });
    expect($(forced, 'button[type="submit"]')!.textContent!.trim()).to.equal('Log in');
    localStorage.removeItem('lang-test:lang');
  });
});
