// The picker's bar: Cancel, the title (which names the listbox), Confirm.
export interface PickerToolbarProps {
  title?: string;
  titleId: string;
  cancelText: string;
  confirmText: string;
  onCancel: () => void;
  onConfirm: () => void;
}

export function PickerToolbar({ title, titleId, cancelText, confirmText, onCancel, onConfirm }: PickerToolbarProps) {
  return (
    <div className="ma-picker__toolbar">
      <button type="button" className="ma-picker__button ma-picker__cancel" onClick={onCancel}>
        {cancelText}
      </button>
      {title ? (
        <div className="ma-picker__title" id={titleId}>
          {title}
        </div>
      ) : (
        <span className="ma-picker__title" />
      )}
      <button type="button" className="ma-picker__button ma-picker__confirm" onClick={onConfirm}>
        {confirmText}
      </button>
    </div>
  );
}
