import type { AdminReview } from '@partsmith/contract';
import {
  ADMIN_LIST_DEFAULT,
  ADMIN_REVIEW_SORTS,
  AdminReviewsQuery,
} from '@partsmith/contract/admin-lists';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { useAdminReviews } from '../api/get-admin-reviews.ts';
import { useSetReviewVisibility } from '../api/set-review-visibility.ts';
import {
  DELETE_REVIEW_TEXT,
  DELETED,
  messageOf,
  REVIEW_HIDDEN,
  REVIEW_SHOWN,
} from './admin-messages.ts';
import { EmptyList } from './list-states.tsx';
import { AdminListPage } from './admin-list.tsx';
import { ActionButton } from './action-button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list-controls.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import {
  BOX_CELL as CELL,
  BOX_LINE as LINE,
  BoxCellLabel as CellLabel,
  Email,
  NoAction,
} from './table-cells.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

/**
 * The rows are cards (one labelled line per cell) until the table's box is wide enough for the
 * seven columns, then a table: a container query like My Orders', since the dashboard's side
 * menu takes 288 px from 1024 px up (the box is 704 px wide at 1024, 960 px from 1280). At 56rem
 * (896 px) the columns' narrowest widths add up to about 840 px, so Hide/Show and Delete are
 * always in view without scrolling sideways (table-cells.tsx: BOX_CELL, BOX_LINE).
 */
const ROW =
  'grid grid-cols-[4rem_minmax(0,1fr)] gap-x-4 gap-y-2 p-4 @4xl:table-row @4xl:p-0 @4xl:hover:bg-slate-50';

const STAR = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z';

/**
 * The review's real rating: as many filled stars as it has, the rest hollow, and the number.
 * (The home page's cards keep the spec's rule, five stars for 3 or more, else two: an admin
 * deciding what to hide needs the rating itself.)
 */
function Rating({ rating }: { rating: number }) {
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <span
        role="img"
        aria-label={`Rated ${rating} out of 5`}
        className="inline-flex items-center gap-0.5"
      >
        {[1, 2, 3, 4, 5].map((star) => (
          <svg
            key={star}
            aria-hidden="true"
            viewBox="0 0 20 20"
            data-filled={star <= rating || undefined}
            className={`size-4 ${star <= rating ? 'text-orange-600' : 'text-slate-500'}`}
            fill={star <= rating ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth={star <= rating ? 0 : 1.5}
            strokeLinejoin="round"
          >
            <path d={STAR} />
          </svg>
        ))}
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-slate-800 tabular-nums">
        {rating}/5
      </span>
    </span>
  );
}

/**
 * A review's text, cut to four lines so the table stays narrow and short; "Read all" (shown only
 * when lines are cut) opens the rest. Screen readers hear all of it either way: the cut is visual.
 */
function ReviewText({ text, author }: { text: string; author: string }) {
  const id = useId();
  const paragraph = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);

  useLayoutEffect(() => {
    const element = paragraph.current;
    if (open || !element || typeof ResizeObserver === 'undefined') return;
    // It reports once at first, then whenever the column's width changes the lines.
    const observer = new ResizeObserver(() =>
      setCut(element.scrollHeight > element.clientHeight + 1),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [open, text]);

  return (
    <>
      <p
        ref={paragraph}
        id={id}
        className={`whitespace-pre-line text-slate-800 [overflow-wrap:anywhere] @4xl:min-w-40 @4xl:text-sm ${
          open ? '' : 'line-clamp-4'
        }`}
      >
        {text}
      </p>
      {(cut || open) && (
        <button
          type="button"
          className="link self-start text-sm font-semibold text-slate-900"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`${open ? 'Show less' : 'Read all'}: review by ${author}`}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Read all'}
        </button>
      )}
    </>
  );
}

const written = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function WrittenOn({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <NoAction why="Date unknown" />;
  return (
    <time dateTime={at} className="whitespace-nowrap text-slate-900">
      {written.format(date)}
    </time>
  );
}

function VisibilityBadge({ hidden }: { hidden: boolean }) {
  return hidden ? (
    <span className="badge border-amber-300 bg-amber-100 font-semibold text-amber-900">Hidden</span>
  ) : (
    <span className="badge border-green-300 bg-green-100 font-semibold text-green-900">Shown</span>
  );
}

function ReviewRow({ review, onDeleted }: { review: AdminReview; onDeleted: () => void }) {
  const visibility = useSetReviewVisibility();
  const remove = useDeleteReview();
  const busy = visibility.isPending || remove.isPending;
  const description = `Review by ${review.name}`;

  const onToggle = async () => {
    const hidden = !review.hidden;
    try {
      await visibility.mutateAsync({ id: review._id, hidden });
      toast.success(hidden ? REVIEW_HIDDEN : REVIEW_SHOWN, { description });
    } catch (error) {
      void showErrorDialog(messageOf(error));
    }
  };

  const onDelete = async () => {
    if (!(await confirmDialog(DELETE_REVIEW_TEXT))) return;
    try {
      await remove.mutateAsync(review._id);
      toast.success(DELETED, { description });
      onDeleted();
    } catch (error) {
      void showErrorDialog(messageOf(error));
    }
  };

  // The names are aria-labels: an sr-only span after the visible word is positioned
  // (a block), and browsers put a space before it ("Hide : review by ...").
  const toggleName = `${review.hidden ? 'Show' : 'Hide'}: review by ${review.name}`;

  return (
    <tr className={`${ROW} ${review.hidden ? 'bg-slate-50' : ''}`}>
      <td className={CELL}>
        <ResponsiveImage
          src={review.image}
          alt=""
          width={56}
          height={56}
          sizes="64px"
          className="h-16 w-16 rounded-full bg-slate-100 object-cover @4xl:h-10 @4xl:w-10"
        />
      </td>
      <td className={`self-center ${CELL}`}>
        <div className="flex flex-col gap-0.5 [overflow-wrap:anywhere] @4xl:min-w-32">
          <span className="font-bold text-slate-900">{review.name}</span>
          <span className="text-sm text-slate-700">
            {review.authorEmail ? (
              <Email address={review.authorEmail} />
            ) : (
              <NoAction why="No account e-mail" />
            )}
          </span>
        </div>
      </td>
      <td className={LINE}>
        <CellLabel>Rating</CellLabel>
        <Rating rating={review.rating} />
      </td>
      <td className={`col-span-full flex flex-col gap-1 ${CELL}`}>
        <CellLabel>Review</CellLabel>
        <ReviewText text={review.type} author={review.name} />
      </td>
      <td className={`${LINE} @4xl:text-sm`}>
        <CellLabel>Date</CellLabel>
        <WrittenOn at={review.createdAt} />
      </td>
      <td className={LINE}>
        <CellLabel>Status</CellLabel>
        <VisibilityBadge hidden={review.hidden} />
      </td>
      <td className={`${LINE} @4xl:text-right`}>
        <CellLabel>Actions</CellLabel>
        {/* In the table the two wrap onto two lines when the column is narrow. */}
        <span className="flex flex-wrap justify-end gap-2">
          <ActionButton
            aria-label={toggleName}
            className="btn btn-sm border-slate-400 bg-white whitespace-nowrap text-slate-900 hover:border-slate-900"
            busy={busy}
            spinner={visibility.isPending}
            onAction={onToggle}
          >
            {review.hidden ? 'Show' : 'Hide'}
          </ActionButton>
          <ActionButton
            aria-label={`Delete: review by ${review.name}`}
            className="btn btn-outline btn-error btn-sm whitespace-nowrap"
            busy={busy}
            spinner={remove.isPending}
            onAction={onDelete}
          >
            Delete
          </ActionButton>
        </span>
      </td>
    </tr>
  );
}

const COLUMNS = [
  ['Image'],
  ['Author'],
  ['Rating'],
  ['Review'],
  ['Date'],
  ['Status'],
  ['Actions', 'right'],
] as const;

const FILTERS = ['q', 'hidden'] as const;

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rating-asc', label: 'Rating, lowest first' },
  { value: 'rating-desc', label: 'Rating, highest first' },
] as const;

/** `hidden=false`: the shown ones; `hidden=true`: the hidden ones. */
const VISIBILITY = [
  { value: 'false', label: 'Shown' },
  { value: 'true', label: 'Hidden' },
];

/**
 * /dashboard/manage-reviews: 'Manage Reviews: {count}' (every review, hidden ones too) and a
 * table of them a page at a time from the server, found by the reviewer's name or the review's
 * words, filtered by whether they are hidden, in the chosen order (all in the address). An admin
 * hides a review from the home page (or shows it again) or deletes it.
 */
export function ManageReviewsPage() {
  const list = useListParams({
    schema: AdminReviewsQuery,
    filters: FILTERS,
    sorts: ADMIN_REVIEW_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total } = useAdminReviews(list);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <AdminListPage
      pageName="Manage Reviews"
      eyebrow="Reviews"
      title={(count) => (count === undefined ? 'Manage Reviews' : `Manage Reviews: ${count}`)}
      headingRef={heading}
      list={list}
      query={page}
      total={total}
      noun={['review', 'reviews']}
      search={{ label: 'Search the reviews', placeholder: "Reviewer's name or the review's words" }}
      filters={
        <FilterSelect
          label="Visibility"
          all="Shown or hidden"
          value={list.values.hidden}
          choices={VISIBILITY}
          onChange={(value) => list.setFilters({ hidden: value })}
        />
      }
      sorts={SORTS}
      noMatch="Try the reviewer's name or a word of the review."
      empty={
        <EmptyList title="No reviews yet.">Reviews show up here as customers write them.</EmptyList>
      }
    >
      {(reviews, caption) => (
        <DataTable wide="container" headPadding="px-3 py-3" caption={caption} columns={COLUMNS}>
          {reviews.map((review) => (
            <ReviewRow
              key={review._id}
              review={review}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </DataTable>
      )}
    </AdminListPage>
  );
}
