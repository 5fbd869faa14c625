import { type LoaderFunctionArgs, redirect } from 'react-router';
import { loginUrl } from '../lib/routes.ts';
import { useSession } from '../state/session-store.ts';

/**
 * The route loader of every page that needs a signed-in member (the member's own pages under
 * /pages/user/ and every page under /pages/order/): a guest is sent to login with this page as
 * the callbackUrl, before the page's code even downloads. Give a new members-only route
 * `loader: requireMember` (routes.tsx does it with `memberPage`), nothing more.
 *
 * A session that ends while such a page is open (a 401 'Tip', a password change) is not
 * redirected from here: the Tip or the page itself decides where to go, so pages read the member
 * from the session store and render nothing while it is null.
 */
export const requireMember = ({ request }: LoaderFunctionArgs) => {
  if (useSession.getState().token !== null) return null;
  const url = new URL(request.url);
  throw redirect(loginUrl(url.pathname + url.search));
};
