export function Spinner({
  label = 'Loading',
  className = '',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex items-center justify-center ${className}`}>
      <span className="spinner size-7 text-primary [--spinner-ring:3px]" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * Shown in the layout's main while a page is on its way: a page loaded on demand (the route's
 * HydrateFallback) or a signed-in page while the session is checked (RequireUser). Prerendered
 * as the shell of every page without a prerendered screen of its own (docs/decisions/038):
 * all of them must stay the same markup.
 */
export function PageLoading() {
  return <Spinner label="Loading the page" className="py-32" />;
}
