import type { ApiError } from '../api/client';

/**
 * How long a refusal asks the merchant to wait before trying again (`retry_after`, in seconds), as the whole
 * minutes the message names: at least one, and one when the server does not say.
 */
export const retryMinutes = (e: ApiError | undefined): number =>
  Math.max(1, Math.ceil((e?.data.retry_after ?? 60) / 60));
