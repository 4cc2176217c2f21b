import { zodResolver } from '@hookform/resolvers/zod';
import { AddReviewBody } from '@partsmith/contract';
import { useForm, useWatch } from 'react-hook-form';
import * as z from '@partsmith/contract/zod-subset';
import {
  describedBy,
  FIELD_ERROR,
  FIELD_HINT,
  FIELD_LABEL,
  fieldBorder,
} from '../../../components/ui/form-field.tsx';
import { ImageFormCard } from '../../../components/ui/image-form.tsx';
import { Stars } from '../../../components/ui/stars.tsx';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useAddForm } from '../../../lib/add-form.ts';
import { useAddReview } from '../api/add-review.ts';

/** The texts of a stored and of a refused review (docs/spec.md, Error and success texts). */
export const REVIEW_ADDED = 'Review Added Successfully';
export const REVIEW_FAILED = 'Failed to add a Review!!!';
/** The form's words. */
const TEXTS = {
  heading: 'Your review',
  imageLabel: 'Your photo',
  previewAlt: 'Your uploaded avatar',
  submitLabel: 'Send',
  added: REVIEW_ADDED,
  failed: REVIEW_FAILED,
};
export { WAIT_FOR_UPLOAD } from '../../../components/ui/image-form.tsx';

/**
 * The contract's review body without the name (the server takes the account's); no star chosen
 * reads as "missing" ('Rating is Required') rather than as the out-of-range 0 that coercing an
 * empty value would give.
 */
const ReviewFields = AddReviewBody.omit({ name: true }).extend({
  rating: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    AddReviewBody.shape.rating,
  ),
});

const RATINGS = [1, 2, 3, 4, 5] as const;
const RATING_WORDS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very good',
  5: 'Excellent',
};
const DESCRIPTION_MAX = 600;
const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

export interface Reviewer {
  name: string;
}

function ReviewPreview({
  name,
  rating,
  text,
  image,
}: {
  name: string;
  rating: number | null;
  text: string;
  image: string;
}) {
  return (
    <aside aria-labelledby="review-preview-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="review-preview-heading" className="text-lg font-bold text-slate-900">
          Preview
        </h2>
        <p className="text-sm text-slate-700">How your review will look on the home page.</p>
      </div>
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm">
        {image ? (
          <img
            src={image}
            alt=""
            width={80}
            height={80}
            className="h-20 w-20 rounded-full object-cover ring-4 ring-orange-100"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-20 w-20 items-center justify-center rounded-full bg-slate-100 text-slate-500 ring-4 ring-orange-100"
          >
            <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor">
              <path
                strokeWidth="1.75"
                strokeLinecap="round"
                d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0"
              />
            </svg>
          </span>
        )}
        <p className="text-lg font-bold break-words text-slate-900">{name.trim() || 'Your name'}</p>
        <p className="break-words whitespace-pre-line text-slate-700">
          {text.trim() || 'Your description appears here.'}
        </p>
        {rating ? (
          <Stars rating={rating} />
        ) : (
          <p className="text-sm text-slate-700">No rating yet</p>
        )}
      </div>
    </aside>
  );
}

/** Add Review's form: image upload with preview, name, rating, description, Send. */
export function ReviewForm({ user }: { user: Reviewer }) {
  const ids = useFieldIds('rating', 'type');
  // No name field: the server signs the review with the account's name (contract AddReviewBody).
  const empty = { rating: '', type: '', image: '' };
  const add = useAddReview();
  const form = useForm({ resolver: zodResolver(ReviewFields), defaultValues: empty });
  const adding = useAddForm(form, add, TEXTS);
  const { register, control } = form;
  const { errors } = form.formState;

  const [rating, text, image] = useWatch({ control, name: ['rating', 'type', 'image'] });
  const chosen = Number(rating) || null;

  return (
    <ImageFormCard
      adding={adding}
      preview={<ReviewPreview name={user.name} rating={chosen} text={text} image={image} />}
    >
      <p className="rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
        Posting as <strong className="break-words text-slate-900">{user.name}</strong>
        <span className="mt-0.5 block text-sm">Reviews show the name of your account.</span>
      </p>

      <fieldset
        aria-describedby={describedBy(
          `${ids.rating}-value`,
          errors.rating && `${ids.rating}-error`,
        )}
      >
        <legend className={FIELD_LABEL}>Rating</legend>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <div className="flex">
            {RATINGS.map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded-md p-1 transition-transform hover:scale-110 has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-primary motion-reduce:transition-none motion-reduce:hover:scale-100"
              >
                <input
                  type="radio"
                  value={String(value)}
                  className="sr-only"
                  {...register('rating')}
                />
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className={`h-8 w-8 ${chosen && value <= chosen ? 'text-orange-600' : 'text-slate-500'}`}
                  fill={chosen && value <= chosen ? 'currentColor' : 'none'}
                  stroke="currentColor"
                  strokeWidth="1.25"
                  strokeLinejoin="round"
                >
                  <path d={STAR} />
                </svg>
                <span className="sr-only">
                  {value} {value === 1 ? 'star' : 'stars'}, {RATING_WORDS[value]}
                </span>
              </label>
            ))}
          </div>
          <p id={`${ids.rating}-value`} className="text-sm font-medium text-slate-800">
            {chosen ? `${chosen} out of 5: ${RATING_WORDS[chosen]}` : 'Choose 1 to 5 stars'}
          </p>
        </div>
        {errors.rating && (
          <p id={`${ids.rating}-error`} className={FIELD_ERROR}>
            {errors.rating.message}
          </p>
        )}
      </fieldset>

      <div>
        <label htmlFor={ids.type} className={FIELD_LABEL}>
          Description
        </label>
        <textarea
          id={ids.type}
          rows={5}
          maxLength={DESCRIPTION_MAX}
          placeholder="Which part did you buy, and how does it work for you?"
          className={`textarea w-full border ${fieldBorder(!!errors.type)}`}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={describedBy(errors.type && `${ids.type}-error`, `${ids.type}-hint`)}
          {...register('type')}
        />
        {errors.type && (
          <p id={`${ids.type}-error`} className={FIELD_ERROR}>
            {errors.type.message}
          </p>
        )}
        <p id={`${ids.type}-hint`} className={`${FIELD_HINT} flex justify-between gap-4`}>
          <span>Shown under your name on the home page.</span>
          <span className="tabular-nums">
            {text.length}/{DESCRIPTION_MAX}
          </span>
        </p>
      </div>
    </ImageFormCard>
  );
}
