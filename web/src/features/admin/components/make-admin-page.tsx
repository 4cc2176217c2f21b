import type { UserSummary } from '@partsmith/contract';
import {
  ADMIN_LIST_DEFAULT,
  ADMIN_USER_SORTS,
  AdminUsersQuery,
} from '@partsmith/contract/admin-lists';
import { useRef, type ReactNode } from 'react';
import { toast } from 'sonner';
import { confirmDialog, showErrorDialog } from '../../../lib/dialogs.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import {
  DELETE_USER_TEXT,
  DELETED,
  isForbidden,
  MADE_ADMIN,
  MAKE_ADMIN_FAILED,
  messageOf,
} from './admin-messages.ts';
import { EmptyList } from './list-states.tsx';
import { AdminListPage } from './admin-list.tsx';
import { ActionButton } from './action-button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { FilterSelect } from '../../../components/ui/list-controls.tsx';
import { useListParams } from '../../../lib/use-list-params.ts';
import { CELL, CellLabel, Email, LINE, NoAction, ROW } from './table-cells.tsx';

function RoleBadge({ role }: { role: UserSummary['role'] }) {
  return role === 'admin' ? (
    <span className="badge border-orange-300 bg-orange-100 font-semibold text-orange-900">
      Admin
    </span>
  ) : (
    <span className="badge border-slate-300 bg-slate-100 font-semibold text-slate-800">
      Customer
    </span>
  );
}

/** A column another feature adds to the table (the tax exemption): its header and its cells. */
export interface UserColumn {
  label: string;
  cell: (user: UserSummary) => ReactNode;
}

function UserRow({
  user,
  index,
  isYou,
  onDeleted,
  extra,
}: {
  user: UserSummary;
  /** Its place in the whole list, when the page's place is known. */
  index: number | null;
  isYou: boolean;
  onDeleted: () => void;
  extra?: UserColumn;
}) {
  const promote = useMakeAdmin();
  const remove = useDeleteUser();
  const deleteButton = useRef<HTMLButtonElement>(null);

  const onMakeAdmin = async () => {
    try {
      const answer = await promote.mutateAsync(user);
      if (answer.modifiedCount > 0) {
        toast.success(MADE_ADMIN, { description: user.email });
        // The button is gone; keep the keyboard in this row.
        deleteButton.current?.focus();
      } else {
        void showErrorDialog(MAKE_ADMIN_FAILED);
      }
    } catch (error) {
      // A 403 shows the spec's failure text; anything else says what went wrong.
      if (isForbidden(error)) void showErrorDialog(MAKE_ADMIN_FAILED);
      else void showErrorDialog(messageOf(error), MAKE_ADMIN_FAILED);
    }
  };

  const onDelete = async () => {
    if (!(await confirmDialog(DELETE_USER_TEXT))) return;
    try {
      await remove.mutateAsync(user._id);
      toast.success(DELETED, { description: user.email });
      onDeleted();
    } catch (error) {
      // A 409 says why (e.g. the last administrator cannot be deleted).
      void showErrorDialog(messageOf(error));
    }
  };

  return (
    <tr className={ROW}>
      <td className={`row-span-2 self-center text-sm font-semibold text-slate-700 ${CELL}`}>
        {index === null ? (
          <NoAction why="Place in the list not known" />
        ) : (
          <>
            <span className="md:hidden">User </span>
            {index + 1}
          </>
        )}
      </td>
      <td className={`self-end font-semibold text-slate-900 [overflow-wrap:anywhere] ${CELL}`}>
        <Email address={user.email} />
        {isYou && (
          <span className="ml-1.5 font-normal whitespace-nowrap text-slate-700">(you)</span>
        )}
      </td>
      <td className={`self-start text-sm break-words text-slate-800 md:text-base ${CELL}`}>
        {user.name || <span className="text-slate-700 italic">No name</span>}
      </td>
      <td className={LINE}>
        <CellLabel>Role</CellLabel>
        <RoleBadge role={user.role} />
      </td>
      <td className={`${LINE} md:text-right`}>
        <CellLabel>Make Admin</CellLabel>
        {user.role === 'admin' ? (
          <NoAction why="Already an admin" />
        ) : (
          <ActionButton
            className="btn btn-primary btn-sm whitespace-nowrap"
            busy={promote.isPending}
            onAction={onMakeAdmin}
          >
            Make Admin
            <span className="sr-only">: {user.email}</span>
          </ActionButton>
        )}
      </td>
      {extra && (
        <td className={`${LINE} md:text-right`}>
          <CellLabel>{extra.label}</CellLabel>
          {extra.cell(user)}
        </td>
      )}
      <td className={`${LINE} md:text-right`}>
        <CellLabel>Delete</CellLabel>
        {isYou ? (
          <NoAction why="You cannot delete your own account here" />
        ) : (
          <ActionButton
            ref={deleteButton}
            className="btn btn-outline btn-error btn-sm whitespace-nowrap"
            busy={remove.isPending}
            onAction={onDelete}
          >
            Delete User
            <span className="sr-only">: {user.email}</span>
          </ActionButton>
        )}
      </td>
    </tr>
  );
}

const COLUMNS = [
  ['#'],
  ['E-mail'],
  ['Name'],
  ['Role'],
  ['Make Admin', 'right'],
  ['Delete', 'right'],
] as const;

const FILTERS = ['q', 'role'] as const;

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'email', label: 'E-mail, A to Z' },
  { value: 'name', label: 'Name, A to Z' },
] as const;

const ROLES = [
  { value: 'admin', label: 'Admins' },
  { value: 'customer', label: 'Customers' },
];

/**
 * /dashboard/make-admin: 'All users: {count}' (every account) and a table of them a page at a
 * time from the server, each with its role, a 'Make Admin' button for non-admins and 'Delete
 * User'; found by e-mail or name, filtered by role, in the chosen order (all in the address).
 * `currentEmail` is the signed-in admin, whose row says '(you)'. The app may add a column before
 * Delete (`extraColumn`).
 */
export function MakeAdminPage({
  currentEmail,
  extraColumn,
}: {
  currentEmail?: string;
  extraColumn?: UserColumn;
}) {
  const list = useListParams({
    schema: AdminUsersQuery,
    filters: FILTERS,
    sorts: ADMIN_USER_SORTS,
    defaultLimit: ADMIN_LIST_DEFAULT,
  });
  const { page, total } = useUsers(list);
  const heading = useRef<HTMLHeadingElement>(null);
  const you = currentEmail?.toLowerCase();

  return (
    <AdminListPage
      pageName="Make Admin"
      eyebrow="Accounts"
      title={(count) => (count === undefined ? 'All users' : `All users: ${count}`)}
      headingRef={heading}
      list={list}
      query={page}
      total={total}
      noun={['user', 'users']}
      search={{ label: 'Search the users', placeholder: 'E-mail or name' }}
      filters={
        <FilterSelect
          label="Role"
          all="Any role"
          value={list.values.role}
          choices={ROLES}
          onChange={(value) => list.setFilters({ role: value })}
        />
      }
      sorts={SORTS}
      noMatch="Try part of an e-mail address or a name."
      empty={<EmptyList title="No users yet." />}
    >
      {(users, caption) => (
        <DataTable
          wide="md"
          caption={caption}
          columns={
            extraColumn
              ? [...COLUMNS.slice(0, -1), [extraColumn.label, 'right'], ...COLUMNS.slice(-1)]
              : COLUMNS
          }
        >
          {users.map((user, index) => (
            <UserRow
              key={user._id}
              user={user}
              index={list.offset === null ? null : list.offset + index}
              isYou={user.email.toLowerCase() === you}
              onDeleted={() => heading.current?.focus()}
              extra={extraColumn}
            />
          ))}
        </DataTable>
      )}
    </AdminListPage>
  );
}
