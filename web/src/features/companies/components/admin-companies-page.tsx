import { useEffect } from 'react';
import { href, Link } from 'react-router';
import { DashboardPage } from '../../../components/ui/dashboard-page.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SkeletonList } from '../../../components/ui/skeleton-list.tsx';
import { formatDollars } from '../../../lib/money.ts';
import { useAdminCompanies } from '../api/admin-companies.ts';
import { CARD } from './company-text.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

export const COMPANIES_TITLE = 'Companies | Partsmith';
export const NO_COMPANIES = 'No customer has created a company yet.';

const TERMS_SHORT = { net30: 'Net 30', net60: 'Net 60' } as const;

/** /dashboard/companies: every business buyer's company, with its terms and what it owes. */
export function AdminCompaniesPage() {
  const query = useAdminCompanies();
  useEffect(() => {
    document.title = COMPANIES_TITLE;
  }, []);

  let body;
  if (query.isPending) {
    body = (
      <SkeletonList label="Loading the companies" rows={3} className={CARD} picture="h-10 w-10" />
    );
  } else if (!query.data) {
    body = <LoadFailed what="the companies" query={query} />;
  } else if (query.data.length === 0) {
    body = <p className={`${CARD} text-slate-700`}>{NO_COMPANIES}</p>;
  } else {
    body = (
      <ScrollRegion
        label="Companies"
        className="rounded-box bg-white shadow-sm ring-1 ring-slate-900/5"
      >
        <table className="table min-w-[48rem] text-base">
          <caption className="sr-only">Companies</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col" className="text-right">
                Members
              </th>
              <th scope="col" className="text-right">
                Orders
              </th>
              <th scope="col">Terms</th>
              <th scope="col" className="text-right">
                Credit limit
              </th>
              <th scope="col" className="text-right">
                Balance
              </th>
              <th scope="col" className="text-right">
                Overdue
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((company) => (
              <tr key={company._id}>
                <th scope="row">
                  <Link
                    className="link link-primary font-semibold break-words"
                    to={href('/dashboard/companies/:companyId', { companyId: company._id })}
                  >
                    {company.name}
                  </Link>
                </th>
                <td className="text-right">{company.members}</td>
                <td className="text-right">{company.orders}</td>
                <td>
                  {company.paymentTerms ? TERMS_SHORT[company.paymentTerms] : 'None'}
                  {company.poRequired && <span className="block text-sm">PO required</span>}
                </td>
                <td className="text-right">{formatDollars(company.creditLimit)}</td>
                <td className="text-right">{formatDollars(company.balance)}</td>
                <td
                  className={`text-right ${company.overdue > 0 ? 'font-semibold text-error' : ''}`}
                >
                  {formatDollars(company.overdue)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    );
  }

  return (
    <DashboardPage
      eyebrow="Business buyers"
      title="Companies"
      intro="The companies that order together: their members, their terms and what they owe."
    >
      {body}
    </DashboardPage>
  );
}
