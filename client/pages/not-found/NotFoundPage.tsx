import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';

/** Any unknown path (docs/PRODUCT.md §2.8): the path is only logged, never shown. */
export default function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main id="main" className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-lg text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Return to Home
      </Link>
    </main>
  );
}
