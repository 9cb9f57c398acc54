import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Fallback for routing errors (SPEC §2): the status or the message. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col gap-3 p-8">
      <h1 className="text-2xl font-bold">Unexpected Application Error!</h1>
      <p className="text-muted-foreground">{detail}</p>
      <p>
        <Link to="/" reloadDocument className="text-primary underline underline-offset-4">
          Return to Home
        </Link>
      </p>
    </main>
  );
}
