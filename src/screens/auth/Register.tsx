import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../app/context';
import { schemas } from '../../api/contract';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { Field, Form } from '../../ui/field';
import { Popup } from '../../ui/popup';
import { useForm } from '../shared/use-form';
import type { ScreenProps } from '../types';

export function Register(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const form = useForm(
    schemas.register,
    { username: '', nickname: '', password: '', confirm_password: '', email: '', phone: '', license_key: '', terms: false as boolean },
    t,
  );
  const [showTerms, setShowTerms] = useState(false);

  const submit = () =>
    form.submit(async (data) => {
      const { token } = await app.request('authRegister', { ...data, lang: app.i18n.lang.value });
      app.overlays.toast.success(t('auth.registerSuccess'));
      await app.signIn(token);
    });

  const field = (name: 'username' | 'nickname' | 'password' | 'confirm_password' | 'email' | 'phone' | 'license_key', label: string, extra: Record<string, unknown> = {}) => (
    <Field label={t(label)} name={name} value={form.values[name]} onChange={(v: string) => form.set(name, v)} error={form.error(name)} {...extra} />
  );

  return (
    <div className="ma-page ma-auth">
      <Form onSubmit={submit} aria-label={t('auth.register')}>
        <div className="ma-card">
          {field('username', 'auth.username', { placeholder: t('auth.usernamePlaceholder'), autoComplete: 'username', required: true })}
          {field('nickname', 'auth.nickname', { placeholder: t('auth.nicknamePlaceholder'), autoComplete: 'nickname' })}
          {field('password', 'auth.password', { type: 'password', passwordToggle: true, autoComplete: 'new-password', placeholder: t('auth.passwordPlaceholder'), required: true })}
          {field('confirm_password', 'auth.confirmPassword', { type: 'password', passwordToggle: true, autoComplete: 'new-password', placeholder: t('auth.confirmPasswordPlaceholder'), required: true })}
          {field('email', 'auth.email', { type: 'email', inputMode: 'email', autoComplete: 'email', placeholder: t('auth.emailPlaceholder'), required: true })}
          {field('phone', 'auth.phone', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: t('auth.phonePlaceholder'), required: true })}
          {field('license_key', 'auth.licenseKey', { placeholder: t('auth.licenseKeyPlaceholder'), autoComplete: 'off', required: true })}
        </div>
        <Checkbox name="terms" checked={form.values.terms} onChange={(c: boolean) => form.set('terms', c)} error={form.error('terms')}>
          {t('auth.terms')}
        </Checkbox>
        <button type="button" className="ma-link" onClick={() => setShowTerms(true)}>{t('auth.termsLink')}</button>
        <div className="ma-form-actions">
          <Button type="submit" variant="primary" size="large" block loading={form.busy} loadingText={t('auth.registering')}>{t('auth.register')}</Button>
        </div>
      </Form>
      <p className="ma-switch-line">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="ma-link" onClick={() => app.router.navigate('/login')}>{t('auth.goLogin')}</button>
      </p>
      <Popup open={showTerms} onClose={() => setShowTerms(false)} position="bottom" height="70%" round closeable title={t('auth.termsLink')}>
        <div className="ma-terms">{app.config.config.value.privacy_policy ?? t('common.noData')}</div>
      </Popup>
    </div>
  );
}
