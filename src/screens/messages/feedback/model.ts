import * as messagesCalls from '../../../api/calls/messages';
import type { FeedbackItem } from '../../../api/shapes/messages';
import type { AppServices } from '../../../app/context';
import { createModel, createPagedSource, loadFailures } from '../../../kit';

export const FEEDBACK_PAGE_SIZE = 10;

/** The merchant's past feedback, newest first; what this visit sends is put on top at once. */
export const FeedbackModel = createModel((app: AppServices) => ({
  past: createPagedSource<FeedbackItem>(
    (page, signal) =>
      app
        .request(messagesCalls.feedbackList, { page, page_size: FEEDBACK_PAGE_SIZE }, { signal, handles: loadFailures })
        .then((p) => ({ items: p.list, total: p.total })),
    { pageSize: FEEDBACK_PAGE_SIZE, id: (f) => f.id },
  ),
}));
