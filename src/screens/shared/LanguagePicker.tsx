import { useSignals } from '@preact/signals-react/runtime';
import { useApp } from '../../app/context';
import { LANGUAGES } from '../../api/contract';
import { PickerPopup } from '../../ui/picker';

/**
 * The language switcher (spec §2): a bottom sheet picker at 50% height with ok and cancel. Options come from
 * the server's language map; until it has loaded, the spec's twelve languages in their own names.
 */
export function LanguagePicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSignals();
  const app = useApp();
  const t = app.i18n.t;
  const fromMap = app.language.options.value;
  const columns = fromMap.length ? fromMap : LANGUAGES.map((l) => ({ label: t(`languages.${l}`), value: l }));

  const choose = async (value: string) => {
    onClose();
    const lang = await app.language.set(value);
    // Remember the choice on the account too, so the server's messages follow it; best effort, not worth a toast.
    if (lang && app.session.token.value) void app.request('userInfoEdit', { lang }, { claims: () => true }).then((u) => app.session.setUser(u), () => undefined);
  };

  return (
    <PickerPopup
      open={open}
      title={t('header.chooseLanguage')}
      columns={columns}
      value={app.i18n.lang.value}
      height="50%"
      onConfirm={(v: string) => void choose(v)}
      onCancel={onClose}
    />
  );
}
