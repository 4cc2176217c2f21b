import type { UseFormRegister } from 'react-hook-form';
import type { NewAddressBody } from '@partsmith/contract';
import { useFieldIds } from '../../../lib/field-ids.ts';
import { useMyCompanyAnswer } from '../../../lib/my-company.ts';

/** The roles that keep a company's shared addresses (issue 49). */
const KEEPERS: readonly string[] = ['owner', 'admin'];

/**
 * The company the signed-in customer may share a new address with: theirs when they are its
 * owner or an admin, else null (also while GET /api/company is not answered, or when it fails).
 */
export function useShareableCompany(enabled: boolean): { name: string } | null {
  const company = useMyCompanyAnswer(enabled).data?.company ?? null;
  return enabled && company && KEEPERS.includes(company.role) ? { name: company.name } : null;
}

const CHECKBOX_LABEL = 'flex cursor-pointer items-center gap-3';

/**
 * The address form's choices below its fields: whether it is the default (the company's, for a
 * company's address or one being shared), and for a company's owner and admins adding one,
 * whether it is shared with the company's members.
 */
export function AddressFormOptions({
  register,
  shareWith,
  companyDefault,
}: {
  register: UseFormRegister<NewAddressBody>;
  /** The company a new address may be shared with; null: no such choice. */
  shareWith: { name: string } | null;
  /** Whether the default is the company's (a company's address, or one to be shared). */
  companyDefault: boolean;
}) {
  const ids = useFieldIds('isDefault', 'shared', 'sharedHint');
  return (
    <div className="flex flex-col gap-3">
      {shareWith && (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.shared} className={CHECKBOX_LABEL}>
            <input
              id={ids.shared}
              type="checkbox"
              aria-describedby={ids.sharedHint}
              className="checkbox border-slate-500"
              {...register('shared')}
            />
            <span className="font-medium text-slate-900">Share with my company</span>
          </label>
          <p id={ids.sharedHint} className="ml-9 text-sm text-slate-700">
            Every member of {shareWith.name} can ship to it; its owner and admins can change it.
          </p>
        </div>
      )}
      <label htmlFor={ids.isDefault} className={CHECKBOX_LABEL}>
        <input
          id={ids.isDefault}
          type="checkbox"
          className="checkbox border-slate-500"
          {...register('isDefault')}
        />
        <span className="font-medium text-slate-900">
          {companyDefault
            ? 'Make this my company’s default address'
            : 'Make this my default address'}
        </span>
      </label>
    </div>
  );
}
