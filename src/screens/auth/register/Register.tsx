import { useSignals } from '@preact/signals-react/runtime';
import * as signInCalls from '../../../api/calls/sign-in';
import { useApp } from '../../../app/context';
import * as requests from '../../../api/requests/sign-in';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Field, Form } from '../../../ui/field';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';

export function Register(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const form = useForm(
    requests.authRegister,
    {
      username: '',
      nickname: '',
      password: '',
      confirm_password: '',
      email: '',
      phone: '',
      license_key: '',
      terms: false,
    },
    t,
  );
  // The terms as a sheet, through the overlays (whose views arrive in their own file).
  const showTerms = () =>
    void app.overlays.open(
      () => <div className="ma-terms">{app.config.config.value.privacy_policy ?? t('common.noData')}</div>,
      {
        position: 'bottom',
        height: '70%',
        closeable: true,
        title: t('auth.termsLink'),
      },
    );

  const submit = () =>
    form.submit(async (data) => {
      const { token } = await app.request(
        signInCalls.authRegister,
        { ...data, lang: app.i18n.lang.value },
        { handles: form.handles },
      );
      app.overlays.toast.success(t('auth.registerSuccess'));
      await app.signIn(token);
    });

  return (
    <div className="ma-page ma-auth">
      <Form onSubmit={submit} aria-label={t('auth.register')}>
        <div className="ma-cells">
          <Field
            label={t('auth.username')}
            {...form.field('username')}
            placeholder={t('auth.usernamePlaceholder')}
            autoComplete="username"
            required
          />
          <Field
            label={t('auth.nickname')}
            {...form.field('nickname')}
            placeholder={t('auth.nicknamePlaceholder')}
            autoComplete="nickname"
          />
          <Field
            label={t('auth.password')}
            {...form.field('password')}
            type="password"
            passwordToggle
            autoComplete="new-password"
            placeholder={t('auth.passwordPlaceholder')}
            required
          />
          <Field
            label={t('auth.confirmPassword')}
            {...form.field('confirm_password')}
            type="password"
            passwordToggle
            autoComplete="new-password"
            placeholder={t('auth.confirmPasswordPlaceholder')}
            required
          />
          <Field
            label={t('auth.email')}
            {...form.field('email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            required
          />
          <Field
            label={t('auth.phone')}
            {...form.field('phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('auth.phonePlaceholder')}
            required
          />
          <Field
            label={t('auth.licenseKey')}
            {...form.field('license_key')}
            placeholder={t('auth.licenseKeyPlaceholder')}
            autoComplete="off"
            required
          />
        </div>
        <Checkbox
          name="terms"
          checked={form.values.terms}
          onChange={(c: boolean) => form.set('terms', c)}
          error={form.error('terms')}
        >
          {t('auth.terms')}
        </Checkbox>
        <button type="button" className="ma-link ma-auth__terms-link" onClick={showTerms}>
          {t('auth.termsLink')}
        </button>
        <div className="ma-form-actions">
          <Button
            type="submit"
            variant="primary"
            size="large"
            block
            loading={form.busy}
            loadingText={t('auth.registering')}
          >
            {t('auth.register')}
          </Button>
        </div>
      </Form>
      <p className="ma-switch-line">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="ma-link" onClick={() => app.router.navigate('/login')}>
          {t('auth.goLogin')}
        </button>
      </p>
    </div>
  );
}
