import { useEffect, useOptimistic, useRef, useTransition } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useSignedIn } from '../../api/account-queries.ts';
import { ApiError } from '../../api/client.ts';
import { HeartIcon } from '../../components/icons.tsx';
import { loginUrl } from '../../lib/routes.ts';
import { useCollect, useFavouriteState } from './favourite-api.ts';

/** The address parameter that asks the page, after login, to collect this good (docs/favourites.md). */
export const COLLECT_PARAM = 'collect';

export const FAVOURITE_FAILED = 'Your favourites could not be updated. Please try again.';

/** What a failed collect says: the server's refusal (the limit, a good no longer sold), else a retry. */
const failureMessage = (err: unknown) =>
  err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401
    ? err.message
    : FAVOURITE_FAILED;

/** The address to come back to after login: this page, asking to collect `goodsId`. */
const returnUrl = (location: { pathname: string; search: string }, goodsId: number) => {
  const params = new URLSearchParams(location.search);
  params.set(COLLECT_PARAM, String(goodsId));
  return `${location.pathname}?${params.toString()}`;
};

interface HeartProps {
  goodsId: number;
  goodsName: string;
  variant: 'button' | 'icon';
}

/**
 * The heart of a good (docs/favourites.md): pressed (`aria-pressed`) while the good is a
 * favourite. A press shows the new state at once and sends it; a refusal or a failure puts the
 * heart back and says why. A guest's press goes to login and comes back to this page, where the
 * good is then collected. `variant`: a labelled button (goods page) or a round icon (goods cards).
 */
export function FavouriteHeart(props: HeartProps) {
  // A guest's heart asks nothing and keeps no query: a page of results draws twenty of them.
  return useSignedIn() ? <MemberHeart {...props} /> : <GuestHeart {...props} />;
}

/** A guest's heart: never pressed; a press goes to login, which comes back here to collect the good. */
function GuestHeart({ goodsId, goodsName, variant }: HeartProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <HeartButton
      goodsId={goodsId}
      goodsName={goodsName}
      variant={variant}
      pressed={false}
      busy={false}
      waiting={false}
      onPress={() => navigate(loginUrl(returnUrl(location, goodsId)))}
    />
  );
}

function MemberHeart({ goodsId, goodsName, variant }: HeartProps) {
  const member = useSignedIn();
  const state = useFavouriteState(goodsId);
  const collect = useCollect();
  const [params, setParams] = useSearchParams();
  const saved = member !== null && state.data === true;
  // While a press is on its way the heart shows what was asked (React's optimistic state); when it
  // ends the heart shows the saved state: the server's answer, or what it was if the press failed.
  const [pressed, showPressed] = useOptimistic(saved);
  const [busy, startPress] = useTransition();

  const toggle = (from: boolean) => {
    if (!member || busy) return;
    startPress(async () => {
      showPressed(!from);
      try {
        await collect(goodsId);
      } catch (err) {
        toast.error(failureMessage(err));
      }
    });
  };

  // Back from login with ?collect={this good}: collect it once (unless it already is one).
  const asked = params.get(COLLECT_PARAM) === String(goodsId);
  const done = useRef(false);
  useEffect(() => {
    if (!asked || !member || !state.isSuccess || done.current) return;
    done.current = true;
    setParams(
      (p) => {
        p.delete(COLLECT_PARAM);
        return p;
      },
      { replace: true },
    );
    if (state.data !== true) toggle(false);
  });

  return (
    <HeartButton
      goodsId={goodsId}
      goodsName={goodsName}
      variant={variant}
      pressed={pressed}
      busy={busy}
      waiting={member !== null && state.isPending}
      onPress={() => toggle(pressed)}
    />
  );
}

function HeartButton({
  goodsId,
  goodsName,
  variant,
  pressed,
  busy,
  waiting,
  onPress,
}: HeartProps & { pressed: boolean; busy: boolean; waiting: boolean; onPress: () => void }) {
  const hint = pressed ? 'Remove from favourites' : 'Add to favourites';
  if (variant === 'button') {
    return (
      <button
        type="button"
        aria-pressed={pressed}
        aria-busy={busy || waiting}
        disabled={waiting}
        title={hint}
        onClick={onPress}
        className={`btn-secondary h-12 gap-2 px-6 text-base ${pressed ? 'border-accent text-accent' : ''}`}
        data-favourite={goodsId}
      >
        <HeartIcon
          size={18}
          fill={pressed ? 'currentColor' : 'none'}
          className={pressed ? 'text-accent' : ''}
        />
        Favourite
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-busy={busy || waiting}
      aria-label={`Favourite ${goodsName}`}
      disabled={waiting}
      title={hint}
      onClick={onPress}
      className={`focus-ring flex size-9 items-center justify-center rounded-full bg-white/90 shadow-sm transition hover:scale-105 hover:bg-white ${pressed ? 'text-accent' : 'text-navy/70 hover:text-accent'}`}
      data-favourite={goodsId}
    >
      <HeartIcon size={18} fill={pressed ? 'currentColor' : 'none'} />
    </button>
  );
}

/** The heart of a goods card (search results): a page passes it as the cards' action. */
export const favouriteHeartOf = (goods: { id: number; name: string }) => (
  <FavouriteHeart goodsId={goods.id} goodsName={goods.name} variant="icon" />
);
