import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../app/context';
import { LANGUAGES } from '../../api/languages';
import { PickerPopup } from '../../ui/picker';

/**
 * The language switcher (docs/product.md, "Languages"): a bottom sheet picker with ok and cancel, half the widget's height, its wheel
 * filling the sheet around the band (PickerPopup). Options come from the server's language map; until it has
 * loaded, the twelve languages in their own names.
 */
export function LanguagePicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const fromMap = app.language.options.value;
  const columns = fromMap.length ? fromMap : LANGUAGES.map((l) => ({ label: t(`languages.${l}`), value: l }));

  // The same choice as the host's setLanguage(): applied, stored, and saved on the account while signed in.
  const choose = (value: string) => {
    onClose();
    void app.chooseLanguage(value);
  };

  return (
    <PickerPopup
      open={open}
      title={t('header.chooseLanguage')}
      columns={columns}
      value={app.i18n.lang.value}
      onConfirm={(v: string) => choose(v)}
      onCancel={onClose}
    />
  );
}
