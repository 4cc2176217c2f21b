import type { Quote } from '@partsmith/contract';
import { useId } from 'react';
import { useMyCompanyAnswer } from '../../../lib/my-company.ts';
import { useCompanyQuotes } from '../api/get-company-quotes.ts';
import { AnswerMessage, QuoteCard, QuoteFacts, QuoteLines } from './quote-parts.tsx';
import { Loaded } from './quotes-page.tsx';

export const COMPANY_QUOTES = 'Your company’s quotes';

/** The roles of a company that read its quotes (and decide its orders). */
const READING_ROLES = new Set(['owner', 'admin', 'approver']);

/** A quote another member asked: who asked, what, and where it stands (no accepting it here). */
function MemberQuote({ quote }: { quote: Quote }) {
  return (
    <QuoteCard quote={quote}>
      <p className="min-w-0 break-words text-slate-700">
        Asked by <span className="font-semibold text-slate-900">{quote.userName}</span> (
        {quote.userEmail})
      </p>
      {quote.message && (
        <div className="min-w-0">
          <h3 className="text-sm font-semibold text-slate-700">Their message</h3>
          <p className="break-words whitespace-pre-line text-slate-900">{quote.message}</p>
        </div>
      )}
      <QuoteLines quote={quote} companyPriceLabel="Company price" />
      <QuoteFacts quote={quote} />
      <AnswerMessage quote={quote} heading="Our note with the answer" />
    </QuoteCard>
  );
}

/**
 * For a company's owner, admins and approvers, below their own quotes: the quotes the company's
 * other members asked (GET /api/company/quotes), each with who asked and the company's prices.
 * Only the member who asked accepts a quote. Nothing for anyone else.
 */
export function CompanyQuotes({ user }: { user: { email: string } }) {
  const headingId = useId();
  const company = useMyCompanyAnswer().data?.company ?? null;
  const reads = !!company && READING_ROLES.has(company.role);
  const quotes = useCompanyQuotes(reads);
  if (!company || !reads) return null;
  const email = user.email.toLowerCase();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          {COMPANY_QUOTES}
        </h2>
        <p className="text-slate-700">
          What the other members of {company.name} asked for. Only the member who asked can accept a
          quote.
        </p>
      </div>
      <Loaded
        query={quotes}
        loading="Loading your company’s quotes"
        rows={1}
        picture="h-14 w-14"
        what="your company’s quotes"
      >
        {(all) => {
          const others = all.filter((quote) => quote.userEmail.toLowerCase() !== email);
          if (others.length === 0) {
            return (
              <p className="rounded-box border border-dashed border-slate-400 bg-white p-6 text-slate-700">
                No other member of {company.name} has asked for a quote yet.
              </p>
            );
          }
          return (
            <ul aria-label="Your company’s quotes, newest first" className="flex flex-col gap-6">
              {others.map((quote) => (
                <MemberQuote key={quote._id} quote={quote} />
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}
