import { useSignals } from '@preact/signals-react/runtime';
import * as signInCalls from '../../../api/calls/sign-in';
import { useApp } from '../../../app/context';
import * as requests from '../../../api/requests/sign-in';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';

export function Login(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const form = useForm(requests.authLogin, { username: '', password: '' }, t);

  const submit = () =>
    form.submit(async (data) => {
      const { token } = await app.request(signInCalls.authLogin, data, { handles: form.handles });
      app.overlays.toast.success(t('auth.loginSuccess'));
      await app.signIn(token);
    });

  return (
    <div className="ma-page ma-auth">
      <h2 className="ma-page__title">{t('app.name')}</h2>
      <Form onSubmit={submit} aria-label={t('auth.login')}>
        <div className="ma-cells">
          <Field
            label={t('auth.username')}
            {...form.field('username')}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            required
          />
          <Field
            label={t('auth.password')}
            {...form.field('password')}
            type="password"
            passwordToggle
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            required
          />
        </div>
        <div className="ma-form-actions">
          <Button
            type="submit"
            variant="primary"
            size="large"
            block
            loading={form.busy}
            loadingText={t('auth.loggingIn')}
          >
            {t('auth.login')}
          </Button>
        </div>
      </Form>
      <p className="ma-switch-line">
        {t('auth.noAccount')}{' '}
        <button type="button" className="ma-link" onClick={() => app.router.navigate('/register')}>
          {t('auth.goRegister')}
        </button>
      </p>
    </div>
  );
}
