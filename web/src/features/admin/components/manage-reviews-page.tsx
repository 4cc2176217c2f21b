import type { AdminReview } from '@partsmith/contract';
import { useEffect, useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { useDeleteReview } from '../api/delete-review.ts';
import { useAdminReviews } from '../api/get-admin-reviews.ts';
import { useSetReviewVisibility } from '../api/set-review-visibility.ts';
import {
  DELETE_REVIEW_TEXT,
  DELETED,
  messageOf,
  pageTitle,
  REVIEW_HIDDEN,
  REVIEW_SHOWN,
} from './admin-messages.ts';
import { AdminPageHeader } from './admin-page-header.tsx';
import { EmptyList, LoadError, LoadingList } from './list-states.tsx';
import { LoadMore } from './load-more.tsx';
import { AdminTable, CELL, CellLabel, Email, LINE, NoAction, ROW } from './table-cells.tsx';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';
import { Stars } from '../../../components/ui/stars.tsx';

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

  return (
    <tr className={`${ROW} ${review.hidden ? 'bg-slate-50' : ''}`}>
      <td className={`row-span-2 ${CELL}`}>
        <ResponsiveImage
          src={review.image}
          alt=""
          width={56}
          height={56}
          sizes="64px"
          className="h-16 w-16 rounded-full bg-slate-100 object-cover md:h-14 md:w-14"
        />
      </td>
      <td className={`self-end font-bold break-words text-slate-900 ${CELL}`}>{review.name}</td>
      <td
        className={`self-start text-sm text-slate-700 [overflow-wrap:anywhere] md:[overflow-wrap:normal] ${CELL}`}
      >
        {review.authorEmail ? (
          <Email address={review.authorEmail} />
        ) : (
          <NoAction why="No account e-mail" />
        )}
      </td>
      <td className={LINE}>
        <CellLabel>Rating</CellLabel>
        <span className="flex items-center gap-2 whitespace-nowrap">
          <Stars rating={review.rating} />
          <span aria-hidden="true" className="text-sm font-semibold text-slate-800 tabular-nums">
            {review.rating}/5
          </span>
        </span>
      </td>
      <td className={`col-span-2 flex flex-col gap-1 ${CELL}`}>
        <CellLabel>Review</CellLabel>
        <p className="break-words whitespace-pre-line text-slate-800 md:max-w-sm md:min-w-48">
          {review.type}
        </p>
      </td>
      <td className={LINE}>
        <CellLabel>Date</CellLabel>
        <WrittenOn at={review.createdAt} />
      </td>
      <td className={LINE}>
        <CellLabel>Status</CellLabel>
        <VisibilityBadge hidden={review.hidden} />
      </td>
      <td className={`${LINE} md:text-right`}>
        <CellLabel>Actions</CellLabel>
        <span className="flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className="btn btn-sm border-slate-400 bg-white whitespace-nowrap text-slate-900 hover:border-slate-900"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void onToggle();
            }}
          >
            {visibility.isPending && <span aria-hidden="true" className="spinner size-4" />}
            {review.hidden ? 'Show' : 'Hide'}
            <span className="sr-only">: review by {review.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm whitespace-nowrap"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void onDelete();
            }}
          >
            {remove.isPending && <span aria-hidden="true" className="spinner size-4" />}
            Delete
            <span className="sr-only">: review by {review.name}</span>
          </button>
        </span>
      </td>
    </tr>
  );
}

const COLUMNS = [
  ['Image'],
  ['Name'],
  ['E-mail'],
  ['Rating'],
  ['Review'],
  ['Date'],
  ['Status'],
  ['Actions', 'right'],
] as const;

/**
 * /dashboard/manage-reviews: the newest reviews (the server sends 200 at most, and how many there
 * are), hidden ones too. An admin hides a review from the home page (or shows it again) or
 * deletes it.
 */
export function ManageReviewsPage() {
  const reviews = useAdminReviews();
  const heading = useRef<HTMLHeadingElement>(null);
  const items = reviews.data?.items ?? [];
  const total = Math.max(reviews.data?.total ?? 0, items.length);

  useEffect(() => {
    document.title = pageTitle('Manage Reviews');
  }, []);

  let body: ReactNode;
  if (reviews.isPending) {
    body = <LoadingList label="Loading the reviews" />;
  } else if (reviews.isError && !reviews.data) {
    body = (
      <LoadError
        what="the reviews"
        error={reviews.error}
        retrying={reviews.isFetching}
        onRetry={() => void reviews.refetch()}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyList title="No reviews yet.">Reviews show up here as customers write them.</EmptyList>
    );
  } else {
    body = (
      <>
        <AdminTable caption="All reviews, newest first" columns={COLUMNS}>
          {items.map((review) => (
            <ReviewRow
              key={review._id}
              review={review}
              onDeleted={() => heading.current?.focus()}
            />
          ))}
        </AdminTable>
        {/* 'Showing N of M': the list has no next page, the count says if older ones exist. */}
        <LoadMore
          shown={items.length}
          total={total}
          noun="reviews"
          hasNextPage={false}
          isFetchingNextPage={false}
          error={null}
          onLoadMore={() => Promise.resolve({ hasNextPage: false })}
        />
      </>
    );
  }

  return (
    <div>
      <AdminPageHeader
        eyebrow="Reviews"
        title={reviews.data ? `Manage Reviews: ${total}` : 'Manage Reviews'}
        headingRef={heading}
      />
      {body}
    </div>
  );
}
