import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page.ts';

/**
 * What a shopper sees when a page cannot be shown: a chunk-load error (docs/limits.md) offers a
 * retry; anything else offers the way home. Inside the layout the header and footer stay.
 */
export function RouteErrorView({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const chunk = error instanceof ChunkLoadError;
  const title = chunk
    ? 'This page could not be loaded'
    : isRouteErrorResponse(error) && error.status === 404
      ? 'Page not found'
      : 'Something went wrong';
  const detail = chunk
    ? 'Your connection may have dropped, or the shop was just updated. Retrying usually fixes it.'
    : 'Please try again. If it keeps happening, contact our support team.';
  return (
    <div className={inLayout ? 'py-24' : 'flex min-h-screen items-center justify-center bg-white'}>
      <div role="alert" className="mx-auto max-w-lg text-center">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="mt-3 text-muted">{detail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
            Retry
          </button>
          <a className="btn-secondary" href="/">
            Back to home
          </a>
        </div>
      </div>
    </div>
  );
}
