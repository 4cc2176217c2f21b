import { ApiError } from '../../../lib/api-client.ts';

/**
 * The admin pages' texts, with the spec's misspellings ('Faield', 'Panding', 'Delet', 'Ordere')
 * corrected (docs/spec.md, Differences from the specification).
 */
export const DELETE_ITEM_TEXT = 'If You Delete Product will not appear on the home page.';
export const DELETE_USER_TEXT = 'Want To Delete This User?!?';
export const DELETED = 'Deleted!';
export const SAVED = 'Saved';
export const MADE_ADMIN = 'Successfully Made an admin';
export const MAKE_ADMIN_FAILED = 'Failed to Make an admin!!!';
export const SHIPPED = 'Your Order is Shipped Successfully';
export const SHIP_FAILED = 'Failed Shipped Your Order!!!';
export const REFUNDED = 'The order is refunded';
export const REFUND_FAILED = 'The order could not be refunded';
export const DELETE_REVIEW_TEXT = 'If You Delete this Review it will be gone from the home page.';
export const REVIEW_HIDDEN = 'Hidden from the home page';
export const REVIEW_SHOWN = 'Shown on the home page again';
export const MESSAGE_HANDLED = 'Marked as handled';
export const MESSAGE_REOPENED = 'Marked as new again';
export const DELETE_MESSAGE_TEXT =
  'Delete this message for good? Its words stay only in the audit log.';

export function messageOf(error: unknown) {
  return error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
}

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

export const pageTitle = (name: string) => `${name} | Partsmith`;
