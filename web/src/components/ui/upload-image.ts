import {
  ApiError as ApiErrorBody,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  UploadAnswer,
} from '@partsmith/contract';

// An image upload as the shop takes it: the browser's own checks, and the request itself.

export const UPLOAD_ENDPOINT = '/api/upload';
export const UPLOAD_HINT = 'JPEG, PNG or WebP, up to 5 MB.';
export const WRONG_TYPE_MESSAGE = 'Choose a JPEG, PNG or WebP image.';
export const TOO_LARGE_MESSAGE = 'The image is too large: at most 5 MB.';
export const EMPTY_FILE_MESSAGE = 'That file is empty. Choose another image.';

const FALLBACK_MESSAGES: Record<number, string> = {
  0: 'Cannot reach the shop. Check your connection and try again.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to upload images.',
  413: TOO_LARGE_MESSAGE,
  415: WRONG_TYPE_MESSAGE,
  422: 'We could not read that image. Choose another one.',
  429: 'Too many uploads. Please wait a moment and try again.',
};
export const uploadFailed = (status: number) =>
  FALLBACK_MESSAGES[status] ?? 'The upload failed. Please try again.';

/** An upload that did not give us an image, with the message to show. */
export class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

/** What is wrong with a file before it is sent (the server checks again, by content), or null. */
export function checkImageFile(file: File): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return WRONG_TYPE_MESSAGE;
  if (file.size > UPLOAD_MAX_BYTES) return TOO_LARGE_MESSAGE;
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  return null;
}

/**
 * POST /api/upload as multipart (field `image`) through XMLHttpRequest: fetch cannot report
 * upload progress. Same origin, so the session cookie goes along. Resolves with display_url.
 */
export function uploadImage(
  file: File,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    xhr.open('POST', UPLOAD_ENDPOINT);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = UploadAnswer.safeParse(body);
        if (answer.success) resolve(answer.data.display_url);
        else
          reject(
            new UploadError(xhr.status, 'The shop sent an answer this page does not understand.'),
          );
        return;
      }
      // The server's own words for 4xx (they say what to change); ours for 5xx and proxies.
      const error = ApiErrorBody.safeParse(body);
      reject(
        new UploadError(
          xhr.status,
          error.success && xhr.status < 500 ? error.data.message : uploadFailed(xhr.status),
        ),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError(0, uploadFailed(0)));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', abort);
    const form = new FormData();
    form.append('image', file, file.name);
    xhr.send(form);
  });
}
