import { useApp } from '../../app/context';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { copyText } from './copy-text';

/** Two overlapping sheets: our own copy icon, on the icon set's grid. */
const COPY =
  'M11 9h8a2 2 0 012 2v8a2 2 0 01-2 2h-8a2 2 0 01-2-2v-8a2 2 0 012-2zM5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1';
const copyIcon = (size: number) => <Icon className="ma-copy__icon" d={COPY} size={size} />;

export interface CopyButtonProps {
  /** What lands on the clipboard. */
  text: string;
  /** The icon alone, named by `label` (a tight row); otherwise the icon and the word "Copy". */
  iconOnly?: boolean;
  /** The accessible name of an icon-only button ("Copy proxy ID"). */
  label?: string;
  /** Id of what is copied, so "Copy" says what it copies. */
  describedBy?: string;
  className?: string;
}

/** Copy to the clipboard from a tap, confirmed (or its failure said) by the same toast everywhere. */
export function CopyButton({ text, iconOnly, label, describedBy, className }: CopyButtonProps) {
  const app = useApp();
  const t = app.i18n.t;
  const copy = async (e: { currentTarget: EventTarget | null }) => {
    if (await copyText(text, e.currentTarget as Element)) app.overlays.toast.success(t('common.copied'));
    else app.overlays.toast.fail(t('common.copyFailed'));
  };
  if (iconOnly) {
    return (
      <button
        type="button"
        className={`ma-copy ma-copy--icon ${className ?? ''}`}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={(e) => void copy(e)}
      >
        {copyIcon(20)}
      </button>
    );
  }
  return (
    <Button
      className={`ma-copy ${className ?? ''}`}
      icon={copyIcon(18)}
      aria-describedby={describedBy}
      onClick={(e) => void copy(e)}
    >
      {t('common.copy')}
    </Button>
  );
}
