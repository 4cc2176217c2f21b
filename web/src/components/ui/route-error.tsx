import { href, isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '../../features/content/components/not-found-page.tsx';

/** The error page, drawn inside the shop's layout (root.tsx's ErrorBoundary): a crash in a page never blanks the shop. */
export function RouteError() {
  const error = useRouteError();
  // A page whose subject does not exist (an unknown part or topic): the 404 page.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message)
      ? 'A new version of the shop is out. Reload the page to continue.'
      : 'Something went wrong while showing this page.';
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">We hit a snag</h1>
      <p className="text-base-content/80">{message}</p>
      <div className="flex gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={href('/')} className="btn btn-outline">
          Back to homepage
        </Link>
      </div>
    </section>
  );
}
