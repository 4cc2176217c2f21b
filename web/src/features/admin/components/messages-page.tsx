import type { ContactMessage } from '@partsmith/contract';
import {
  ADMIN_LIST_DEFAULT,
  ADMIN_MESSAGE_SORTS,
  AdminMessagesQuery,
} from '@partsmith/contract/admin-lists';
import { useId, useRef } from 'react';
import { href, Link } from 'react-router';
import { toast } from 'sonner';
import { FilterSelect } from '../../../components/ui/list-controls.tsx';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { useDeleteMessage } from '../api/delete-message.ts';
import { useAdminMessages } from '../api/get-admin-messages.ts';
import { useSetMessageHandled } from '../api/set-message-handled.ts';
import { ActionButton } from './action-button.tsx';
import { AdminListPage } from './admin-list.tsx';
import {
  DELETE_MESSAGE_TEXT,
  DELETED,
  MESSAGE_HANDLED,
  MESSAGE_REOPENED,
  messageOf,
} from './admin-messages.ts';
import { EmptyList } from './list-states.tsx';
import { Email } from './table-cells.tsx';

const received = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ReceivedAt({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time dateTime={at} className="whitespace-nowrap">
      {received.format(date)}
    </time>
  );
}

function StateBadge({ handled }: { handled: boolean }) {
  return handled ? (
    <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-800">
      Handled
    </span>
  ) : (
    <span className="badge border-orange-300 bg-orange-100 font-semibold text-orange-900">New</span>
  );
}

/**
 * A reply in the admin's own mail program, to the sender, about the same subject (and the order
 * it is about).
 */
const replyLink = (message: ContactMessage) =>
  `mailto:${message.email}?${new URLSearchParams({
    subject: `Re: ${message.subject}${message.order ? ` (order ${message.order.number})` : ''}`,
  })
    .toString()
    .replace(/\+/g, '%20')}`;

function MessageCard({
  message,
  onLeft,
  onGone,
}: {
  message: ContactMessage;
  /** Marked: it may have left a list filtered by state. */
  onLeft: () => void;
  /** Deleted. */
  onGone: () => void;
}) {
  const headingId = useId();
  const handled = message.handledAt !== null;
  const mark = useSetMessageHandled();
  const remove = useDeleteMessage();
  const busy = mark.isPending || remove.isPending;

  const onToggle = async () => {
    try {
      await mark.mutateAsync({ id: message._id, handled: !handled });
      toast.success(handled ? MESSAGE_REOPENED : MESSAGE_HANDLED, {
        description: message.subject,
      });
      onLeft();
    } catch (error) {
      void showErrorDialog(messageOf(error));
    }
  };

  const onDelete = async () => {
    if (!(await confirmDialog(DELETE_MESSAGE_TEXT))) return;
    try {
      await remove.mutateAsync(message._id);
      toast.success(DELETED, { description: message.subject });
      onGone();
    } catch (error) {
      void showErrorDialog(messageOf(error));
    }
  };

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`flex flex-col gap-3 rounded-box p-4 shadow-sm ring-1 ring-slate-900/10 sm:p-5 ${
          handled ? 'bg-slate-50' : 'bg-white'
        }`}
      >
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2
            id={headingId}
            className="min-w-0 text-lg font-bold text-slate-900 [overflow-wrap:anywhere]"
          >
            {message.subject}
          </h2>
          <StateBadge handled={handled} />
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm text-slate-700">
          <dt className="font-semibold text-slate-900">From</dt>
          <dd className="[overflow-wrap:anywhere]">
            <Email address={message.email} />
          </dd>
          {message.order && (
            <>
              <dt className="font-semibold text-slate-900">Order</dt>
              <dd>
                <Link
                  to={href('/dashboard/orders/:id', { id: message.order._id })}
                  className="link link-primary font-mono font-semibold"
                >
                  {message.order.number}
                </Link>
              </dd>
            </>
          )}
          <dt className="font-semibold text-slate-900">Received</dt>
          <dd>
            <ReceivedAt at={message.createdAt} />
          </dd>
          {message.handledAt && (
            <>
              <dt className="font-semibold text-slate-900">Handled</dt>
              <dd>
                <ReceivedAt at={message.handledAt} />
              </dd>
            </>
          )}
        </dl>
        <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
          {message.message}
        </p>
        {!message.mailed && (
          <p className="rounded-box border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            The mail to the shop’s address did not go out: this page is the only copy.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <a
            href={replyLink(message)}
            className="btn btn-sm btn-primary"
            aria-label={`Reply by e-mail: ${message.subject}`}
          >
            Reply by e-mail
          </a>
          <ActionButton
            aria-label={`${handled ? 'Mark as new' : 'Mark as handled'}: ${message.subject}`}
            className="btn btn-sm border-slate-400 bg-white whitespace-nowrap text-slate-900 hover:border-slate-900"
            busy={busy}
            spinner={mark.isPending}
            onAction={onToggle}
          >
            {handled ? 'Mark as new' : 'Mark as handled'}
          </ActionButton>
          <ActionButton
            aria-label={`Delete: ${message.subject}`}
            className="btn btn-outline btn-error btn-sm whitespace-nowrap"
            busy={busy}
            spinner={remove.isPending}
            onAction={onDelete}
          >
            Delete
          </ActionButton>
        </div>
      </article>
    </li>
  );
}

const FILTERS = ['q', 'handled'] as const;

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const;

/** `handled=false`: the new ones; `handled=true`: the handled ones. */
const STATES = [
  { value: 'false', label: 'New' },
  { value: 'true', label: 'Handled' },
];

/**
 * /dashboard/messages: 'Messages: {count}', what visitors and customers wrote through the
 * contact form, a page at a time from the server, found by the sender's address, the subject or
 * the words, filtered new or handled, in the chosen order (all in the address). The shop's mail
 * has them too; here they are kept even when that mail failed, and an admin answers one in their
 * mail program and marks it handled.
 */
export function MessagesPage() {
  const list = useListParams({
    schema: AdminMessagesQuery,
    filters: FILTERS,
    sorts: ADMIN_MESSAGE_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total } = useAdminMessages(list);
  const heading = useRef<HTMLHeadingElement>(null);
  // A message marked in a list filtered by state leaves it: focus goes to the page's heading.
  const onLeft = () => {
    if (list.values.handled !== '') heading.current?.focus();
  };

  return (
    <AdminListPage
      pageName="Messages"
      eyebrow="Contact form"
      title={(count) => (count === undefined ? 'Messages' : `Messages: ${count}`)}
      headingRef={heading}
      list={list}
      query={page}
      total={total}
      noun={['message', 'messages']}
      search={{
        label: 'Search the messages',
        placeholder: 'Address, subject, words or order number',
      }}
      filters={
        <FilterSelect
          label="State"
          all="New or handled"
          value={list.values.handled}
          choices={STATES}
          onChange={(value) => list.setFilters({ handled: value })}
        />
      }
      sorts={SORTS}
      noMatch="Try the sender's address or a word of the subject."
      empty={
        <EmptyList title="No messages yet.">
          Messages sent through the contact page show up here.
        </EmptyList>
      }
    >
      {(messages, caption) => (
        <ol aria-label={caption} className="flex flex-col gap-4">
          {messages.map((message) => (
            <MessageCard
              key={message._id}
              message={message}
              onLeft={onLeft}
              onGone={() => heading.current?.focus()}
            />
          ))}
        </ol>
      )}
    </AdminListPage>
  );
}
