import { useSignals } from '@preact/signals-react/runtime';
import { useRef, useState } from 'react';
import * as messagesCalls from '../../../api/calls/messages';
import { ApiError } from '../../../api/client';
import * as requests from '../../../api/requests/messages';
import {
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  IMAGE_MAX_BYTES,
  UPLOAD_TYPES,
  type FeedbackItem,
} from '../../../api/shapes/messages';
import { obj } from '../../../api/schema/object';
import { useApp, type AppServices } from '../../../app/context';
import { PagedList, useModel } from '../../../kit';
import { retryMinutes } from '../../../kit/wait';
import { newRequestId } from '../../../lib/request-id';
import { Button } from '../../../ui/button';
import { Field, Form } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { Uploader, type UploadItem } from '../../../ui/uploader';
import { useForm } from '../../shared/use-form';
import type { ScreenProps } from '../../types';
import { FeedbackModel } from './model';
import { prepareImage, uploadImage } from './upload-image';

/** The form's fields: the feedback call's own (request_id and the images are added when sending). */
const { topic, content } = requests.feedback.fields;
const feedbackForm = obj({ topic, content });

const TOPIC_ID = 'ma-feedback-topic';

/** The empty list's way forward: the form above it, its first field focused (and scrolled to). */
function writeFirst(e: { currentTarget: EventTarget | null }) {
  const root = (e.currentTarget as Node).getRootNode() as Document | ShadowRoot;
  root.getElementById(TOPIC_ID)?.focus();
}

/** Counted as the server counts: the trimmed text, one code point for an accented letter. */
const length = (text: string) => text.normalize('NFC').trim().length;

/**
 * Feedback to the operator (docs/product.md, "Uploads and feedback"): topic and content required, content counted against the server's limit,
 * up to four images. After sending: a thank-you, the form cleared, and the feedback on top of the list below.
 */
export function Feedback(_: ScreenProps) {
  useSignals();
  const app = useApp();
  const { t, formatNumber } = app.i18n;
  const model = useModel(() => new FeedbackModel(app));
  const form = useForm(feedbackForm, { topic: '', content: '' }, t);
  const [images, setImages] = useState<UploadItem[]>([]);
  // Set by a send while an image is still uploading or has failed: from then on the images' own state says what
  // is wrong, so the message follows it (an upload finishing ends "please wait") instead of a progress tick
  // clearing it. Adding or removing an image starts over.
  const [imagesChecked, setImagesChecked] = useState(false);
  // The server's refusal of the images sent (an image it no longer knows), until the images change.
  const [imagesRefused, setImagesRefused] = useState<string | undefined>();
  const imagesProblem = images.some((i) => i.status === 'uploading')
    ? 'feedback.imagesBusy'
    : images.some((i) => i.status === 'failed')
      ? 'feedback.imagesFailed'
      : undefined;
  const imagesError = (imagesChecked && imagesProblem) || imagesRefused;
  // One request_id per feedback as written: a retry of the same text is the same feedback, an edit a new one.
  const sent = useRef<{ key: string; id: string } | null>(null);

  const count = length(form.values.content);
  const submit = () => {
    const problem = imagesProblem;
    setImagesChecked(!!problem);
    setImagesRefused(undefined);
    return form.submit(async (data) => {
      if (problem) return;
      const image_ids = images.map((i) => Number(i.ref));
      const key = JSON.stringify([data, image_ids]);
      if (sent.current?.key !== key) sent.current = { key, id: newRequestId() };
      const unknownImage = (e: ApiError) => e.data.reason === 'upload_unknown';
      const limited = (e: ApiError) => e.data.reason === 'rate_limited';
      try {
        const item = await app.request(
          messagesCalls.feedback,
          { ...data, image_ids, request_id: sent.current.id },
          { handles: (e) => form.handles(e) || unknownImage(e) || limited(e) },
        );
        sent.current = null;
        form.reset({ topic: '', content: '' });
        setImages([]);
        model.past.prepend(item);
        app.overlays.toast.success(t('feedback.sent'));
      } catch (e) {
        if (e instanceof ApiError && unknownImage(e)) setImagesRefused('errors.uploadUnknown');
        // What was written stays in the form, to be sent once the hour allows.
        if (e instanceof ApiError && limited(e))
          app.overlays.toast.fail(t('feedback.tooMany', { minutes: retryMinutes(e) }));
        throw e;
      }
    });
  };

  return (
    <div className="ma-page ma-feedback">
      <Form onSubmit={submit} aria-label={t('routes.ad-center-feedback')}>
        <div className="ma-cells">
          <Field
            id={TOPIC_ID}
            label={t('feedback.topic')}
            {...form.field('topic')}
            placeholder={t('feedback.topicPlaceholder')}
            required
          />
          <Field
            label={t('feedback.content')}
            {...form.field('content')}
            placeholder={t('feedback.contentPlaceholder')}
            textarea
            rows={5}
            required
          />
          <p className={`ma-feedback__count${count > FEEDBACK_CONTENT_MAX ? ' ma-feedback__count--over' : ''}`}>
            {t('feedback.count', { n: formatNumber(count), max: formatNumber(FEEDBACK_CONTENT_MAX) })}
          </p>
          <div className="ma-feedback__images">
            <p className="ma-feedback__images-label" id="ma-feedback-images">
              {t('feedback.images', { max: FEEDBACK_IMAGES_MAX })}
            </p>
            <Uploader
              value={images}
              onChange={(next) => {
                const sameImages = next.length === images.length && next.every((item, i) => item.id === images[i].id);
                setImages(next);
                if (sameImages) return;
                setImagesChecked(false);
                setImagesRefused(undefined);
              }}
              upload={(file, onProgress) => uploadImage(app, file, onProgress)}
              prepare={prepareImage}
              maxCount={FEEDBACK_IMAGES_MAX}
              maxSize={IMAGE_MAX_BYTES}
              accept={UPLOAD_TYPES.join(',')}
              hint={t('feedback.imagesHint')}
            />
            {imagesError && (
              <p className="ma-feedback__images-error" role="alert">
                {t(imagesError)}
              </p>
            )}
          </div>
        </div>
        <div className="ma-form-actions">
          <Button type="submit" variant="primary" size="large" block loading={form.busy}>
            {t('feedback.send')}
          </Button>
        </div>
      </Form>
      <section className="ma-feedback__past" aria-labelledby="ma-feedback-past">
        <h2 id="ma-feedback-past" className="ma-feedback__heading">
          {t('feedback.past')}
        </h2>
        <PagedList
          source={model.past}
          aria-labelledby="ma-feedback-past"
          skeleton={<Skeleton className="ma-feedback__skeleton" title rows={2} />}
          empty={{
            text: t('feedback.none'),
            action: (
              <Button variant="primary" onClick={writeFirst}>
                {t('feedback.writeFirst')}
              </Button>
            ),
          }}
          item={(f) => <Past key={f.id} app={app} item={f} />}
        />
      </section>
    </div>
  );
}

/** A feedback sent earlier: its topic, date, text and images. */
function Past({ app, item }: { app: AppServices; item: FeedbackItem }) {
  const { t, formatDate } = app.i18n;
  const id = `ma-feedback-${item.id}`;
  return (
    <article className="ma-feedback__item" aria-labelledby={id}>
      <div className="ma-feedback__item-head">
        <h3 id={id} className="ma-feedback__topic">
          {item.topic}
        </h3>
        <time className="ma-feedback__date" dateTime={item.create_time}>
          {formatDate(item.create_time, { dateStyle: 'medium' })}
        </time>
      </div>
      <p className="ma-feedback__text">{item.content}</p>
      {item.images.length > 0 && (
        <ul className="ma-feedback__thumbs">
          {item.images.map((src, i) => (
            <li key={src}>
              <img
                className="ma-feedback__thumb"
                src={new URL(src, app.apiBase).href}
                alt={t('feedback.imageAlt', { n: i + 1 })}
                width={64}
                height={64}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
