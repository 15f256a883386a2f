import { expect } from 'chai';
import { LANGUAGES } from '../../../src/api/languages';
import {
  $,
  $$,
  button,
  click,
  mountApp,
  testApi,
  text,
  type,
  unique,
  unmountAll,
  waitFor,
  waitRoute,
  waitText,
} from '../support/app';
import type { Mounted } from '../support/app';
import { settleAnimations } from '../support/render';

describe('languages', () => {
  afterEach(unmountAll);

  it('switches among all 12 languages: every one changes the visible text', async () => {
    const m = await mountApp();
    const seen = new Map<string, string>();
    for (const lang of LANGUAGES) {
      await m.app.setLanguage(lang);
      await waitFor(
        () => m.events.some((e) => e.type === 'language' && e.payload.lang === lang) || lang === 'en',
        `language ${lang}`,
      );
      const submit = $(m, 'button[type="submit"]')!.textContent.trim();
      seen.set(lang, submit);
    }
    // Twelve languages, and their "Log in" buttons are not all the same text.
    expect(new Set(seen.values()).size).to.be.greaterThan(8);
    expect(seen.get('de')).to.equal('Anmelden');
  });

  it('the header language picker: a bottom sheet half the widget high, the wheel filling it; cancel keeps, OK switches and persists', async () => {
    const m = await mountApp();
    button(m, 'Language').click();
    const sheet = await waitFor(
      () => $$(m, '[role="dialog"]').find((d) => d.querySelector('[role="listbox"]')),
      'picker sheet',
    );
    await waitFor(() => sheet.querySelectorAll('[role="option"]').length >= 12, '12 options');
    await settleAnimations(m.shadow);
    // Half the widget's height; the wheel fills what the toolbar leaves, its band in the middle with the
    // language shown, at least six 44 px options in full view: no blank band under it.
    const widget = $(m, '.ma-root')!.getBoundingClientRect();
    const sheetBox = sheet.getBoundingClientRect();
    const wheel = sheet.querySelector('[role="listbox"]')!.getBoundingClientRect();
    expect(
      Math.abs(sheetBox.height - widget.height / 2),
      `sheet ${sheetBox.height} in a ${widget.height} px widget`,
    ).to.be.below(1);
    expect(sheetBox.bottom - wheel.bottom).to.be.lessThan(2);
    expect(wheel.height).to.be.at.least(6 * 44);
    const options = Array.from(sheet.querySelectorAll<HTMLElement>('[role="option"]'));
    const centred = (o: HTMLElement) => {
      const c = o.getBoundingClientRect();
      return Math.abs(c.top + c.height / 2 - (wheel.top + wheel.height / 2)) < 1;
    };
    const chosen = options.find((o) => o.getAttribute('aria-selected') === 'true')!;
    expect(chosen.textContent).to.equal('English');
    expect(centred(chosen), 'the language shown is in the middle').to.equal(true);
    const french = options.find((o) => o.textContent?.includes('Français'))!;
    french.click();
    await waitFor(() => centred(french), 'Français turned to the middle');
    // Six 44 px rows or more show around it (five whole and two halves, as a six-row wheel shows).
    const shown = options.filter((o) => {
      const b = o.getBoundingClientRect();
      return Math.round(b.height) === 44 && b.bottom > wheel.top + 1 && b.top < wheel.bottom - 1;
    });
    expect(shown.length, 'rows in view').to.be.at.least(6);
    const confirm = Array.from(sheet.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'OK')!;
    confirm.click();
    await waitFor(() => m.events.some((e) => e.type === 'language' && e.payload.lang === 'fr'), 'French');
    await waitText(m, 'Se connecter');
    expect(localStorage.getItem(`${m.prefix}lang`)).to.equal('"fr"');
    expect(text(m)).to.not.include('Log in');
  });

  it('a stored language is used on the next mount; an explicit option wins', async () => {
    const m = await mountApp({ storagePrefix: 'lang-test:' });
    await m.app.setLanguage('es'); // not one of ours and not in the map: ignored
    await m.app.setLanguage('spa');
    unmountAll();
    const again = await mountApp({ storagePrefix: 'lang-test:' });
    expect($(again, 'button[type="submit"]')!.textContent.trim()).to.not.equal('Log in');
    unmountAll();
    const forced = await mountApp({ storagePrefix: 'lang-test:', language: 'en' });
    expect($(forced, 'button[type="submit"]')!.textContent.trim()).to.equal('Log in');
    localStorage.removeItem('lang-test:lang');
  });
});

/** A new merchant registered straight through the API (in `lang`), and its token. */
async function newMerchant(lang = 'en'): Promise<{ username: string; token: string }> {
  const username = unique('lg');
  const body = {
    username,
    password: 'secret123',
    confirm_password: 'secret123',
    email: `${username}@example.com`,
    phone: '+4915112345678',
    license_key: 'DEMO-LICENSE',
    terms: true,
    lang,
  };
  const r = await fetch('/api/auth/register', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const j = await r.json();
  expect(j.code, JSON.stringify(j)).to.equal(200);
  return { username, token: j.data.token };
}

/** The account's language as the server has it. */
async function accountLang(token: string): Promise<string> {
  const j = await (await fetch('/api/user/info', { headers: { 'X-CT': token } })).json();
  return j.data.lang;
}

/** Waits until the server has the account in `lang` (a picker's save is not awaited by anyone). */
async function waitAccountLang(token: string, lang: string): Promise<void> {
  for (const end = Date.now() + 5000; ; await new Promise((ok) => setTimeout(ok, 50))) {
    const now = await accountLang(token);
    if (now === lang) return;
    if (Date.now() > end) throw new Error(`the account is in ${now}, not ${lang}`);
  }
}

const languageEvents = (m: Mounted) =>
  m.events.filter((e) => e.type === 'language').map((e) => e.payload.lang as string);

/** Picks `label` in the header's language picker and confirms. */
async function pickLanguage(m: Mounted, label: string): Promise<void> {
  button(m, 'Language').click();
  const sheet = await waitFor(
    () => $$(m, '[role="dialog"]').find((d) => d.querySelector('[role="listbox"]')),
    'picker sheet',
  );
  const option = await waitFor(
    () =>
      Array.from(sheet.querySelectorAll<HTMLElement>('[role="option"]')).find((o) => o.textContent?.includes(label)),
    label,
  );
  option.click();
  Array.from(sheet.querySelectorAll('button'))
    .find((b) => b.textContent?.trim() === 'OK')!
    .click();
}

/** A 402 for a request the app makes by itself: Home loads the user each time it is shown. */
async function homeAgain(m: Mounted): Promise<HTMLElement> {
  m.app.navigate('/notification');
  await waitRoute(m, '/notification');
  m.app.navigate('/ad-center');
  return waitFor(() => $$(m, '[role="dialog"]').find((d) => d.querySelector('.ma-cs')), 'customer-service popup');
}

describe('language: one rule for the header picker and the host (README "Language")', function () {
  this.timeout(20000);
  afterEach(unmountAll);

  it('host setLanguage() while signed in is saved on the account, so a later 402 does not switch the UI', async () => {
    const { username, token } = await newMerchant('en');
    const m = await mountApp({ token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');
    await m.app.setLanguage('de');
    // Settled means saved: the account says so at once, and so does the device.
    expect(await accountLang(token)).to.equal('de');
    expect(localStorage.getItem(`${m.prefix}lang`)).to.equal('"de"');

    await testApi('set-state', { username, state: 'not_activated' });
    const before = languageEvents(m).length;
    const dialog = await homeAgain(m);
    const de = await (await fetch('/locales/de.json')).json();
    await waitFor(() => dialog.textContent?.includes(de.errors.notActivated), 'the 402 text, in German');
    // No wait: the error policy applies the error data's language first and opens this dialog after it has settled,
    // so a switch, if any, has happened by the time the dialog shows.
    expect(languageEvents(m).slice(before), 'no language switch after the 402').to.deep.equal([]);
    expect(languageEvents(m).at(-1)).to.equal('de');
    expect(button(m, 'Sprache')).to.exist; // the header itself is still German
  });

  it('the header picker and setLanguage() do the same: shown, stored, saved on the account', async () => {
    const { token } = await newMerchant('en');
    const m = await mountApp({ token, initialRoute: '/ad-center' });
    await waitRoute(m, '/ad-center');

    await pickLanguage(m, 'Français');
    await waitFor(() => languageEvents(m).at(-1) === 'fr', 'French');
    expect(localStorage.getItem(`${m.prefix}lang`)).to.equal('"fr"');
    await waitAccountLang(token, 'fr');

    await m.app.setLanguage('jp');
    expect(languageEvents(m).at(-1)).to.equal('jp');
    expect(localStorage.getItem(`${m.prefix}lang`)).to.equal('"jp"');
    expect(await accountLang(token)).to.equal('jp');

    // update({ language }) is setLanguage() too.
    m.app.update({ language: 'vi' });
    await waitAccountLang(token, 'vi');
    expect(languageEvents(m).at(-1)).to.equal('vi');
  });

  it("a language chosen before sign-in, or given at mount, is the account's once signed in; 403 then keeps it", async () => {
    // Chosen on the login page, then the merchant logs in: the account takes the choice.
    const first = await newMerchant('en');
    const m = await mountApp();
    await m.app.setLanguage('fr');
    expect(await accountLang(first.token), 'signed out: nothing to save to').to.equal('en');
    type(m, 'Nom d\u2019utilisateur', first.username);
    type(m, 'Mot de passe', 'secret123');
    click(m, 'Se connecter');
    await waitRoute(m, '/ad-center');
    await waitAccountLang(first.token, 'fr');
    unmountAll();

    // The host's language option with its token: the same.
    const second = await newMerchant('en');
    const h = await mountApp({ token: second.token, language: 'de', initialRoute: '/ad-center' });
    await waitRoute(h, '/ad-center');
    await waitAccountLang(second.token, 'de');
    await testApi('set-state', { username: second.username, state: 'disabled' });
    const before = languageEvents(h).length;
    const dialog = await homeAgain(h);
    const de = await (await fetch('/locales/de.json')).json();
    await waitFor(() => dialog.textContent?.includes(de.errors.notEnabled), 'the 403 text, in German');
    // The dialog opens once the error data's language has settled (see above): nothing more to wait for.
    expect(languageEvents(h).slice(before)).to.deep.equal([]);
  });
});
