import * as messagesCalls from '../../../api/calls/messages';
import { ApiError } from '../../../api/client';
import { IMAGE_MAX_BYTES, UPLOAD_TIMEOUT_MS } from '../../../api/shapes/messages';
import { uploadFetch } from '../../../api/upload-fetch';
import type { AppServices } from '../../../app/context';
import { loadFailures } from '../../../kit';
import { retryMinutes } from '../../../kit/wait';
import { shrinkImage } from '../../../lib/shrink-image';
import { UploadRefused, type Uploaded } from '../../../ui/uploader';

/** A phone photo over 1 MB is shrunk to 1600 px on its longest side before it is judged against the 5 MB limit. */
export const prepareImage = (file: File) =>
  shrinkImage(file, { maxSide: 1600, keepUnder: 1024 * 1024, maxBytes: IMAGE_MAX_BYTES });

/**
 * Sends one image to /files/upload with its progress. Every failure but the session's is the uploader's to show,
 * so none becomes a toast as well: the server's "not an image" or "too large" refuse the file itself, and "too many
 * this hour" refuses it for now (no retry can change that: UploadRefused); anything else says the upload failed and
 * offers a retry.
 */
export function uploadImage(app: AppServices, file: File, onProgress: (sent: number) => void): Promise<Uploaded> {
  const t = app.i18n.t;
  const form = new FormData();
  form.append('file', file);
  return app
    .request(messagesCalls.upload, form, {
      fetch: uploadFetch(onProgress),
      timeout: UPLOAD_TIMEOUT_MS,
      handles: loadFailures,
    })
    .then(
      (u) => ({ url: new URL(u.url, app.apiBase).href, ref: u.id }),
      (e: unknown) => {
        const reason = e instanceof ApiError ? e.data.reason : undefined;
        if (reason === 'not_image') throw new UploadRefused(t('errors.notImage'));
        if (reason === 'image_too_large') throw new UploadRefused(t('errors.imageTooLarge'));
        // The hour's uploads are used up: a retry now would only be refused again.
        if (reason === 'rate_limited')
          throw new UploadRefused(t('feedback.uploadsTooMany', { minutes: retryMinutes(e as ApiError) }));
        throw new Error(t('ui.uploader.failed'));
      },
    );
}
