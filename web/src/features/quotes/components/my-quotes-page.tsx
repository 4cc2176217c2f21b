import type { Quote } from '@partsmith/contract';
import { useId, useState } from 'react';
import { href, Link } from 'react-router';
import { CheckoutRefused } from '../../../lib/place-order.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useAcceptQuote } from '../api/accept-quote.ts';
import { useQuotes } from '../api/get-quotes.ts';
import { AcceptQuoteForm, type AddressPickerSlot } from './accept-quote-form.tsx';
import { CompanyQuotes } from './company-quotes.tsx';
import {
  AnswerMessage,
  OrderLink,
  QuoteCard,
  QuoteFacts,
  QuoteLines,
  quotesPageTitle,
  shownStatus,
} from './quote-parts.tsx';
import { Loaded, QuotesPage } from './quotes-page.tsx';

export const MY_QUOTES_TITLE = quotesPageTitle('My Quotes');
export const REQUEST_A_QUOTE = 'Request a quote';

export interface QuotesUser {
  email: string;
}

/** Why the last acceptance was refused: the server's words, and each line it names. */
function Refusal({ error }: { error: unknown }) {
  const lines = error instanceof CheckoutRefused ? error.lines : [];
  return (
    <div role="alert" className="alert alert-error flex flex-col items-start gap-2">
      <p>{errorText(error)}</p>
      {lines.length > 0 && (
        <ul className="list-disc pl-5">
          {lines.map((line) => (
            <li key={`${line.partId}-${line.name}`}>
              <span className="font-semibold">{line.name}:</span> {line.problem}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What the customer can do with the quote as it stands, under its lines. */
function NextStep({ quote }: { quote: Quote }) {
  const status = shownStatus(quote);
  if (status === 'requested') {
    return (
      <p className="text-slate-700">
        Our sales engineers are pricing your request: you get an e-mail when the quote is ready.
      </p>
    );
  }
  if (status === 'expired') {
    return (
      <p className="text-slate-700">
        The prices of this quote no longer hold.{' '}
        <Link to={href('/dashboard/quotes/new')} className="link link-primary font-semibold">
          Ask for a new quote
        </Link>
      </p>
    );
  }
  return null;
}

function OwnQuote({ quote, addressPicker }: { quote: Quote; addressPicker: AddressPickerSlot }) {
  const formId = useId();
  const accept = useAcceptQuote();
  const [accepting, setAccepting] = useState(false);
  const acceptable = shownStatus(quote) === 'answered';

  return (
    <QuoteCard quote={quote}>
      {quote.message && (
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-700">Your message</h3>
          <p className="break-words whitespace-pre-line text-slate-900">{quote.message}</p>
        </div>
      )}
      <QuoteLines quote={quote} companyPriceLabel="Your price" />
      <QuoteFacts quote={quote} />
      <AnswerMessage quote={quote} heading="A note from us" />
      <NextStep quote={quote} />
      {quote.status === 'accepted' && (
        <div>
          <OrderLink quote={quote} />
        </div>
      )}
      {acceptable && (
        <div className="flex flex-col gap-4">
          <button
            type="button"
            className="btn btn-primary w-full sm:w-auto sm:self-start"
            aria-expanded={accepting}
            aria-controls={accepting ? formId : undefined}
            onClick={() => setAccepting((open) => !open)}
          >
            Accept quote <span className="sr-only">{quote.number}</span>
          </button>
          {accepting && (
            <AcceptQuoteForm
              id={formId}
              quote={quote}
              accept={accept}
              addressPicker={addressPicker}
            />
          )}
        </div>
      )}
      {accept.error && <Refusal error={accept.error} />}
    </QuoteCard>
  );
}

function NoQuotes() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-slate-400 bg-white p-10 text-center">
      <p className="text-lg font-semibold text-slate-900">You have not asked for a quote yet.</p>
      <p className="max-w-md text-slate-700">
        Planning a build or a bulk order? Ask us for a price on the parts and quantities you need:
        the quotes show up here, ready to accept.
      </p>
      <Link to={href('/dashboard/quotes/new')} className="btn btn-primary mt-2">
        Request your first quote
      </Link>
    </div>
  );
}

/**
 * /dashboard/quotes: the signed-in user's own quotes, newest first (an admin sees their own here
 * too; Manage Quotes has everyone's), each with its lines and prices (their company's price beside
 * the list price), the way to accept an answered one (on to the payment) and an accepted one's
 * order; then, for a company's owner, admins and approvers, the quotes its other members asked.
 */
export function MyQuotesPage({
  user,
  addressPicker,
}: {
  user: QuotesUser;
  /** The address book's picker for accepting a quote (the app composes it). */
  addressPicker: AddressPickerSlot;
}) {
  const quotes = useQuotes();
  const email = user.email.toLowerCase();

  return (
    <QuotesPage
      documentTitle={MY_QUOTES_TITLE}
      eyebrow="Your quotes"
      title="My Quotes"
      intro="Prices for larger orders, from our sales engineers. Accept a quote to order at its prices."
      actions={
        <Link to={href('/dashboard/quotes/new')} className="btn btn-primary">
          {REQUEST_A_QUOTE}
        </Link>
      }
    >
      <Loaded
        query={quotes}
        loading="Loading your quotes"
        rows={3}
        picture="h-14 w-14"
        what="your quotes"
      >
        {(all) => {
          const own = all.filter((quote) => quote.userEmail.toLowerCase() === email);
          if (own.length === 0) return <NoQuotes />;
          return (
            <ul aria-label="Your quotes, newest first" className="flex flex-col gap-6">
              {own.map((quote) => (
                <OwnQuote key={quote._id} quote={quote} addressPicker={addressPicker} />
              ))}
            </ul>
          );
        }}
      </Loaded>
      <CompanyQuotes user={user} />
    </QuotesPage>
  );
}
