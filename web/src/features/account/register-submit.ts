import type { LoginResult } from '@mall/shared/contract/account';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { afterLoginUrl, USER_CENTER_PATH } from '../../lib/routes.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * The submit of both register forms: send the form, sign the new member in with the answer,
 * welcome them (in words the form chooses), then follow the callback (or go to the user centre);
 * a refusal goes to the form's fields or above it.
 */
export function useRegisterSubmit<Body>(
  send: (body: Body) => Promise<LoginResult>,
  welcome: (result: LoginResult, body: Body) => string,
  server: { setFormError: (message: string | null) => void; show: (err: unknown) => void },
) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return async (body: Body) => {
    server.setFormError(null);
    try {
      const result = await send(body);
      useSession.getState().login(result);
      toast.success(welcome(result, body));
      navigate(afterLoginUrl(params.get('callbackUrl'), USER_CENTER_PATH), { replace: true });
    } catch (err) {
      server.show(err);
    }
  };
}
