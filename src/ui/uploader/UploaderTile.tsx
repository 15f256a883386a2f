// One picked image: its preview, its progress while it uploads, a retry when it failed (unless refused), a remove.
import { useT } from '../../i18n/context';
import { Icon } from '../icon';
import { bem } from '../shared/bem';
import type { UploadItem } from './uploader-types';

const b = bem('ma-uploader');

export interface UploaderTileProps {
  item: UploadItem;
  /** The tile's name, "Image 2". */
  name: string;
  /** The id of the message under the tiles that says why uploads failed. */
  failedId: string;
  onRetry: () => void;
  onRemove: () => void;
}

export function UploaderTile({ item, name, failedId, onRetry, onRemove }: UploaderTileProps) {
  const t = useT();
  const src = item.previewUrl ?? item.url;
  const percent = item.progress === undefined ? undefined : Math.round(item.progress * 100);
  return (
    <div
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
          onClick={onRetry}
        >
          <Icon name="refresh" />
        </button>
      ) : null}
      <button type="button" className="ma-uploader__remove" aria-label={t('ui.uploader.remove')} onClick={onRemove}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
