/**
 * The signed-in screens' link to the app's change stream (stores/change-stream.ts): one stream per mounted widget,
 * opened by the first screen that shows live data (the ad-centre home, where a sign-in lands; the wallet; the plans)
 * and kept, while signed in and visible, for every screen after it, until the widget unmounts. It also keeps the
 * header's bell counted: a `notifications` notice reloads the unread count wherever the merchant is.
 *
 * Screens pass `noticesOf(app, kinds)` as a resource's or a list's `changes` (kit/changes.ts): the kit re-reads on a
 * notice and rests its 30-second timer while the stream is live.
 */
import { untracked } from '@preact/signals-react';
import type { ChangeKind } from '../../api/stream';
import type { AppServices } from '../../app/context';
import type { ChangeNotices } from '../../kit/changes';
import { createChangeStream, type ChangeNotice, type ChangeStream } from '../../stores/change-stream';

const streams = new WeakMap<AppServices, ChangeStream>();

/** The widget's change stream, made on first use. */
export function changeStreamOf(app: AppServices): ChangeStream {
  let stream = streams.get(app);
  if (!stream) {
    // Untracked: made while a screen's model is built, its effect would otherwise belong to that model and end with
    // the screen; it belongs to the widget, and ends with its lifetime.
    stream = untracked(() =>
      createChangeStream({ base: app.apiBase, token: app.session.token, doc: document, lifetime: app.lifetime }),
    );
    stream.listen((n) => {
      if (n.kind === 'notifications' || n.kind === 'resync') void app.notifications.load().catch(() => undefined);
    });
    streams.set(app, stream);
  }
  return stream;
}

export interface NoticeOptions {
  /** Only the notices this accepts (a plan's own id). */
  match?: (notice: ChangeNotice) => boolean;
  /**
   * Each re-read waits a random part of this: for news told to every app at once (the ticker), so they do not all
   * ask in the same instant.
   */
  spreadMs?: number;
}

/** The notices of `kinds` (and every resync), as a resource's or a list's `changes`. */
export function noticesOf(app: AppServices, kinds: readonly ChangeKind[], o: NoticeOptions = {}): ChangeNotices {
  const stream = changeStreamOf(app);
  return {
    live: stream.live,
    subscribe: (onChange) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stop = stream.listen((n) => {
        if (n.kind !== 'resync' && !(kinds.includes(n.kind) && (o.match?.(n) ?? true))) return;
        if (!o.spreadMs) return onChange();
        timer ??= setTimeout(() => {
          timer = undefined;
          onChange();
        }, Math.random() * o.spreadMs);
      });
      return () => {
        clearTimeout(timer);
        stop();
      };
    },
  };
}
