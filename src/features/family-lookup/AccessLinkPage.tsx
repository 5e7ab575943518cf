import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@config/paths';
import { UserFacingError } from '@/lib/api/functions-client';
import { describeError } from '@/lib/errors';
import { ACCESS_LINK_TOKEN_PATTERN, verifyAccessLinkContract } from '@contracts/verify-access-link';
import { ACCESS_CODE_MESSAGES, ACCESS_LINK_PAGE_MESSAGES } from './access-code-messages';
import { signedInByLinkState } from './access-link-state';
import { useVerifyAccessLink } from './api/verify-access-link';
import { withQueryClient } from '@/lib/with-query-client';

/** The token in the address's fragment (never sent to a server, never in a Referer), read once. */
const tokenInAddress = () => (typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, ''));

/**
 * /accesso (docs/security.md, "Parents' sessions"): where the one-time
 * sign-in link e-mailed with a code opens. The token comes in the
 * fragment and is wiped from the address at once; 'Ricorda questo
 * dispositivo' and 'Entra' send it to verify-access-link (a press, not on
 * load: a mail scanner that opens links must not spend it), which sets the
 * session cookie; the parent then goes back to the screen where they
 * pressed 'Trova', its form filled in (access-link-state.ts). A link used,
 * expired or mangled shows why, with the way back to the Area Famiglie.
 */
function AccessLinkPageView() {
  const navigate = useNavigate();
  const [token] = useState(tokenInAddress);
  const [remember, setRemember] = useState(false);
  const verify = useVerifyAccessLink();
  const failureRef = useRef<HTMLDivElement>(null);
  const wellFormed = ACCESS_LINK_TOKEN_PATTERN.test(token);
  // Used or expired: pressing again cannot help (a network failure can be retried).
  const spent = verify.error instanceof UserFacingError && verify.error.status === 410;

  // The token leaves the address bar and the history entry as soon as it is read.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, []);

  const enter = () =>
    verify.mutate(
      { token, remember },
      {
        onSuccess: (signedIn) => void navigate(signedIn.returnPath, { replace: true, state: signedInByLinkState(signedIn.cf) }),
        // Rendered on the next commit: focus the message then.
        onError: () => requestAnimationFrame(() => failureRef.current?.focus()),
      },
    );

  const backLink = (
    <p className="mt-2">
      <Link to={paths.home} className="font-semibold underline">
        {ACCESS_LINK_PAGE_MESSAGES.back}
      </Link>
    </p>
  );

  return (
    <div className="mx-auto max-w-xl space-y-6">
      <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{ACCESS_LINK_PAGE_MESSAGES.title}</h1>
      {!wellFormed ? (
        <Alert kind="error">
          {verifyAccessLinkContract.messages.linkInvalid}
          {backLink}
        </Alert>
      ) : (
        <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <p className="text-gray-800">{ACCESS_LINK_PAGE_MESSAGES.intro}</p>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-gray-800">
            <input
              type="checkbox"
              className="size-5 accent-brand-600"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
            />
            {ACCESS_CODE_MESSAGES.remember}
          </label>
          {!spent && (
            <Button loading={verify.isPending || verify.isSuccess} onClick={enter}>
              {ACCESS_LINK_PAGE_MESSAGES.enter}
            </Button>
          )}
          <div ref={failureRef} tabIndex={-1} className="outline-none">
            {verify.isError && (
              <Alert kind="error">
                {describeError(verify.error)}
                {backLink}
              </Alert>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

/** {@link AccessLinkPageView} in the app's query client (withQueryClient: react-query loads with this screen). */
export const AccessLinkPage = withQueryClient(AccessLinkPageView);
