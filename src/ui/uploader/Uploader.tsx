import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useT } from '../../i18n/context';
import { drawScaled } from '../../lib/shrink-image';
import { Icon } from '../icon';
import * as moreIcons from '../icon/more-icons';
import { bem, cx } from '../shared/bem';
import { useLatest } from '../shared/use-latest';
import css from './uploader.css';
import { addStyles } from '../styles';

addStyles(css, 18);

const b = bem('ma-uploader');

export interface UploadItem {
  id: string;
  /** Where the server put the file, once uploaded. */
  url?: string;
  /** What the server calls the file (an upload id), once uploaded: what a form sends. */
  ref?: string | number;
  /** A small picture of the picked file, as a data: URL (made by the Uploader once the file is decoded). */
  previewUrl?: string;
  status: 'uploading' | 'done' | 'failed';
  /** How much of the file has been sent, 0 to 1, while uploading (absent while it is being prepared). */
  progress?: number;
  message?: string;
  /** Failed because the file itself was refused (UploadRefused): sending it again cannot help, so no retry. */
  refused?: boolean;
}

/** What `upload` rejects with when the file itself is refused (not an image, too large), not the sending of it. */
export class UploadRefused extends Error {}

/** The preview's shorter side, in px: the 80 px tile at a phone's 3x density. */
const PREVIEW_SIDE = 240;

/**
 * A preview as a data: URL, not an object URL: pages allow `data:` images far more often than `blob:` ones (the
 * usual `img-src 'self' data: https:`, this project's own pages among them), and under a policy without `blob:`
 * every preview is a broken image. WebP keeps transparency, and is PNG where the browser cannot write WebP. A file
 * the browser cannot decode has none.
 */
async function preview(file: File): Promise<string | undefined> {
  const canvas = await drawScaled(file, (w, h) => PREVIEW_SIDE / Math.min(w, h));
  return canvas?.toDataURL('image/webp', 0.8);
}

export type UploadRejection = 'tooLarge' | 'notImage';

/** What a finished upload is: its URL, or its URL and the server's name for it. */
export type Uploaded = string | { url: string; ref?: string | number };

export interface UploaderProps {
  value: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /**
   * Uploads one file, reporting the share sent so far, and resolves with its URL (and ref); a rejection marks the
   * item failed, its message under the tiles, and the item offers a retry, unless the rejection is an
   * UploadRefused: then it can only be removed.
   */
  upload: (file: File, onProgress: (sent: number) => void) => Promise<Uploaded>;
  /** Makes a file ready to send (a photo shrunk) before its size is judged. */
  prepare?: (file: File) => Promise<File>;
  maxCount?: number;
  /** Bytes, judged after `prepare`; the server takes at most 5 MB (IMAGE_MAX_BYTES). */
  maxSize?: number;
  accept?: string;
  /** Name of the add button; defaults to "Add image". */
  label?: string;
  /** Says what is accepted (types, size), under the tiles; the add button is described by it. */
  hint?: string;
  onError?: (reason: UploadRejection, file: File) => void;
  disabled?: boolean;
  className?: string;
}

/** Whether a file matches an accept list such as "image/*,.pdf". */
export function matchesAccept(file: File, accept: string): boolean {
  const tokens = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!tokens.length) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((tok) =>
    tok.startsWith('.') ? name.endsWith(tok) : tok.endsWith('/*') ? type.startsWith(tok.slice(0, -1)) : type === tok,
  );
}

let seq = 0;
const nextId = () => `ma-upload-${Date.now().toString(36)}-${++seq}`;

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
          const src = item.previewUrl ?? item.url;
          const name = t('ui.uploader.image', { n: i + 1 });
          const percent = item.progress === undefined ? undefined : Math.round(item.progress * 100);
          return (
            <div
              key={item.id}
              className={b('item', item.status)}
              role="group"
              aria-label={name}
              aria-describedby={item.status === 'failed' ? failedId : undefined}
            >
              {src ? <img className="ma-uploader__preview" src={src} alt="" /> : null}
              {item.status === 'uploading' ? (
                <div className="ma-uploader__mask">
                  <span className="ma-spinner ma-uploader__spinner" aria-hidden="true" />
                  <span className="ma-uploader__status">
                    {percent === undefined ? t('ui.uploader.preparing') : `${t('ui.uploader.uploading')} ${percent}%`}
                  </span>
                  {percent !== undefined && (
                    <span
                      className="ma-uploader__bar"
                      role="progressbar"
                      aria-label={name}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                    >
                      <span style={{ width: `${percent}%` }} />
                    </span>
                  )}
                </div>
              ) : item.refused ? (
                <div className="ma-uploader__mask">
                  <Icon name="fail" />
                </div>
              ) : item.status === 'failed' ? (
                <button
                  type="button"
                  className="ma-uploader__mask ma-uploader__retry"
                  aria-label={`${item.message ?? t('ui.uploader.failed')}. ${t('ui.uploader.retry')}`}
                  onClick={() => retry(item)}
                >
                  <Icon d={moreIcons.refresh} />
                </button>
              ) : null}
              <button
                type="button"
                className="ma-uploader__remove"
                aria-label={t('ui.uploader.remove')}
                onClick={() => remove(item)}
              >
                <Icon name="close" size={14} />
              </button>
            </div>
          );
        })}
        {value.length < maxCount ? (
          <label className={b('upload', { disabled })}>
            <Icon d={moreIcons.plus} size={24} />
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
