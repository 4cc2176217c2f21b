import { useId, type ReactNode } from 'react';
import type { AddState } from '../../lib/add-form.ts';
import { FailureBox } from './form-field.tsx';
import { ImageUpload } from './image-upload.tsx';

export const WAIT_FOR_UPLOAD = 'Wait until the image has finished uploading.';

const CARD = 'rounded-box bg-white shadow-sm ring-1 ring-slate-900/5';

/**
 * A form that adds something with an image (a part, a review) beside its live preview: a card
 * with the heading, the image upload first, the form's own fields (`children`), the failure and
 * the submit button, which waits (and says so) while the image uploads.
 */
export function ImageFormCard({
  adding: { texts, image, onSubmit, uploading, setUploading, pending, failure },
  preview,
  children,
}: {
  /** The words, the image field, the submit, the upload and the last failure (useAddForm). */
  adding: AddState;
  preview: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby={`${id}-heading`} className={`${CARD} p-5 sm:p-8`}>
        <h2 id={`${id}-heading`} className="mb-5 text-xl font-bold text-slate-900">
          {texts.heading}
        </h2>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-labelledby={`${id}-heading`}
          className="flex flex-col gap-5"
        >
          <ImageUpload
            id={`${id}-image`}
            label={texts.imageLabel}
            previewAlt={texts.previewAlt}
            value={image.field.value}
            inputRef={image.field.ref}
            onBlur={image.field.onBlur}
            onChange={(url) => image.field.onChange(url ?? '')}
            onUploadingChange={setUploading}
            error={image.fieldState.error?.message}
          />

          {children}

          <FailureBox text={texts.failed} failure={failure} />

          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <button
              type="submit"
              className="btn btn-primary px-10"
              disabled={uploading || pending}
              aria-describedby={uploading ? `${id}-why` : undefined}
            >
              {pending && <span aria-hidden="true" className="spinner size-5" />}
              {texts.submitLabel}
            </button>
            {uploading && (
              <p id={`${id}-why`} className="text-sm text-slate-700">
                {WAIT_FOR_UPLOAD}
              </p>
            )}
          </div>
        </form>
      </section>

      {preview}
    </div>
  );
}
