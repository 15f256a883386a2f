/** Test support for the picker's tests, imported by them only: the options they pick from and a rendered wheel. */
import { renderWithOverlays } from '../../../test/browser/support/overlays';
import { Picker, type PickerOption, type PickerProps } from './Picker';

export const LANGS: PickerOption[] = [
  { label: 'English', value: 'en' },
  { label: 'Deutsch', value: 'de' },
  { label: 'Français', value: 'fr' },
  { label: '日本語', value: 'jp', disabled: true },
  { label: '한국어', value: 'kor' },
  { label: 'Português', value: 'pt' },
  { label: 'Русский', value: 'ru' },
  { label: 'Español', value: 'spa' },
  { label: 'ไทย', value: 'th' },
  { label: 'Tiếng Việt', value: 'vi' },
];

/** A wheel of LANGS with Deutsch chosen, logging its calls, and the queries and touches its tests make. */
export function setup(extra: Partial<PickerProps> = {}) {
  const changes: string[] = [];
  const confirms: string[] = [];
  let cancels = 0;
  const r = renderWithOverlays(() => (
    <Picker
      title="Language"
      columns={LANGS}
      value="de"
      onChange={(v) => changes.push(v)}
      onConfirm={(v) => confirms.push(v)}
      onCancel={() => cancels++}
      {...extra}
    />
  ));
  const listbox = () => r.$('[role="listbox"]')!;
  const options = () => r.$$('[role="option"]');
  const selected = () => options().find((o) => o.getAttribute('aria-selected') === 'true')!.textContent;
  /** The option whose centre is in the middle of the band, by layout (not by state). */
  const underBand = () => {
    const band = listbox().getBoundingClientRect();
    const mid = band.top + band.height / 2;
    return options().find((o) => {
      const b = o.getBoundingClientRect();
      return Math.abs(b.top + b.height / 2 - mid) < 1;
    })?.textContent;
  };
  /** Dispatches a touch event on the second option; false when the picker prevented its default (the page's scroll). */
  const touch = (type: string, y: number) => {
    const target = options()[1];
    const t = new Touch({ identifier: 1, target, clientX: 100, clientY: y });
    return target.dispatchEvent(
      new TouchEvent(type, {
        touches: type === 'touchend' ? [] : [t],
        changedTouches: [t],
        bubbles: true,
        cancelable: true,
        composed: true,
      }),
    );
  };
  return { r, changes, confirms, cancels: () => cancels, listbox, options, selected, underBand, touch };
}
