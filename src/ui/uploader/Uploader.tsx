import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '../../i18n/context';
import { Icon } from '../icon';
import { bem, cx } from '../shared/bem';
import { useLatest } from '../shared/use-latest';
import { matchesAccept, nextId, preview } from './uploader-files';
import { UploadRefused, type UploadItem, type UploadRejection, type UploaderProps } from './uploader-types';
import { UploaderTile } from './UploaderTile';
import css from './uploader.css';
import { addStyles } from '../styles';

addStyles(css, 'ui', 'uploader');

const b = bem('ma-uploader');

export { matchesAccept } from './uploader-files';
export {
  UploadRefused,
  type Uploaded,
  type UploadItem,
  type UploadRejection,
  type UploaderProps,
} from './uploader-types';

/**
 * Picks images, prepares them (shrinks a photo), checks type and size, uploads them with each file's progress,
 * and offers a retry for a failed one and a remove for every one. A file refused before sending (not an image,
 * still too large) never becomes a tile: an alert says why. A failed one keeps its tile, marked, with the reason
 * under the tiles (a tile is too small for a sentence in German); a file the server refused offers no retry.
 */
export function Uploader({
  value,
  onChange,
  upload,
  prepare,
  maxCount = 1,
  maxSize = 5 * 1024 * 1024,
  accept = 'image/*',
  label,
  hint,
  onError,
  disabled,
  className,
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
  // The prepared file of each item, for a retry.
  const files = useRef(new Map<string, File>());
  const alive = useRef(true);
  const baseId = `ma-uploader-${useId()}`;
  const hintId = `${baseId}-hint`;
  const failedId = `${baseId}-failed`;

  // Files of items that left the list (removed here or by the parent) are let go. The newest list is
  // items.current, not `value`: effects run after paint, possibly after a pick already added new items.
  useEffect(() => {
    const ids = new Set(items.current.map((it) => it.id));
    for (const id of [...files.current.keys()]) if (!ids.has(id)) files.current.delete(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs after each change of `value`, reading the newest list from its ref
  }, [value]);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  /** Patches a live item; false when the item is gone (removed, or the Uploader unmounted). */
  const update = (id: string, patch: Partial<UploadItem>): boolean => {
    if (!alive.current || !items.current.some((it) => it.id === id)) return false;
    emit(items.current.map((it) => (it.id === id ? { ...it, ...patch } : it)));
    return true;
  };
  const drop = (id: string) => {
    if (alive.current) emit(items.current.filter((it) => it.id !== id));
  };

  const send = (id: string, file: File) => {
    files.current.set(id, file);
    update(id, { progress: 0 });
    setAnnouncement(t('ui.uploader.uploading'));
    Promise.resolve()
      .then(() => upload(file, (sent) => void update(id, { progress: sent })))
      .then(
        (done) => {
          const { url, ref } = typeof done === 'string' ? { url: done, ref: undefined } : done;
          if (update(id, { url, ref, status: 'done', progress: undefined, message: undefined }))
            setAnnouncement(t('ui.uploader.done'));
        },
        (err: unknown) => {
          const message = err instanceof Error && err.message ? err.message : undefined;
          const refused = err instanceof UploadRefused || undefined;
          if (update(id, { status: 'failed', progress: undefined, message, refused }))
            setAnnouncement(message ?? t('ui.uploader.failed'));
        },
      );
  };

  /** Prepared, judged by size, then sent; a file still too large leaves the list with the alert. */
  const start = async (id: string, picked: File) => {
    const file = prepare ? await prepare(picked).catch(() => picked) : picked;
    if (!items.current.some((it) => it.id === id)) return;
    if (file.size > maxSize) {
      drop(id);
      setRejection('tooLarge');
      setAnnouncement(t('ui.uploader.tooLarge'));
      onError?.('tooLarge', picked);
      return;
    }
    send(id, file);
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const inputEl = e.currentTarget;
    const picked = Array.from(inputEl.files ?? []);
    // Cleared so picking the same file again still fires change.
    inputEl.value = '';
    const added: UploadItem[] = [];
    const started: [string, File][] = [];
    let rejected: UploadRejection | null = null;
    for (const file of picked.slice(0, Math.max(0, maxCount - items.current.length))) {
      // Without a preparation the size is judged now; with one, once the file is as small as it gets.
      const reason: UploadRejection | null = !matchesAccept(file, accept)
        ? 'notImage'
        : !prepare && file.size > maxSize
          ? 'tooLarge'
          : null;
      if (reason) {
        rejected = reason;
        onError?.(reason, file);
        continue;
      }
      const id = nextId();
      // Progress starts at 0 once the file is on its way; without it the tile says the file is being prepared.
      added.push({ id, status: 'uploading', progress: prepare ? undefined : 0 });
      started.push([id, file]);
    }
    setRejection(rejected);
    if (!added.length) return;
    emit([...items.current, ...added]);
    setAnnouncement(t('ui.uploader.uploading'));
    for (const [id, file] of started) {
      void start(id, file);
      void preview(file).then((previewUrl) => previewUrl && update(id, { previewUrl }));
    }
  };

  const retry = (item: UploadItem) => {
    const file = files.current.get(item.id);
    if (!file || !update(item.id, { status: 'uploading', progress: 0, message: undefined })) return;
    send(item.id, file);
  };

  const remove = (item: UploadItem) => {
    emit(items.current.filter((it) => it.id !== item.id));
    files.current.delete(item.id);
  };

  // Each distinct reason an upload failed, once, under the tiles; every failed tile is described by them.
  const failures = [
    ...new Set(value.filter((it) => it.status === 'failed').map((it) => it.message ?? t('ui.uploader.failed'))),
  ];

  return (
    <div className={cx(b(), className)}>
      <div className="ma-uploader__wrapper">
        {value.map((item, i) => {
          return (
            <UploaderTile
              key={item.id}
              item={item}
              name={t('ui.uploader.image', { n: i + 1 })}
              failedId={failedId}
              onRetry={() => retry(item)}
              onRemove={() => remove(item)}
            />
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
              aria-describedby={hint ? hintId : undefined}
              onChange={pick}
            />
          </label>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="ma-uploader__hint">
          {hint}
        </p>
      ) : null}
      <span className="ma-sr-only" role="status">
        {announcement}
      </span>
      {failures.length ? (
        <div id={failedId} role="alert" className="ma-uploader__message">
          {failures.map((f) => (
            <p key={f}>{f}</p>
          ))}
        </div>
      ) : null}
      {rejection ? (
        <div role="alert" className="ma-uploader__message">
          {t(rejection === 'tooLarge' ? 'ui.uploader.tooLarge' : 'ui.uploader.notImage')}
        </div>
      ) : null}
    </div>
  );
}
