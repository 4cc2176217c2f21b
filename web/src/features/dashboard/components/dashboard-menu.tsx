import { href } from 'react-router';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';

export interface DashboardMenuItem {
  to: string;
  label: string;
  description: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <Icon className="h-5 w-5 shrink-0" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </Icon>
);

const ITEMS = {
  overview: {
    to: href('/dashboard/overview'),
    label: 'Sales & Stock',
    description: 'Revenue, orders by state, the best sellers and the parts running low.',
    icon: icon('M4 20V10M10 20V4M16 20v-7M22 20H2'),
  },
  addReview: {
    to: href('/dashboard/add-review'),
    label: 'Add Review',
    description: 'Tell other buyers how our tools and parts work for you.',
    icon: icon('M12 3l2.6 5.6 6.1.7-4.5 4.2 1.2 6L12 16.5 6.6 19.5l1.2-6-4.5-4.2 6.1-.7z'),
  },
  myOrders: {
    to: href('/dashboard/my-orders'),
    label: 'My Orders',
    description: 'See your orders, pay the open ones and follow their shipping.',
    icon: icon('M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6M10 21h.01M17 21h.01'),
  },
  myQuotes: {
    to: href('/dashboard/quotes'),
    label: 'My Quotes',
    description: 'Ask for a price on larger orders, and accept the quotes we send you.',
    icon: icon('M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h4'),
  },
  myProfile: {
    to: href('/dashboard/my-profile'),
    label: 'My Profile',
    description: 'Keep your education, location, phone and links up to date.',
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0'),
  },
  addPart: {
    to: href('/dashboard/add-product'),
    label: 'Add Product',
    description: 'Put a new tool or part in the catalogue.',
    icon: icon('M12 5v14M5 12h14'),
  },
  makeAdmin: {
    to: href('/dashboard/make-admin'),
    label: 'Make Admin',
    description: 'List the users, promote an administrator or remove an account.',
    icon: icon('M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6zM9 12l2 2 4-4'),
  },
  manageOrders: {
    to: href('/dashboard/manage-orders'),
    label: 'Manage Orders',
    description: 'Review every order, ship the paid ones and remove unpaid ones.',
    icon: icon('M4 7h16M4 12h16M4 17h10'),
  },
  manageQuotes: {
    to: href('/dashboard/manage-quotes'),
    label: 'Manage Quotes',
    description: 'Price the open quote requests and see which ones became orders.',
    icon: icon('M12 3v18M16.5 7H10a2.5 2.5 0 0 0 0 5h4a2.5 2.5 0 0 1 0 5H7'),
  },
  manageParts: {
    to: href('/dashboard/manage-products'),
    label: 'Manage Products',
    description: 'Check prices and stock and retire tools from the shop.',
    icon: icon('M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8'),
  },
  shipping: {
    to: href('/dashboard/shipping'),
    label: 'Shipping & Tax',
    description: 'Set where the shop ships, what each way costs, and the sales tax rates.',
    icon: icon(
      'M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
    ),
  },
  categories: {
    to: href('/dashboard/categories'),
    label: 'Categories',
    description: 'See the categories and their attributes, and add a category.',
    icon: icon('M3 12V3h9l9 9-9 9zM7.5 7.5h.01'),
  },
  manageReviews: {
    to: href('/dashboard/manage-reviews'),
    label: 'Manage Reviews',
    description: 'Hide, show again or delete the reviews on the home page.',
    icon: icon('M4 5h16v11H9l-5 4zM8 9h8M8 12h5'),
  },
  messages: {
    to: href('/dashboard/messages'),
    label: 'Messages',
    description: 'Read what visitors and customers wrote through the contact form, and answer it.',
    icon: icon('M4 6h16v12H4zM4 7l8 6 8-6'),
  },
  auditLog: {
    to: href('/dashboard/audit-log'),
    label: 'Audit Log',
    description: 'See who changed which user, part or order, and what it was before.',
    icon: icon('M9 4h6M9 4a1 1 0 0 0-1 1v1h8V5a1 1 0 0 0-1-1M8 5H6v16h12V5h-2M9 11h6M9 15h6'),
  },
  addresses: {
    to: href('/dashboard/addresses'),
    label: 'Addresses',
    description: 'Keep the addresses we ship to and invoice, and choose your default one.',
    icon: icon('M12 21s-7-6-7-11a7 7 0 0 1 14 0c0 5-7 11-7 11zM12 13a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'),
  },
  company: {
    to: href('/dashboard/company'),
    label: 'Company',
    description: 'Order together with your colleagues: members, spending limits and terms.',
    icon: icon(
      'M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3',
    ),
  },
  companies: {
    to: href('/dashboard/companies'),
    label: 'Companies',
    description: 'See the business buyers’ companies and set their payment terms and credit.',
    icon: icon('M3 21h18M5 21V7l7-4 7 4v14M9 10h.01M15 10h.01M9 14h.01M15 14h.01M10 21v-3h4v3'),
  },
  priceLists: {
    to: href('/dashboard/price-lists'),
    label: 'Price lists',
    description: 'Agree fixed prices and category discounts with business buyers’ companies.',
    icon: icon('M7 3h10v18l-5-3-5 3zM10 8h4M10 12h4'),
  },
} satisfies Record<string, DashboardMenuItem>;

/** The dashboard's side menu for a customer. */
export const CUSTOMER_MENU: readonly DashboardMenuItem[] = [
  ITEMS.addReview,
  ITEMS.myOrders,
  ITEMS.myQuotes,
  ITEMS.myProfile,
  ITEMS.addresses,
  ITEMS.company,
];

/** The dashboard's side menu for an administrator. */
export const ADMIN_MENU: readonly DashboardMenuItem[] = [
  ITEMS.overview,
  ITEMS.myProfile,
  ITEMS.myQuotes,
  ITEMS.company,
  ITEMS.addPart,
  ITEMS.makeAdmin,
  ITEMS.manageOrders,
  ITEMS.manageQuotes,
  ITEMS.messages,
  ITEMS.manageParts,
  ITEMS.shipping,
  ITEMS.categories,
  ITEMS.manageReviews,
  ITEMS.auditLog,
  ITEMS.companies,
  ITEMS.priceLists,
];

export function dashboardMenu(isAdmin: boolean): readonly DashboardMenuItem[] {
  return isAdmin ? ADMIN_MENU : CUSTOMER_MENU;
}
