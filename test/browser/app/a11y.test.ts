import { expectAxeClean } from '../support/render';
import { $$, button, click, demoToken, mountApp, unique, unmountAll, waitFor, waitRoute, waitText } from '../support/app';

describe('screens pass axe-core', () => {
  afterEach(unmountAll);

  it('login, register with its errors, 404, welcome', async () => {
    const m = await mountApp();
    await expectAxeClean(m.shadow);
    m.app.navigate('/register');
    await waitRoute(m, '/register');
    click(m, 'Register');
    await waitText(m, 'Cannot be empty');
    await expectAxeClean(m.shadow);
    m.app.navigate('/nowhere');
    await waitText(m, 'Page not found');
    await expectAxeClean(m.shadow);
    // The welcome form, reached as a merchant does: a signed link for a new partner user.
    const link = await (await fetch(`/api/__test__/partner-link?entry=partner&uid=${unique('a11y')}`)).json();
    m.app.navigate(link.data.path);
    await waitRoute(m, '/ad-welcome');
    await waitFor(() => m.shadow.querySelector('input[name="auth_code"]'), 'welcome form');
    await expectAxeClean(m.shadow);
    // And its message when the link's ticket is gone.
    m.app.navigate('/ad-welcome?entry=partner&uid=no-ticket');
    await waitText(m, 'Please open it again from the partner app.');
    await expectAxeClean(m.shadow);
  });

  it('home, the customer-service popup, the language picker and the logout dialog', async () => {
    const m = await mountApp({ token: await demoToken(), initialRoute: '/ad-center' });
    await waitText(m, 'Hello, ');
    await expectAxeClean(m.shadow);
    button(m, 'Customer service').click();
    await waitFor(() => $$(m, '.ma-cs__item').length > 0, 'contacts');
    await expectAxeClean(m.shadow);
    (m.shadow.querySelector('[aria-label="Close"]') as HTMLElement).click();
    // Gone from the DOM, not just closing: a sheet on its way out is faded, and axe would measure that.
    await waitFor(() => !$$(m, '.ma-popup').length, 'popup closed');
    button(m, 'Language').click();
    await waitFor(() => m.shadow.querySelector('[role="listbox"]'), 'picker');
    await expectAxeClean(m.shadow);
  });
});
