import { ArrowLeft, LoaderCircle, LogIn, MessageSquare } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/Card';
import { useSession } from '../../hooks/useSession';
import { useSiteConfig } from '../../hooks/useSiteConfig';
import { returnPathFrom, signInStartUrl } from './sign-in-url';
import { PRODUCT_NAME } from '../../../shared/limits';

/** What the server's /auth?error=<code> means for the visitor. */
const SIGN_IN_ERRORS: Record<string, string> = {
  access_denied: 'Sign-in was cancelled on GitHub.',
  invalid_state: 'The sign-in link expired or was already used. Please try again.',
  exchange_failed: 'GitHub did not accept the sign-in. Please try again.',
  github_unavailable: 'GitHub is unavailable right now. Please try again later.',
  rate_limited: 'Too many sign-in attempts. Please wait a minute and try again.',
};
const WRONG_ORIGIN = 'wrong_origin';

/** The server refused to start a sign-in at an address other than PUBLIC_URL: name the right one. */
function wrongOriginMessage(publicUrl: string | undefined): string {
  return publicUrl
    ? `Sign-in only works at ${publicUrl}, the address this site is set up for. Open ${publicUrl} and sign in there.`
    : 'Sign-in only works at the address this site is set up for (its PUBLIC_URL). Open that address and sign in there.';
}
const FALLBACK_ERROR = 'Sign-in failed. Please try again.';

/** Sign-in (docs/PRODUCT.md §2.2): outside the main layout; a signed-in visitor is sent to /. */
export default function AuthPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const shownError = useRef<string | null>(null);
  const error = searchParams.get('error');
  const siteConfig = useSiteConfig();

  useEffect(() => {
    if (user) void navigate('/', { replace: true });
  }, [user, navigate]);

  useEffect(() => {
    if (!error || shownError.current === error) return;
    // The address to name comes with the site configuration.
    if (error === WRONG_ORIGIN && siteConfig.isPending) return;
    shownError.current = error;
    if (error === WRONG_ORIGIN) {
      toast.error('Wrong address', { description: wrongOriginMessage(siteConfig.data?.publicUrl), duration: 20_000 });
    } else {
      toast.error('Error', { description: SIGN_IN_ERRORS[error] ?? FALLBACK_ERROR });
    }
    // (The flow ends in a full page load of /auth?error=…, so the button starts enabled.)
    // Drop the code from the address bar so a reload does not show the toast again.
    setSearchParams(
      (params) => {
        params.delete('error');
        return params;
      },
      { replace: true },
    );
  }, [error, setSearchParams, siteConfig.isPending, siteConfig.data]);

  useEffect(() => {
    // Coming back with the browser's Back button restores this page from the cache: re-enable the button.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const signIn = () => {
    setBusy(true);
    const returnTo = returnPathFrom(location.state);
    window.location.assign(signInStartUrl(returnTo));
  };

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-background p-4 text-foreground">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <div className="mb-2 flex h-12 w-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <MessageSquare className="h-6 w-6" aria-hidden="true" />
          </div>
          <CardTitle className="text-2xl">Welcome to {PRODUCT_NAME}</CardTitle>
          <p className="text-sm text-muted-foreground">Sign in to join chat rooms for GitHub repositories.</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Button size="lg" className="w-full" onClick={signIn} disabled={busy}>
            {busy ? (
              <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <LogIn className="h-4 w-4" aria-hidden="true" />
            )}
            {busy ? 'Connecting...' : 'Continue with GitHub'}
          </Button>
          <Button variant="outline" className="w-full" onClick={() => void navigate('/')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to Home
          </Button>
          <p className="pt-2 text-center text-xs text-muted-foreground">
            We use your GitHub profile data (username and display name, avatar and bio, public email) to set up your{' '}
            {PRODUCT_NAME} profile.
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
