import { UPLOAD_TYPES } from '@partsmith/contract';
import { useEffect, useRef, useState, type DragEvent, type RefCallback } from 'react';
import { CROSS, Icon } from './icon.tsx';
import {
  checkImageFile,
  uploadFailed,
  uploadImage,
  UPLOAD_HINT,
  UploadError,
} from './upload-image.ts';

// The field's own words, as its tests read them.
export { TOO_LARGE_MESSAGE, UPLOAD_HINT, WRONG_TYPE_MESSAGE } from './upload-image.ts';

export interface ImageUploadProps {
  /** The file input's id; the hint, errors and preview ids derive from it. */
  id: string;
  label: string;
  /** The uploaded image's URL; '' or null when there is none. */
  value: string | null | undefined;
  /** An uploaded image's URL, or null once the user removes it. */
  onChange: (url: string | null) => void;
  /** Tells the form an upload started or ended, so it can wait for it. */
  onUploadingChange?: (uploading: boolean) => void;
  onBlur?: () => void;
  /** The form's own message for the field (e.g. 'Upload an image first'). */
  error?: string;
  /** The file input, for the form to focus on a validation error. */
  inputRef?: RefCallback<HTMLInputElement>;
  /** Alternative text of the preview. */
  previewAlt?: string;
  disabled?: boolean;
  className?: string;
}

interface Uploading {
  preview: string | null;
  progress: number;
  fileName: string;
}

function objectUrlFor(file: File): string | null {
  // jsdom and very old browsers have no object URLs: the preview then waits for the upload.
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
}

const ICON_PATH =
  'M4 16l4.6-4.6a2 2 0 0 1 2.8 0L16 16m-2-2 1.6-1.6a2 2 0 0 1 2.8 0L20 14M14 8h.01M6 20h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2z';

/**
 * An image field: a labelled file input inside a drop zone. It checks the type and size in the
 * browser, uploads with a real progress bar, previews the image, shows the server's message and
 * hands the form the uploaded URL (or null after 'Remove').
 */
export function ImageUpload({
  id,
  label,
  value,
  onChange,
  onUploadingChange,
  onBlur,
  error,
  inputRef,
  previewAlt = 'Uploaded preview',
  disabled = false,
  className = '',
}: ImageUploadProps) {
  const ids = {
    label: `${id}-label`,
    hint: `${id}-hint`,
    message: `${id}-message`,
    error: `${id}-error`,
  };
  const [uploading, setUploading] = useState<Uploading | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const input = useRef<HTMLInputElement | null>(null);
  const controller = useRef<AbortController | null>(null);
  // The latest callbacks, so an upload that ends after a re-render reports to the current form.
  const callbacks = useRef({ onChange, onUploadingChange });
  useEffect(() => {
    callbacks.current = { onChange, onUploadingChange };
  });

  // Stop a running upload when the field goes away; nobody is left to hear how it ended.
  useEffect(
    () => () => {
      const current = controller.current;
      controller.current = null;
      current?.abort();
    },
    [],
  );

  // Free the local preview once it is no longer shown.
  const preview = uploading?.preview;
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const setBusy = (busy: boolean) => callbacks.current.onUploadingChange?.(busy);

  const start = (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setMessage(problem);
      setAnnouncement('');
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setMessage(null);
    setAnnouncement(`Uploading ${file.name}`);
    setUploading({ preview: objectUrlFor(file), progress: 0, fileName: file.name });
    setBusy(true);
    uploadImage(file, {
      signal: current.signal,
      onProgress: (progress) =>
        setUploading((state) =>
          state && controller.current === current ? { ...state, progress } : state,
        ),
    }).then(
      (url) => {
        if (controller.current !== current) return;
        controller.current = null;
        setUploading(null);
        setAnnouncement('Image uploaded.');
        setBusy(false);
        callbacks.current.onChange(url);
      },
      (reason: unknown) => {
        if (controller.current !== current) return;
        controller.current = null;
        setUploading(null);
        setBusy(false);
        if (reason instanceof DOMException && reason.name === 'AbortError') {
          setAnnouncement('Upload cancelled.');
          return;
        }
        setAnnouncement('');
        setMessage(reason instanceof UploadError ? reason.message : uploadFailed(-1));
      },
    );
  };

  const cancel = () => {
    const current = controller.current;
    if (!current) return;
    controller.current = null;
    current.abort();
    setUploading(null);
    setAnnouncement('Upload cancelled.');
    setBusy(false);
  };

  const remove = () => {
    setMessage(null);
    setAnnouncement('Image removed.');
    onChange(null);
    // The Remove button goes away: keep the keyboard on the field.
    input.current?.focus();
  };

  const pick = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file && !disabled) start(file);
  };

  const onDragEnter = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    pick(event.dataTransfer.files);
  };

  const shown = uploading ? uploading.preview : value || null;
  const invalid = !!(message || error);
  const describedBy = [ids.hint, message && ids.message, error && !message && ids.error]
    .filter(Boolean)
    .join(' ');

  return (
    // A container: the drop zone lays itself out by the width of its column, not the window's.
    <div className={`@container ${className}`}>
      <label id={ids.label} htmlFor={id} className="mb-1 block font-semibold text-slate-900">
        {label}
      </label>
      <div
        data-dragging={dragging || undefined}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-4 rounded-box border-2 border-dashed p-4 text-center transition-colors @sm:flex-row @sm:text-left ${
          dragging
            ? 'border-primary bg-orange-50'
            : invalid
              ? 'border-error bg-white'
              : 'border-slate-400 bg-slate-50'
        }`}
      >
        <div className="relative flex h-28 w-28 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white ring-1 ring-slate-300">
          {shown ? (
            <img
              src={shown}
              alt={uploading ? '' : previewAlt}
              className={`h-full w-full object-cover ${uploading ? 'opacity-60' : ''}`}
            />
          ) : (
            <Icon
              className="h-10 w-10 text-slate-500"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d={ICON_PATH} />
            </Icon>
          )}
          {uploading && (
            <span aria-hidden="true" className="spinner size-6 absolute text-primary" />
          )}
        </div>
        <div className="flex w-full min-w-0 flex-col gap-2">
          <p className="text-sm text-slate-700">
            {dragging ? (
              <strong className="text-slate-900">Drop the image to upload it</strong>
            ) : (
              <>
                Drag an image here, or choose a file
                {value && !uploading ? ' to replace it' : ''}.
              </>
            )}
          </p>
          <input
            ref={(node) => {
              input.current = node;
              inputRef?.(node);
            }}
            id={id}
            type="file"
            accept={UPLOAD_TYPES.join(',')}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onBlur={onBlur}
            onChange={(event) => {
              pick(event.currentTarget.files);
              // The same file can be chosen again after an error or a removal.
              event.currentTarget.value = '';
            }}
            className={`file-input w-full max-w-full border bg-white ${invalid ? 'border-error' : 'border-slate-500'}`}
          />
          <p id={ids.hint} className="text-sm text-slate-700">
            {UPLOAD_HINT}
          </p>
        </div>
      </div>

      {uploading && (
        <div className="mt-3 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${uploading.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={uploading.progress}
            aria-valuetext={`${uploading.progress}%`}
            className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200"
              style={{ width: `${uploading.progress}%` }}
            />
          </div>
          <span
            aria-hidden="true"
            className="w-10 text-right text-sm font-semibold text-slate-800 tabular-nums"
          >
            {uploading.progress}%
          </span>
          <button type="button" className="btn btn-ghost btn-sm text-slate-800" onClick={cancel}>
            Cancel
          </button>
        </div>
      )}

      {value && !uploading && (
        <button
          type="button"
          className="btn btn-outline btn-sm mt-3 border-slate-500 text-slate-800"
          disabled={disabled}
          onClick={remove}
        >
          <Icon className="h-4 w-4" strokeLinecap="round">
            <path d={CROSS} />
          </Icon>
          Remove
        </button>
      )}

      {message && (
        <p id={ids.message} role="alert" className="mt-2 text-sm font-medium text-error">
          {message}
        </p>
      )}
      {error && !message && (
        <p id={ids.error} className="mt-2 text-sm font-medium text-error">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
