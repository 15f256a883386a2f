/**
 * A fetch for one upload that reports how much of the body has been sent: fetch() cannot (a streamed request
 * body needs HTTP/2 and duplex, and Safari has neither), XMLHttpRequest's upload events can. Given to one call
 * as `app.request(messagesCalls.upload, form, { fetch: uploadFetch(onProgress) })`; the client still builds the request,
 * reads the envelope and owns timeouts and aborts.
 */
export function uploadFetch(onProgress: (sent: number) => void): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const signal = init.signal;
      const aborted = () => reject(new DOMException('aborted', 'AbortError'));
      if (signal?.aborted) return aborted();
      xhr.open(init.method ?? 'POST', input instanceof Request ? input.url : String(input));
      new Headers(init.headers).forEach((v, k) => xhr.setRequestHeader(k, v));
      xhr.withCredentials = init.credentials === 'include';
      // Sent and total are the multipart body's; a fraction of it is the file's, near enough for a bar.
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
      };
      xhr.onload = () => {
        onProgress(1);
        resolve(
          new Response(xhr.status === 204 ? null : xhr.responseText, {
            status: xhr.status,
            statusText: xhr.statusText,
          }),
        );
      };
      xhr.onerror = () => reject(new TypeError('network'));
      xhr.onabort = aborted;
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
