import type { FormEvent, ReactNode } from 'react';
import type { KeyDown } from '../shared/key-down';
import { cx } from '../shared/bem';

export interface FormProps {
  /** Called on submit (button or Enter); the browser's own submission is always prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  className?: string;
  id?: string;
  children?: ReactNode;
}

/** A <form noValidate>: validation messages are ours (Field error), never the browser's bubbles. */
export function Form({ onSubmit, className, children, ...aria }: FormProps) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    onSubmit(e);
    // Once the errors are rendered, take the user to the first one (keyboard and screen-reader users too).
    requestAnimationFrame(() => {
      const invalid = form.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (invalid && form.isConnected) invalid.focus();
    });
  };
  // Browsers submit on Enter only when the form has a submit button or a single field; make it dependable.
  const keyDown = (e: KeyDown<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || !(target instanceof HTMLInputElement)) return;
    const form = e.currentTarget;
    if (form.querySelector('button[type="submit"], input[type="submit"]')) return;
    e.preventDefault();
    form.requestSubmit();
  };
  return (
    <form {...aria} className={cx('ma-form', className)} noValidate onSubmit={submit} onKeyDown={keyDown}>
      {children}
    </form>
  );
}
