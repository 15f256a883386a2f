import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/context';
import { Icon } from '../icon';
import { bem, cx, useLatest } from '../shared';
import css from './uploader.css';
import { addStyles } from '../styles';

addStyles(css, 18);

const b = bem('ma-uploader');

export interface UploadItem {
  id: string;
  /** Where the server put the file, once uploaded. */
  url?: string;
  /** A local object URL for the preview (owned and revoked by the Uploader). */
  previewUrl?: string;
  status: 'uploading' | 'done' | 'failed';
  message?: string;
}

export type UploadRejection = 'tooLarge' | 'notImage';

export interface UploaderProps {
  value: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /** Uploads one file and resolves with its URL; a rejection marks the item failed (with the error's message). */
  upload: (file: File) => Promise<string>;
  maxCount?: number;
  /** Bytes; spec: 5 MB. */
  maxSize?: number;
  accept?: string;
  /** Name of the add button; defaults to "Add image". */
  label?: string;
  onError?: (reason: UploadRejection, file: File) => void;
  disabled?: boolean;
  className?: string;
}

/** Whether a file matches an accept list such as "image/*,.pdf". */
export function matchesAccept(file: File, accept: string): boolean {
  const tokens = accept.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (!tokens.length) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((tok) =>
    tok.startsWith('.') ? name.endsWith(tok) : tok.endsWith('/*') ? type.startsWith(tok.slice(0, -1)) : type === tok);
}

let seq = 0;
const nextId = () => `ma-upload-${Date.now().toString(36)}-${++seq}`;

/** Picks images, checks type and size, uploads them and shows each file's state. */
export function Uploader({
  value, onChange, upload, maxCount = 1, maxSize = 5 * 1024 * 1024, accept = 'image/*', label, onError, disabled, className,
}: UploaderProps) {
  const t = useT();
  const [rejection, setRejection] = useState<UploadRejection | null>(null);
  // The per-file overlays are visual; a screen reader hears each change through one polite live region.
  const [announcement, setAnnouncement] = useState('');
  // Uploads resolve later; they must update the newest list, including changes not yet rendered.
  const items = useLatest(value);
  const emit = (next: UploadItem[]) => {
    items.current = next;
    onChange(next);
  };
  const owned = useRef(new Set<string>());
  const alive = useRef(true);

  const revoke = (url: string) => {
    if (!owned.current.delete(url)) return;
    URL.revokeObjectURL(url);
  };

  // Object URLs of items that left the list (removed here or by the parent) are released. The newest list is
  // items.current, not `value`: effects run after paint, possibly after a pick already added new previews.
  useEffect(() => {
    const kept = new Set(items.current.map((it) => it.previewUrl));
    for (const url of [...owned.current]) if (!kept.has(url)) revoke(url);
  }, [value]);
  useEffect(() => () => {
    alive.current = false;
    for (const url of [...owned.current]) revoke(url);
  }, []);

  /** Patches a live item; false when the item is gone (removed, or the Uploader unmounted). */
  const update = (id: string, patch: Partial<UploadItem>): boolean => {
    if (!alive.current || !items.current.some((it) => it.id === id)) return false;
    emit(items.current.map((it) => (it.id === id ? { ...it, ...patch } : it)));
    return true;
  };

  const pick = (e: Event) => {
    const inputEl = e.currentTarget as HTMLInputElement;
    const files = Array.from(inputEl.files ?? []);
    // Cleared so picking the same file again still fires change.
    inputEl.value = '';
    const added: UploadItem[] = [];
    const started: [string, File][] = [];
    let rejected: UploadRejection | null = null;
    for (const file of files.slice(0, Math.max(0, maxCount - items.current.length))) {
      const reason: UploadRejection | null = !matchesAccept(file, accept) ? 'notImage' : file.size > maxSize ? 'tooLarge' : null;
      if (reason) {
        rejected = reason;
        onError?.(reason, file);
        continue;
      }
      const previewUrl = URL.createObjectURL(file);
      owned.current.add(previewUrl);
      const id = nextId();
      added.push({ id, previewUrl, status: 'uploading' });
      started.push([id, file]);
    }
    setRejection(rejected);
    if (!added.length) return;
    emit([...items.current, ...added]);
    setAnnouncement(t('ui.uploader.uploading'));
    for (const [id, file] of started) {
      Promise.resolve()
        .then(() => upload(file))
        .then(
          (url) => {
            if (update(id, { url, status: 'done', message: undefined })) setAnnouncement(t('ui.uploader.done'));
          },
          (err: unknown) => {
            const message = err instanceof Error && err.message ? err.message : undefined;
            if (update(id, { status: 'failed', message })) setAnnouncement(message ?? t('ui.uploader.failed'));
          },
        );
    }
  };

  const remove = (item: UploadItem) => {
    emit(items.current.filter((it) => it.id !== item.id));
    if (item.previewUrl) revoke(item.previewUrl);
  };

  return (
    <div className={cx(b(), className)}>
      <div className="ma-uploader__wrapper">
        {value.map((item) => {
          const src = item.previewUrl && owned.current.has(item.previewUrl) ? item.previewUrl : item.url ?? item.previewUrl;
          return (
            <div key={item.id} className={b('item', item.status)}>
              {src ? <img className="ma-uploader__preview" src={src} alt="" /> : null}
              {item.status !== 'done' ? (
                <div className="ma-uploader__mask">
                  {item.status === 'uploading' ? <span className="ma-spinner ma-uploader__spinner" aria-hidden="true" /> : <Icon name="fail" />}
                  <span className="ma-uploader__status">
                    {item.status === 'uploading' ? t('ui.uploader.uploading') : item.message ?? t('ui.uploader.failed')}
                  </span>
                </div>
              ) : null}
              <button type="button" className="ma-uploader__remove" aria-label={t('ui.uploader.remove')} onClick={() => remove(item)}>
                <Icon name="close" size={14} />
              </button>
            </div>
          );
        })}
        {value.length < maxCount ? (
          <label className={b('upload', { disabled })}>
            <Icon name="plus" size={24} />
            <span className="ma-uploader__upload-text">{label ?? t('ui.uploader.add')}</span>
            <input
              type="file"
              className="ma-uploader__input"
              accept={accept}
              multiple={maxCount - value.length > 1}
              disabled={disabled}
              onChange={pick}
            />
          </label>
        ) : null}
      </div>
      <span className="ma-sr-only" role="status">{announcement}</span>
      {rejection ? (
        <div role="alert" className="ma-uploader__message">
          {t(rejection === 'tooLarge' ? 'ui.uploader.tooLarge' : 'ui.uploader.notImage')}
        </div>
      ) : null}
    </div>
  );
}
