import { useRef, type Ref } from 'react';
import * as adCenterCalls from '../../../api/calls/ad-center';
import { useApp } from '../../../app/context';
import * as requests from '../../../api/requests/ad-center';
import type { FollowRecord } from '../../../api/shapes/ad-center';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { useForm } from '../../shared/use-form';
import { nameOf } from './model';

export interface FollowFormProps {
  /** The merchant's own follow ID: following it is refused here already, as the server would. */
  ownId: string | undefined;
  /** Whether the list already shows this record (following an ID twice answers the existing record). */
  has: (record: FollowRecord) => boolean;
  onFollowed: (record: FollowRecord) => void;
  /** The form's element, so the empty list can send the merchant here. */
  formRef?: Ref<HTMLDivElement>;
}

/**
 * Follow an operator by their follow ID (it must exist and not be the merchant's own). An unknown or own
 * ID says "Follow ID error, please re-enter" under the field and keeps what was typed; success clears the field.
 */
export function FollowForm({ ownId, has, onFollowed, formRef }: FollowFormProps) {
  const app = useApp();
  const t = app.i18n.t;
  const form = useForm(requests.assistanceFollow, { proxy_id: '' }, t, {
    fieldReasons: { id_error: ['proxy_id', 'errors.idError'] },
  });
  // What was typed, synchronously: a submit can come before the re-render that carries it.
  const typed = useRef('');
  const field = form.field('proxy_id');

  const submit = () => {
    // The contract's pattern is letters and digits: say that, rather than the generic "Invalid format".
    const issue = requests.assistanceFollow.check({ proxy_id: typed.current }).issues[0];
    if (issue?.rule === 'pattern') return form.setError('proxy_id', 'operated.idFormat');
    return form.submit(async ({ proxy_id }) => {
      if (ownId && proxy_id === ownId) return form.setError('proxy_id', 'errors.idError');
      const record = await app.request(adCenterCalls.assistanceFollow, { proxy_id }, { handles: form.handles });
      const already = has(record);
      typed.current = '';
      form.set('proxy_id', '');
      onFollowed(record);
      app.overlays.toast.success(
        t(already ? 'operated.alreadyFollowing' : 'operated.followed', { name: nameOf(record) }),
      );
    });
  };

  return (
    <div ref={formRef} className="ma-operated__follow">
      <h2 id="ma-operated-follow" className="ma-operated__section-title">
        {t('operated.followTitle')}
      </h2>
      <p className="ma-operated__lead">{t('operated.followLead')}</p>
      <Form onSubmit={() => void submit()} aria-labelledby="ma-operated-follow">
        <div className="ma-cells">
          <Field
            {...field}
            onChange={(v) => {
              typed.current = v;
              field.onChange(v);
            }}
            label={t('operated.idLabel')}
            placeholder={t('operated.idPlaceholder')}
            autoComplete="off"
            inputMode="text"
            maxLength={32}
            required
          />
        </div>
        <div className="ma-form-actions">
          <Button type="submit" variant="primary" size="large" block loading={form.busy}>
            {t('operated.follow')}
          </Button>
        </div>
      </Form>
    </div>
  );
}
