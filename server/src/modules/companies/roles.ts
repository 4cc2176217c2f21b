import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements, ownerAc } from 'better-auth/plugins/organization/access';

/**
 * A company's roles (issue 49), as Better Auth's organization plugin checks them: the owner (its
 * creator) and `admin` manage members, invitations and settings; `approver` decides the orders
 * above a buyer's spending limit and sees the company's orders; `buyer` orders. The shop's own
 * statement `order` (approve, read) is added to the plugin's.
 */
export const companyStatements = {
  ...defaultStatements,
  order: ['approve', 'read'],
} as const;

export const companyAccess = createAccessControl(companyStatements);

export const companyRoles = {
  owner: companyAccess.newRole({ ...ownerAc.statements, order: ['approve', 'read'] }),
  admin: companyAccess.newRole({ ...adminAc.statements, order: ['approve', 'read'] }),
  approver: companyAccess.newRole({ order: ['approve', 'read'] }),
  buyer: companyAccess.newRole({}),
};

export type CompanyRole = keyof typeof companyRoles;

/** Who decides the orders above a spending limit, and sees all the company's orders. */
export { APPROVING_ROLES } from '@partsmith/contract/companies';
/** Who manages members, invitations, addresses and spending limits. */
export const MANAGING_ROLES: readonly CompanyRole[] = ['owner', 'admin'];
