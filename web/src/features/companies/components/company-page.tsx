import { APPROVING_ROLES, type MyCompany } from '@partsmith/contract/companies';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { href, Link } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { FIELD_ERROR, FIELD_HINT, FIELD_LABEL } from '../../../components/ui/form-field.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { formatDollars } from '../../../lib/money.ts';
import { useCreateCompany, useMyCompany } from '../api/company.ts';
import { CompanyApprovals } from './company-approvals.tsx';
import { CompanyMembers } from './company-members.tsx';
import { CARD, companySlug, limitLabel, roleLabel, termsLabel } from './company-text.ts';
import { NoticeLine } from './notice-line.tsx';

export const COMPANY_TITLE = 'Company | Partsmith';
export const COMPANY_CREATED = 'Your company is created. You are its owner.';

type Company = NonNullable<MyCompany['company']>;

/** No company yet: what one gives, and the form that makes the customer its owner. */
function CreateCompany({ onCreated }: { onCreated: () => void }) {
  const create = useCreateCompany();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('Name your company');
    if (trimmed.length > 100) return setError('A company name is at most 100 characters');
    setError(null);
    create.mutate({ name: trimmed, slug: companySlug(trimmed) }, { onSuccess: onCreated });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        You do not belong to a company yet
      </h2>
      <p className="mt-1 text-slate-700">A company account lets the people you work with:</p>
      <ul className="mt-2 list-disc pl-6 text-slate-700">
        <li>order together, each with their own sign-in and role;</li>
        <li>have larger orders approved by an approver before they are placed;</li>
        <li>pay by invoice on terms (Net 30 or Net 60) once the shop agrees them with you.</li>
      </ul>
      <p className="mt-2 text-slate-700">
        Were you invited? Open the link in the invitation mail instead.
      </p>
      <form noValidate onSubmit={onSubmit} className="mt-5 flex max-w-md flex-col gap-3">
        <div>
          <label htmlFor={`${id}-name`} className={FIELD_LABEL}>
            Company name
          </label>
          <input
            id={`${id}-name`}
            className={`input w-full border ${error ? 'border-error' : 'border-slate-500'}`}
            value={name}
            maxLength={100}
            autoComplete="organization"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-name-error` : `${id}-name-hint`}
            onChange={(event) => setName(event.target.value)}
          />
          {error ? (
            <p id={`${id}-name-error`} className={FIELD_ERROR}>
              {error}
            </p>
          ) : (
            <p id={`${id}-name-hint`} className={FIELD_HINT}>
              You become its owner and can invite the others.
            </p>
          )}
        </div>
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && <span aria-hidden="true" className="spinner size-5" />}
            Create company
          </button>
        </div>
        <NoticeLine notice={create.isError ? { ok: false, text: errorText(create.error) } : null} />
      </form>
    </section>
  );
}

/** The company as every member sees it: their role, their limit, and the shop's terms. */
function CompanySummary({ company }: { company: Company }) {
  const { terms } = company;
  const rows: [string, string][] = [
    ['Your role', roleLabel(company.role)],
    ['Your spending limit', limitLabel(company.mySpendingLimit)],
    ['Payment terms', termsLabel(terms.paymentTerms)],
    ['Credit limit', formatDollars(terms.creditLimit)],
    ['Outstanding', formatDollars(terms.outstanding)],
    ['Available', formatDollars(terms.available)],
    ['PO number required', terms.poRequired ? 'Yes' : 'No'],
    ['Price list', terms.priceListName ?? 'The shop’s prices'],
  ];
  return (
    <section aria-labelledby="company-summary-heading" className={CARD}>
      <h2 id="company-summary-heading" className="text-2xl font-bold text-slate-900">
        {company.name}
      </h2>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {terms.paymentTerms === null && (company.role === 'owner' || company.role === 'admin') && (
        // The shop agrees terms company by company (an admin sets them): say whom to ask.
        <p className="mt-4 border-t border-slate-200 pt-4 text-slate-800">
          Want to pay by invoice, Net 30 or Net 60?{' '}
          <Link
            to={`${href('/contact')}?${new URLSearchParams({ subject: `Payment terms for ${company.name}` })}`}
            className="font-semibold text-primary underline underline-offset-4"
          >
            Ask us for payment terms
          </Link>{' '}
          and a credit limit.
        </p>
      )}
    </section>
  );
}

/** /dashboard/company: the customer's company, or the form to create one. */
export function CompanyPage() {
  const query = useMyCompany();
  // Said above the company once it is made (the form that made it is gone by then).
  const [created, setCreated] = useState(false);
  useEffect(() => {
    document.title = COMPANY_TITLE;
  }, []);

  let body;
  if (query.isPending) {
    body = (
      <SkeletonList label="Loading your company" rows={2} className={CARD} picture="h-10 w-10" />
    );
  } else if (!query.data) {
    body = <LoadFailed what="your company" query={query} />;
  } else if (!query.data.company) {
    body = <CreateCompany onCreated={() => setCreated(true)} />;
  } else {
    const { company } = query.data;
    body = (
      <>
        <NoticeLine notice={created ? { ok: true, text: COMPANY_CREATED } : null} />
        <CompanySummary company={company} />
        {APPROVING_ROLES.includes(company.role) && <CompanyApprovals />}
        {(company.role === 'owner' || company.role === 'admin') && (
          <CompanyMembers company={company} />
        )}
      </>
    );
  }

  return (
    <DashboardPage
      eyebrow="Your account"
      title="Your company"
      intro="Order together with your colleagues: shared ordering, approvals for large orders, and invoices on terms."
    >
      {body}
    </DashboardPage>
  );
}
