import {
  INVITED_ROLES,
  SpendingLimitsBody,
  type CompanyMember,
  type MyCompany,
} from '@partsmith/contract/companies';
import { useId, useState, type FormEvent } from 'react';
import { FIELD_HINT, FIELD_LABEL } from '../../../components/ui/form-field.tsx';
import { confirmDialog } from '../../../lib/dialogs.ts';
import { errorText } from '../../../lib/error-text.ts';
import {
  useCancelInvitation,
  useInviteMember,
  useRemoveMember,
  useSaveSpendingLimits,
  useUpdateMemberRole,
  type InvitedRole,
} from '../api/company.ts';
import { CARD, dateLabel, parseLimit, roleLabel, ROLE_LABEL, type Notice } from './company-text.ts';
import { NoticeLine } from './notice-line.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

type Company = NonNullable<MyCompany['company']>;

export const LIMITS_SAVED = 'The spending limits are saved.';
export const removeMemberText = (member: CompanyMember) =>
  `${member.name} (${member.email}) leaves the company and can no longer order for it.`;

const INPUT = 'input w-full border border-slate-500';
const limitText = (limit: number | null) => (limit === null ? '' : String(limit));
const SPENDING_FORM = 'company-spending-limits';

/** A member's row: the role (a select but for the owner), their own limit, Remove. */
function MemberRow({
  member,
  company,
  limit,
  onLimit,
  onNotice,
}: {
  member: CompanyMember;
  company: Company;
  limit: string;
  onLimit: (text: string) => void;
  onNotice: (notice: Notice) => void;
}) {
  const updateRole = useUpdateMemberRole();
  const remove = useRemoveMember();
  const id = useId();
  const isOwner = member.role === 'owner';

  const changeRole = (role: InvitedRole) =>
    updateRole.mutate(
      { memberId: member.id, role, organizationId: company.id },
      {
        onSuccess: () =>
          onNotice({ ok: true, text: `${member.name} is now ${roleLabel(role).toLowerCase()}.` }),
        onError: (error) => onNotice({ ok: false, text: errorText(error) }),
      },
    );

  const onRemove = async () => {
    if (!(await confirmDialog(removeMemberText(member), 'Yes, remove them'))) return;
    remove.mutate(
      { memberIdOrEmail: member.id, organizationId: company.id },
      {
        onSuccess: () => onNotice({ ok: true, text: `${member.name} left the company.` }),
        onError: (error) => onNotice({ ok: false, text: errorText(error) }),
      },
    );
  };

  return (
    <tr>
      <th scope="row" className="font-semibold break-words text-slate-900">
        {member.name}
      </th>
      <td className="break-all">{member.email}</td>
      <td>
        {isOwner ? (
          ROLE_LABEL.owner
        ) : (
          <>
            <label htmlFor={`${id}-role`} className="sr-only">
              Role of {member.name}
            </label>
            <select
              id={`${id}-role`}
              className="select select-sm border border-slate-500"
              value={member.role}
              disabled={updateRole.isPending}
              onChange={(event) => changeRole(event.target.value as InvitedRole)}
            >
              {INVITED_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABEL[role]}
                </option>
              ))}
            </select>
          </>
        )}
      </td>
      <td>
        <label htmlFor={`${id}-limit`} className="sr-only">
          Spending limit of {member.name} ($)
        </label>
        <input
          id={`${id}-limit`}
          form={SPENDING_FORM}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          placeholder="Company’s"
          className="input input-sm w-32 border border-slate-500"
          value={limit}
          onChange={(event) => onLimit(event.target.value)}
        />
      </td>
      <td>
        {!isOwner && (
          <button
            type="button"
            className="btn btn-outline btn-sm border-red-300 text-red-700 hover:border-red-700 hover:bg-red-700 hover:text-white"
            disabled={remove.isPending}
            onClick={() => void onRemove()}
          >
            Remove <span className="sr-only">{member.name}</span>
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * The members with their roles and own limits, and the company's limit: one form (the limit
 * boxes in the table belong to it) whose Save sends the company's limit and the members' changed.
 */
function MembersSection({ company }: { company: Company }) {
  const save = useSaveSpendingLimits();
  const [companyLimit, setCompanyLimit] = useState(limitText(company.spendingLimit));
  const [limits, setLimits] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();
  const limitOf = (member: CompanyMember) => limits[member.id] ?? limitText(member.spendingLimit);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const all = parseLimit(companyLimit);
    if ('error' in all) return setNotice({ ok: false, text: `Company limit: ${all.error}` });
    const members: { memberId: string; spendingLimit: number | null }[] = [];
    for (const member of company.members) {
      const own = parseLimit(limitOf(member));
      if ('error' in own) return setNotice({ ok: false, text: `${member.name}: ${own.error}` });
      if (own.value !== member.spendingLimit)
        members.push({ memberId: member.id, spendingLimit: own.value });
    }
    const body = { spendingLimit: all.value, ...(members.length ? { members } : {}) };
    const checked = SpendingLimitsBody.safeParse(body);
    if (!checked.success)
      return setNotice({ ok: false, text: checked.error.issues[0]?.message ?? 'Check the limits' });
    setNotice(null);
    save.mutate(body, {
      onSuccess: () => {
        setLimits({});
        setNotice({ ok: true, text: LIMITS_SAVED });
      },
      onError: (error) => setNotice({ ok: false, text: errorText(error) }),
    });
  };

  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Members and spending limits
      </h2>
      <p className={FIELD_HINT}>
        An order above the buyer’s limit waits for an approver. Leave a member’s limit empty for the
        company’s.
      </p>
      <ScrollRegion label={`Members of ${company.name}`} className="mt-4">
        <table className="table min-w-[40rem] text-base">
          <caption className="sr-only">Members of {company.name}</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Own limit ($)</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {company.members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                company={company}
                limit={limitOf(member)}
                onLimit={(text) => setLimits((before) => ({ ...before, [member.id]: text }))}
                onNotice={setNotice}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <form
        id={SPENDING_FORM}
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div className="w-full max-w-xs">
          <label htmlFor={`${id}-company-limit`} className={FIELD_LABEL}>
            Company spending limit ($)
          </label>
          <input
            id={`${id}-company-limit`}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            placeholder="No limit"
            aria-describedby={`${id}-company-limit-hint`}
            className={INPUT}
            value={companyLimit}
            onChange={(event) => setCompanyLimit(event.target.value)}
          />
          <p id={`${id}-company-limit-hint`} className={FIELD_HINT}>
            For every buyer without one of their own. Empty: no limit.
          </p>
        </div>
        <button type="submit" className="btn btn-primary mb-7" disabled={save.isPending}>
          {save.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Save spending limits
        </button>
      </form>
      <NoticeLine notice={notice} className="mt-2" />
    </section>
  );
}

/** The invite form and the invitations not answered yet, each with Cancel. */
function InvitationsSection({ company }: { company: Company }) {
  const invite = useInviteMember();
  const cancel = useCancelInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('buyer');
  const [notice, setNotice] = useState<Notice>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      return setNotice({ ok: false, text: 'Provide a valid e-mail address to invite' });
    setNotice(null);
    invite.mutate(
      { email: address, role, organizationId: company.id },
      {
        onSuccess: () => {
          setEmail('');
          setNotice({ ok: true, text: `An invitation is on its way to ${address}.` });
        },
        onError: (error) => setNotice({ ok: false, text: errorText(error) }),
      },
    );
  };

  const onCancel = (invitationId: string, address: string) =>
    cancel.mutate(invitationId, {
      onSuccess: () => setNotice({ ok: true, text: `The invitation to ${address} is cancelled.` }),
      onError: (error) => setNotice({ ok: false, text: errorText(error) }),
    });

  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        Invite a colleague
      </h2>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
      >
        <div>
          <label htmlFor={`${id}-email`} className={FIELD_LABEL}>
            E-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            className={INPUT}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className={FIELD_LABEL}>
            Role
          </label>
          <select
            id={`${id}-role`}
            className="select w-full border border-slate-500"
            value={role}
            onChange={(event) => setRole(event.target.value as InvitedRole)}
          >
            {INVITED_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABEL[option]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending && <span aria-hidden="true" className="spinner size-5" />}
          Send invitation
        </button>
      </form>
      <NoticeLine notice={notice} className="mt-3" />
      <h3 className="mt-6 text-lg font-semibold text-slate-900">Pending invitations</h3>
      {company.invitations.length === 0 ? (
        <p className="mt-1 text-slate-700">No invitation is waiting for an answer.</p>
      ) : (
        <ul aria-label="Pending invitations" className="mt-2 flex flex-col gap-2">
          {company.invitations.map((invitation) => (
            <li
              key={invitation.id}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-2"
            >
              <span className="break-all">
                <span className="font-medium text-slate-900">{invitation.email}</span>{' '}
                <span className="text-slate-700">
                  as {roleLabel(invitation.role).toLowerCase()}, until{' '}
                  {dateLabel(invitation.expiresAt)}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-outline btn-sm border-slate-300"
                disabled={cancel.isPending}
                onClick={() => onCancel(invitation.id, invitation.email)}
              >
                Cancel <span className="sr-only">the invitation to {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the owner and admins manage: the members, the limits, the invitations. */
export function CompanyMembers({ company }: { company: Company }) {
  return (
    <>
      <MembersSection company={company} />
      <InvitationsSection company={company} />
    </>
  );
}
