import * as accountCalls from '../../../api/calls/account';
import { useApp } from '../../../app/context';
import * as requests from '../../../api/requests/account';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';

/** Change the login password: old correct, new differs, confirmation matches; then log in again. */
export function EditLoginPassword(_: ScreenProps) {
  const app = useApp();
  const t = app.i18n.t;
  const form = useForm(requests.updatePassword, { old_password: '', new_password: '', confirm_password: '' }, t, {
    fieldReasons: { wrong_old_password: ['old_password', 'errors.wrongOldPassword'] },
  });

  const submit = () =>
    form.submit(async (data) => {
      await app.request(accountCalls.updatePassword, data, { handles: form.handles });
      // The server has revoked every token of this account: sign out here too.
      app.overlays.toast.success(t('auth.passwordChanged'));
      await app.logout('passwordChanged');
    });

  const field = (name: 'old_password' | 'new_password' | 'confirm_password', label: string, autoComplete: string) => (
    <Field label={t(label)} {...form.field(name)} type="password" passwordToggle autoComplete={autoComplete} required />
  );

  return (
    <div className="ma-page">
      <Form onSubmit={submit} aria-label={t('routes.ad-center-edit-login-password')}>
        <div className="ma-cells">
          {field('old_password', 'auth.oldPassword', 'current-password')}
          {field('new_password', 'auth.newPassword', 'new-password')}
          {field('confirm_password', 'auth.confirmPassword', 'new-password')}
        </div>
        <div className="ma-form-actions">
          <Button type="submit" variant="primary" size="large" block loading={form.busy}>
            {t('common.submit')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
