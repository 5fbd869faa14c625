import type { Favourite } from '@mall/shared/contract/favourite';
import { formatCount, formatPrice } from '@mall/shared/money-format';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../api/client.ts';
import { AlertDialog } from '../../components/AlertDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { CartIcon, HeartIcon } from '../../components/icons.tsx';
import { MixDialog } from '../../components/MixDialog.tsx';
import { Pager } from '../../components/Pager.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { ALL_KEYWORD, FAVORITES_PATH, goodsUrl, keywordSearchUrl } from '../../lib/routes.ts';
import { addToCart } from '../../state/cart/cart-actions.ts';
import { cartLineOfCard } from '../../state/cart/cart-line.ts';
import { FAVOURITE_FAILED } from './FavouriteHeart.tsx';
import { FAVOURITES_PAGE_SIZE, useClearFavourites, useCollect, useFavouritePage } from './favourite-api.ts';

export const CLEAR_QUESTION = 'Are you sure you want to clear your favourites？';
export const ADDED_MESSAGE = 'Added to your cart.';
export const UNAVAILABLE_LABEL = 'No longer sold';

const pageUrl = (pageNum: number) => (pageNum > 1 ? `${FAVORITES_PATH}?pageNum=${pageNum}` : FAVORITES_PATH);

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : FAVOURITE_FAILED;

/** The SKU choice of a good with several SKUs, composed by the page (the catalogue's dialog). */
export type SkuChoiceSlot = (props: {
  goodsId: number;
  onClose: () => void;
  onAdded: () => void;
}) => ReactNode;

/** Add to Cart of one favourite: its only SKU goes in directly under the cart's rules; several open the choice. */
function AddFavouriteToCart({ favourite, skuChoice }: { favourite: Favourite; skuChoice: SkuChoiceSlot }) {
  const [busy, setBusy] = useState(false);
  const [mix, setMix] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const { goods, sku } = favourite;
  if (!goods) return null;
  const soldOut = goods.stock <= 0 || (sku !== null && sku.stock <= 0);
  const add = async () => {
    if (busy) return;
    if (!sku) {
      setChoosing(true);
      return;
    }
    setBusy(true);
    const outcome = await addToCart(cartLineOfCard(goods, sku), 1);
    setBusy(false);
    if (outcome.ok) toast.success(ADDED_MESSAGE);
    else if (outcome.refusal.rule === 'mix') setMix(true);
    else setMessage(outcome.refusal.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn-primary h-9 gap-1.5 px-4 text-sm whitespace-nowrap disabled:cursor-not-allowed"
        disabled={soldOut || busy}
        title={soldOut ? 'This item is out of stock' : sku ? undefined : 'Choose the options first'}
        aria-label={`Add ${goods.name} to cart`}
        onClick={() => void add()}
      >
        <CartIcon size={16} />
        {sku || soldOut ? 'Add to Cart' : 'Choose options'}
      </button>
      {choosing
        ? skuChoice({
            goodsId: goods.id,
            onClose: () => setChoosing(false),
            onAdded: () => {
              setChoosing(false);
              toast.success(ADDED_MESSAGE);
            },
          })
        : null}
      <MixDialog open={mix} onClose={() => setMix(false)} />
      <AlertDialog
        open={message !== null}
        title="Tip"
        message={message ?? ''}
        onConfirm={() => setMessage(null)}
      />
    </>
  );
}

function RemoveButton({ favourite }: { favourite: Favourite }) {
  const collect = useCollect();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await collect(favourite.goodsId);
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn-secondary h-9 px-4 text-sm"
      disabled={busy}
      aria-label={`Remove ${favourite.name} from favourites`}
      onClick={() => void remove()}
    >
      Remove
    </button>
  );
}

function PriceAndStock({ favourite }: { favourite: Favourite }) {
  const { goods, sku } = favourite;
  if (!goods) {
    return (
      <p className="text-sm text-muted" data-unavailable="">
        <span className="rounded-sm bg-gray-100 px-1.5 py-0.5 text-xs font-semibold text-gray-600">
          {UNAVAILABLE_LABEL}
        </span>
      </p>
    );
  }
  const price = sku?.price ?? goods.price;
  const original = sku ? sku.originalPrice : goods.originalPrice;
  const onPromotion = sku ? sku.onPromotion : goods.onPromotion;
  const stock = sku ? sku.stock : goods.stock;
  return (
    <div className="flex flex-col gap-1">
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span
          className={`text-lg font-semibold tabular-nums ${onPromotion ? 'text-accent' : 'text-navy'}`}
          data-favourite-price=""
        >
          {favourite.skuCount > 1 && !sku ? 'From ' : ''}
          {formatPrice(price)}
        </span>
        {original !== null && original > price ? (
          <s className="text-xs text-muted tabular-nums">
            <span className="sr-only">Was </span>
            {formatPrice(original)}
          </s>
        ) : null}
        {onPromotion ? (
          <span className="rounded-sm bg-accent px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white uppercase">
            Promotion
          </span>
        ) : null}
      </p>
      <p className="text-xs" data-favourite-stock="">
        {stock > 0 ? (
          <span className="text-brand">In stock: {formatCount(stock)}</span>
        ) : (
          <span className="font-semibold text-accent">Out of stock</span>
        )}
      </p>
    </div>
  );
}

function FavouriteRow({ favourite, skuChoice }: { favourite: Favourite; skuChoice: SkuChoiceSlot }) {
  const unavailable = favourite.goods === null;
  return (
    <li
      className={`flex items-center gap-5 border-b border-line px-6 py-4 last:border-b-0 ${unavailable ? 'bg-gray-50/70' : ''}`}
      data-favourite-row={favourite.goodsId}
    >
      <div
        className={`size-[88px] shrink-0 overflow-hidden rounded-lg border border-line bg-sand ${unavailable ? 'opacity-60 grayscale' : ''}`}
      >
        <SafeImage src={favourite.thumbUrl} alt="" width={88} height={88} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <h3 className="line-clamp-2 text-[15px] leading-5 text-ink">
          {unavailable ? (
            <span className="text-muted">{favourite.name}</span>
          ) : (
            <Link
              to={goodsUrl(favourite.goodsId)}
              className="hover:text-brand focus-visible:text-brand focus-visible:underline"
            >
              {favourite.name}
            </Link>
          )}
        </h3>
        <p className="text-xs text-muted">
          {favourite.goods ? <span>{favourite.goods.supplierName} · </span> : null}
          Saved {formatDate(favourite.collectedAt)}
        </p>
      </div>
      <div className="w-48 shrink-0">
        <PriceAndStock favourite={favourite} />
      </div>
      <div className="flex w-72 shrink-0 items-center justify-end gap-2">
        <AddFavouriteToCart favourite={favourite} skuChoice={skuChoice} />
        <RemoveButton favourite={favourite} />
      </div>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col" aria-busy="true">
      <span className="sr-only">Loading your favourites…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-5 border-b border-line px-6 py-4 last:border-b-0">
          <Skeleton className="size-[88px] rounded-lg" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/5" />
            <Skeleton className="h-3 w-40" />
          </div>
          <Skeleton className="h-6 w-24" />
          <Skeleton className="h-9 w-48" />
        </div>
      ))}
    </div>
  );
}

function ClearButton({ disabled }: { disabled: boolean }) {
  const clear = useClearFavourites();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await clear();
    } catch (err) {
      toast.error(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="btn-secondary h-9 px-4 text-sm"
        disabled={disabled || busy}
        onClick={() => setAsking(true)}
      >
        Clear
      </button>
      <ConfirmDialog
        open={asking}
        message={CLEAR_QUESTION}
        confirmLabel="Clear"
        onConfirm={() => {
          setAsking(false);
          void confirm();
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/**
 * Favourite Goods (docs/favourites.md): the member's favourites, newest first, ten a page (the
 * page in the address), each with today's price for this member, stock, a link, Add to Cart and
 * Remove; goods no longer sold stay listed as unavailable. Clear asks first.
 */
export function FavouritesView({ pageNum, skuChoice }: { pageNum: number; skuChoice: SkuChoiceSlot }) {
  const query = useFavouritePage(pageNum);
  if (query.isError && !query.data)
    return (
      <LoadFailed
        title="Your favourites could not be loaded"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="favourites-heading" className="card overflow-hidden">
        <div className="flex items-center gap-3 border-b border-line px-6 py-4">
          <h2 id="favourites-heading" className="text-base font-semibold text-navy">
            Saved goods
          </h2>
          {data ? (
            <p className="text-sm text-muted" data-favourites-total="">
              {formatCount(data.total)} {data.total === 1 ? 'good' : 'goods'}
            </p>
          ) : null}
          <div className="ml-auto">
            <ClearButton disabled={!data || data.total === 0} />
          </div>
        </div>
        {!data ? (
          <ListSkeleton />
        ) : data.total === 0 ? (
          <EmptyState
            icon={<HeartIcon size={28} />}
            title="No favourites yet"
            description="Press the heart on any good to keep it here, with today's price and stock, for later."
            action={
              <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
                Browse All Goods
              </Link>
            }
          />
        ) : data.records.length === 0 ? (
          <EmptyState
            title="This page is past the end of your favourites"
            action={
              <Link to={pageUrl(1)} className="btn-primary">
                Back to page 1
              </Link>
            }
          />
        ) : (
          <ul aria-label="Favourite goods" className={query.isPlaceholderData ? 'opacity-60' : ''}>
            {data.records.map((f) => (
              <FavouriteRow key={f.goodsId} favourite={f} skuChoice={skuChoice} />
            ))}
          </ul>
        )}
      </section>
      {data ? (
        <Pager
          pageNum={data.pageNum}
          pageSize={data.pageSize || FAVOURITES_PAGE_SIZE}
          total={data.total}
          label="Favourites pages"
          className="mt-1"
          hrefFor={pageUrl}
        />
      ) : null}
    </div>
  );
}
