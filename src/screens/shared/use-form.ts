import { useRef, useState } from 'react';
import type { Infer, Schema } from '../../api/schema/types';
import { ApiError } from '../../api/client';
import { Code } from '../../api/envelope';
import type { ErrorReason } from '../../api/reasons';
import { createInFlight } from '../../kit/in-flight';
import type { Translate } from '../../i18n/i18n';

type Values = Record<string, unknown>;

export interface FormOptions<T> {
  /** Business failures that belong to one field: shown on it, with this message key. */
  fieldReasons?: Partial<Record<ErrorReason, [field: keyof T, messageKey: string]>>;
}

/**
 * Form state checked by the same schema the server uses. Errors are translated on render, so they follow a
 * language switch; what the user typed is never cleared by a failure.
 *
 * A form's requests pass `handles: form.handles`: the failures that belong to a field (a `fieldReasons` reason, or
 * a server 400 naming one of the form's fields) come back to the form and show on that field; every other
 * failure the error policy reports, once, and the form only stops being busy.
 */
export function useForm<S extends Schema<unknown>, T extends Values>(
  schema: S,
  initial: T,
  t: Translate,
  o: FormOptions<T> = {},
) {
  const [values, setValues] = useState<T>(initial);
  // The latest values, updated synchronously: a submit right after an input event (autofill, a fast tap, a
  // test) runs before preact re-renders, and must not validate the previous render's values.
  const latest = useRef<T>(initial);
  // One submit at a time (a second tap before the re-render is refused); the kit's in-flight guard, as actions use.
  const [flight] = useState(createInFlight);
  const busy = flight.busy.value.size > 0;
  const runBusy = (fn: () => Promise<void>) => flight.run('submit', fn);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string>>>({});
  // Set by reset() after a success, cleared by an edit. A double tap whose second half lands after the answer (a
  // fast server) would otherwise submit the form just cleared and show "Cannot be empty" under every field: the
  // first submit of a form reset and not touched since is that second half, and does nothing. A further tap is
  // the user's own, and is checked as usual.
  const justReset = useRef(false);

  const error = (name: keyof T) => {
    const rule = errors[name];
    if (!rule) return undefined;
    if (rule.includes('.')) return t(rule); // a full message key, e.g. errors.wrongOldPassword
    const meta =
      (schema.fields as Record<string, { meta?: Record<string, number | undefined> }>)[name as string]?.meta ?? {};
    return t(`validation.${rule}`, { min: meta.min ?? '', max: meta.max ?? '', n: meta.n ?? '' });
  };

  /** The field (and message) a failure belongs to: a reason of `fieldReasons`, or a 400 naming a field. */
  const fieldFor = (err: ApiError): [keyof T, string] | undefined => {
    if (err.kind !== 'business') return undefined;
    const byReason = err.data.reason ? o.fieldReasons?.[err.data.reason] : undefined;
    if (byReason) return byReason;
    const field = err.data.field;
    if (err.code === Code.PARAMS && field && field in latest.current) return [field, err.data.rule ?? 'pattern'];
    return undefined;
  };

  const form = {
    values,
    busy,
    error,
    set<K extends keyof T>(name: K, value: T[K]) {
      justReset.current = false;
      latest.current = { ...latest.current, [name]: value };
      setValues(latest.current);
      // Typing addresses the problem as far as the user can tell: hide that field's error until the next submit.
      setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
    },
    /** What wires a Field to `name`: its value, a change handler (which clears its error) and the translated error. */
    field<K extends keyof T & string>(name: K) {
      return { name, value: values[name], onChange: (v: T[K]) => form.set(name, v), error: error(name) };
    },
    /** After a success: the form shows `next` with no error, as new (see justReset). */
    reset(next: T) {
      latest.current = next;
      setValues(next);
      setErrors({});
      justReset.current = true;
    },
    /** `rule` is a schema rule (validation.<rule>) or a full message key such as 'errors.wrongOldPassword'. */
    setError(name: keyof T, rule: string) {
      setErrors((e) => ({ ...e, [name]: rule }));
    },
    /** Shows every problem at once; returns the parsed values when there is none. */
    validate(): Infer<S> | null {
      const { value, issues } = schema.check(latest.current);
      const next: Partial<Record<keyof T, string>> = {};
      for (const i of issues) next[i.field as keyof T] ??= i.rule;
      setErrors(next);
      return issues.length ? null : (value as Infer<S>);
    },
    /** The failures this form shows on its fields; the rest are the error policy's (see above). */
    handles: (err: ApiError) => !!fieldFor(err),
    /** Validates, then runs `action` with the parsed values, one run at a time; a handled failure lands on its field. */
    submit(action: (data: Infer<S>) => Promise<void>): Promise<void> {
      const data = justReset.current ? null : form.validate();
      justReset.current = false;
      if (!data) return Promise.resolve();
      return runBusy(async () => {
        try {
          await action(data);
        } catch (e) {
          if (!(e instanceof ApiError)) console.error('[merchant-ads]', e); // a bug, not a failure to show
          const onField = e instanceof ApiError ? fieldFor(e) : undefined;
          if (onField) form.setError(onField[0], onField[1]);
        }
      });
    },
  };
  return form;
}
