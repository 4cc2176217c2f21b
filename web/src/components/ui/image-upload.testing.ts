import { vi } from 'vitest';

/** A reply a FakeXhr gives by itself: status and JSON body. */
export type AutoReply = (xhr: FakeXhr) => [status: number, body: unknown];

/**
 * A stand-in for XMLHttpRequest (jsdom's would try the network). Tests drive it: `progress()`,
 * `respond()`, `fail()`; or stubXhr's `autoReply` answers every request on the next tick.
 */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  static autoReply: AutoReply | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  sent = false;
  aborted = false;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: unknown) {
    this.body = body;
    this.sent = true;
    const reply = FakeXhr.autoReply;
    if (reply) {
      setTimeout(() => {
        if (this.aborted) return;
        const [status, answer] = reply(this);
        this.progress(1, 1);
        this.respond(status, answer);
      }, 0);
    }
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in the multipart field `image`. */
  get file(): File | null {
    const value = this.body instanceof FormData ? this.body.get('image') : null;
    return value instanceof File ? value : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

/** Replaces XMLHttpRequest for one test (vi.unstubAllGlobals() puts it back). */
export function stubXhr(autoReply: AutoReply | null = null) {
  FakeXhr.instances = [];
  FakeXhr.autoReply = autoReply;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    get requests() {
      return FakeXhr.instances.filter((xhr) => xhr.sent);
    },
    last(): FakeXhr {
      const xhr = FakeXhr.instances.at(-1);
      if (!xhr) throw new Error('No upload was started');
      return xhr;
    },
  };
}

/** An image file of the given type and size, without allocating the bytes. */
export function imageFile(name = 'photo.png', type = 'image/png', size = 2048): File {
  const file = new File([new Uint8Array(16)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
