/**
 * A day of the API (YYYY-MM-DD, or an ISO date and time) as 'Apr 1, 2025', the same day wherever
 * the browser is (a due date is a day, not a moment).
 */
export function dayLabel(day: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day}T00:00:00Z` : day);
  if (Number.isNaN(date.getTime())) return day;
  return date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}
