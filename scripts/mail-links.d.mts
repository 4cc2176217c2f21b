export function decodeMail(eml: string): string;
export function isMailTo(eml: string, email: string): boolean;
export function linkIn(eml: string, pathPrefix: string): string | null;
export function newestLink(mails: string[], email: string, pathPrefix: string): string | null;
export const VERIFY_EMAIL_PATH: '/api/auth/verify-email';
