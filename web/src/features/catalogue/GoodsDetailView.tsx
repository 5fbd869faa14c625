import type { GoodsDetail, Sku } from '@mall/shared/contract/catalogue';
import { formatCount, formatPrice } from '@mall/shared/money-format';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog.tsx';
import { CoinsIcon } from '../../components/account-icons.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { LoadFailed } from '../../components/EmptyState.tsx';
import { CartIcon, CheckIcon, ClockIcon, StoreIcon } from '../../components/icons.tsx';
import { MixDialog } from '../../components/MixDialog.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { pointsForPrice } from '../../lib/app-config.ts';
import { formatLongDate } from '../../lib/format-date.ts';
import { cartAddSuccessUrl } from '../../lib/routes.ts';
import { cartLineOf, type NewCartLine } from '../../state/cart/cart-line.ts';
import { PromotionBadge, SELF_BADGE, SelfBadge } from './GoodsCard.tsx';
import {
  clampQuantity,
  commonMaxCount,
  compatibleSkus,
  initialSelection,
  isValueAvailable,
  priceRange,
  quantityLimit,
  type SkuSelection,
  selectedSku,
  toggleValue,
} from './sku.ts';
import { useGoodsDetail } from './use-catalogue.ts';

const GALLERY_PX = 460;
const THUMB_PX = 64;
const THUMBS_MAX = 6;

export const CHOOSE_SKU_NOTE = 'Choose the options first';
export const OUT_OF_STOCK_NOTE = 'This item is out of stock';

/** The main picture with thumbnails; a chosen SKU's own picture takes the main place. */
function Gallery({
  name,
  pictures,
  skuPicture,
}: {
  name: string;
  pictures: string[];
  skuPicture: string | null;
}) {
  const [shown, setShown] = useState<string | null>(null);
  // A newly chosen SKU shows its picture.
  useEffect(() => {
    if (skuPicture) setShown(skuPicture);
  }, [skuPicture]);
  const main = shown ?? pictures[0] ?? null;
  return (
    <div className="flex flex-col gap-3" data-gallery="">
      <div className="overflow-hidden rounded-xl border border-line bg-sand">
        <SafeImage
          key={main ?? 'none'}
          src={main}
          alt={name}
          width={GALLERY_PX}
          height={GALLERY_PX}
          loading="eager"
        />
      </div>
      {pictures.length > 1 ? (
        <ul aria-label="Pictures" className="flex gap-2.5">
          {pictures.slice(0, THUMBS_MAX).map((src, i) => {
            const current = src === main;
            return (
              <li key={src}>
                <button
                  type="button"
                  aria-label={`Show picture ${i + 1}`}
                  aria-pressed={current}
                  onClick={() => setShown(src)}
                  onMouseEnter={() => setShown(src)}
                  className={`focus-ring block overflow-hidden rounded-lg border-2 transition ${current ? 'border-brand' : 'border-transparent hover:border-brand/40'}`}
                  style={{ width: THUMB_PX + 4, height: THUMB_PX + 4 }}
                >
                  <SafeImage src={src} alt="" width={THUMB_PX} height={THUMB_PX} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** One button per option value; values no SKU has with the other chosen values are disabled. */
function SkuPicker({
  goods,
  selection,
  onToggle,
}: {
  goods: GoodsDetail;
  selection: SkuSelection;
  onToggle: (name: string, value: string) => void;
}) {
  const id = useId();
  if (goods.options.length === 0) return null;
  return (
    <div className="flex flex-col gap-4" data-sku-picker="">
      {goods.options.map((option, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
        <div key={option.name} role="group" aria-labelledby={`${id}-${i}`} className="flex items-start gap-4">
          <p id={`${id}-${i}`} className="w-20 shrink-0 pt-2 text-sm text-muted capitalize">
            {option.name}
          </p>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              const chosen = selection[option.name] === value;
              const available = isValueAvailable(goods.skus, selection, option.name, value);
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={chosen}
                  disabled={!available && !chosen}
                  title={available ? undefined : 'Not available with the options chosen'}
                  onClick={() => onToggle(option.name, value)}
                  className={`focus-ring relative inline-flex h-9 items-center rounded-md border px-3.5 text-sm transition ${
                    chosen
                      ? 'border-brand bg-brand-soft font-semibold text-brand'
                      : available
                        ? 'border-line bg-white text-ink hover:border-brand hover:text-brand'
                        : 'cursor-not-allowed border-dashed border-gray-200 bg-gray-50 text-gray-400 line-through'
                  }`}
                >
                  {value}
                  {chosen ? (
                    <span className="absolute -right-px -bottom-px flex size-3.5 items-center justify-center rounded-tl-md rounded-br-md bg-brand text-white">
                      <CheckIcon size={10} strokeWidth={3} />
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** − [n] +, kept between 1 and the stock and purchase limit. */
export function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange: (n: number) => void;
}) {
  const [draft, setDraft] = useState(String(value));
  // A new value from outside (the cart answered, another tab) replaces the draft, in the same
  // render (React's way of adjusting state to a prop: no effect, no frame with the old draft).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  const disabled = max < 1;
  const commit = (raw: string) => {
    const n = clampQuantity(Number.parseInt(raw, 10), max);
    setDraft(String(n));
    onChange(n);
  };
  const button =
    'focus-ring flex size-10 items-center justify-center text-lg text-ink transition hover:bg-gray-50 hover:text-brand disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent';
  return (
    <div className="inline-flex h-10 items-stretch overflow-hidden rounded-md border border-line bg-white">
      <button
        type="button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(clampQuantity(value - 1, max))}
        className={button}
      >
        −
      </button>
      <input
        aria-label="Quantity"
        inputMode="numeric"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 6))}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
        className="w-14 border-x border-line text-center text-sm tabular-nums outline-none focus:bg-brand-soft/40 disabled:bg-gray-50 disabled:text-gray-400"
      />
      <button
        type="button"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(clampQuantity(value + 1, max))}
        className={button}
      >
        +
      </button>
    </div>
  );
}

/** The price the member pays, with the promotion badge, its end date and the struck original price. */
function PriceBlock({
  goods,
  sku,
  candidates,
}: {
  goods: GoodsDetail;
  sku: Sku | undefined;
  candidates: Sku[];
}) {
  const range = sku ? null : priceRange(candidates.length > 0 ? candidates : goods.skus);
  const single = sku ? sku.price : range && range.min === range.max ? range.min : range ? null : goods.price;
  const original = sku ? sku.originalPrice : single !== null ? goods.originalPrice : null;
  const onPromotion = sku ? sku.onPromotion : goods.onPromotion;
  const endsAt = formatLongDate(
    sku ? sku.promotionEndsAt : (candidates.find((s) => s.onPromotion)?.promotionEndsAt ?? null),
  );
  return (
    <div className="rounded-xl bg-sand/60 px-5 py-4" data-price-block="">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="text-sm text-muted">Price</span>
        <span
          className={`text-[30px] leading-none font-bold tracking-tight tabular-nums ${onPromotion ? 'text-accent' : 'text-navy'}`}
          data-price=""
        >
          {single !== null
            ? formatPrice(single)
            : range
              ? `${formatPrice(range.min)} – ${formatPrice(range.max)}`
              : formatPrice(goods.price)}
        </span>
        {original !== null && single !== null && original > single ? (
          <s className="text-base text-muted tabular-nums" data-original-price="">
            <span className="sr-only">Was </span>
            {formatPrice(original)}
          </s>
        ) : null}
        {onPromotion ? <PromotionBadge /> : null}
      </div>
      {onPromotion && endsAt ? (
        <p className="mt-2 flex items-center gap-1.5 text-[13px] text-accent">
          <ClockIcon size={14} />
          Promotion ends {endsAt}
        </p>
      ) : null}
      <EarnPoints low={single ?? range?.min ?? goods.price} high={single ?? range?.max ?? goods.price} />
      <p className="mt-2 text-xs text-muted">NZD, GST included.</p>
    </div>
  );
}

/** docs/wallet.md: points. What buying one earns: its whole dollars times the configured rate. */
function EarnPoints({ low, high }: { low: number; high: number }) {
  const from = pointsForPrice(low);
  const to = pointsForPrice(high);
  if (to <= 0) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-[13px] text-brand" data-earn-points="">
      <CoinsIcon size={14} />
      Earn {from === to ? from : `${from}–${to}`} points
    </p>
  );
}

/**
 * The cart's rules and calls (with their decimal arithmetic), downloaded when the shopper comes to
 * the Add to Cart button (pointer or focus), not with the goods page.
 */
const cartActions = () => import('../../state/cart/cart-actions.ts');

/** Add to Cart: the chosen SKU and quantity; a refusal opens the mixing dialog or says why. */
function AddToCartButton({
  line,
  quantity,
  note,
  onAdded,
}: {
  line: NewCartLine | null;
  quantity: number;
  note: string;
  /** After a successful add; by default the added-to-cart page opens. */
  onAdded?: () => void;
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [mix, setMix] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const add = async () => {
    if (!line || busy) return;
    setBusy(true);
    const { addToCart } = await cartActions();
    const outcome = await addToCart(line, quantity);
    setBusy(false);
    if (outcome.ok) {
      if (onAdded) onAdded();
      else navigate(cartAddSuccessUrl(line.skuId, quantity));
    } else if (outcome.refusal.rule === 'mix') setMix(true);
    else setMessage(outcome.refusal.message);
  };
  return (
    <>
      <button
        type="button"
        disabled={!line || busy}
        title={line ? undefined : note}
        onClick={() => void add()}
        onPointerEnter={() => void cartActions()}
        onFocus={() => void cartActions()}
        className="btn-primary h-12 gap-2 px-8 text-base disabled:cursor-not-allowed"
      >
        <CartIcon size={20} />
        Add to Cart
      </button>
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

/** The SKU choice of a good: chosen options, the SKU they name, its stock, limit and the quantity. */
function useSkuChoice(goods: GoodsDetail) {
  const [selection, setSelection] = useState<SkuSelection>(() => initialSelection(goods.skus));
  const [quantity, setQuantity] = useState(1);
  const sku = selectedSku(goods.skus, goods.options, selection);
  const candidates = compatibleSkus(goods.skus, selection);
  const stock = sku ? sku.stock : candidates.reduce((sum, s) => sum + s.stock, 0);
  const maxCount = sku ? sku.maxCount : commonMaxCount(candidates);
  const limit = quantityLimit(stock, maxCount);
  // A new SKU (or its stock) may lower the limit: keep the quantity inside it.
  useEffect(() => setQuantity((q) => clampQuantity(q, limit)), [limit]);
  const missing = goods.options.filter((o) => selection[o.name] === undefined).map((o) => o.name);
  const toggle = (name: string, value: string) =>
    setSelection((s) => toggleValue(goods.skus, s, name, value));
  return { selection, toggle, quantity, setQuantity, sku, candidates, stock, maxCount, limit, missing };
}

/** Quantity, stock and the purchase limit of the chosen SKU. */
function QuantityRow({
  quantity,
  limit,
  stock,
  maxCount,
  onChange,
}: {
  quantity: number;
  limit: number;
  stock: number;
  maxCount: number | null;
  onChange: (n: number) => void;
}) {
  return (
    <div className="flex items-center gap-4">
      <p className="w-20 shrink-0 text-sm text-muted">Quantity</p>
      <QuantityStepper value={quantity} max={limit} onChange={onChange} />
      <p className="text-sm" aria-live="polite" data-stock="">
        {stock > 0 ? (
          <span className="text-brand">In stock: {formatCount(stock)}</span>
        ) : (
          <span className="font-semibold text-accent">Out of stock</span>
        )}
      </p>
      {maxCount !== null ? (
        <p className="rounded-full bg-accent/10 px-2.5 py-1 text-xs font-semibold text-accent" data-limit="">
          Limit {maxCount} per order
        </p>
      ) : null}
    </div>
  );
}

/**
 * The SKU choice of a good in a dialog (the favourites list's Add to Cart for a good with
 * several SKUs): price, options, quantity, stock and limit, and Add to Cart under the cart's rules.
 * `onAdded` runs once the cart took it.
 */
export function SkuChoiceDialog({
  goodsId,
  onClose,
  onAdded,
}: {
  goodsId: number;
  onClose: () => void;
  onAdded: () => void;
}) {
  const { data, error, isFetching, refetch } = useGoodsDetail(goodsId);
  return (
    <Dialog
      open
      onClose={onClose}
      title={data ? data.name : 'Choose the options'}
      width={640}
      height="auto"
      bodyClassName="px-7 py-6"
    >
      {data ? (
        <SkuChoice goods={data} onAdded={onAdded} />
      ) : error ? (
        <LoadFailed
          title="This good could not be loaded"
          retrying={isFetching}
          onRetry={() => void refetch()}
        />
      ) : (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-[104px] w-full rounded-xl" />
          <Skeleton className="h-9 w-72" />
          <Skeleton className="h-10 w-80" />
        </div>
      )}
    </Dialog>
  );
}

function SkuChoice({ goods, onAdded }: { goods: GoodsDetail; onAdded: () => void }) {
  const { selection, toggle, quantity, setQuantity, sku, candidates, stock, maxCount, limit, missing } =
    useSkuChoice(goods);
  return (
    <div className="flex flex-col gap-5" data-sku-choice={goods.id}>
      <PriceBlock goods={goods} sku={sku} candidates={candidates} />
      <SkuPicker goods={goods} selection={selection} onToggle={toggle} />
      <QuantityRow
        quantity={quantity}
        limit={limit}
        stock={stock}
        maxCount={maxCount}
        onChange={setQuantity}
      />
      {missing.length > 0 ? (
        <p className="text-[13px] text-muted">
          Choose {missing.join(' and ')} to see the exact price and stock.
        </p>
      ) : null}
      <div>
        <AddToCartButton
          line={sku && limit >= 1 ? cartLineOf(goods, sku) : null}
          quantity={quantity}
          note={sku ? OUT_OF_STOCK_NOTE : CHOOSE_SKU_NOTE}
          onAdded={onAdded}
        />
      </div>
    </div>
  );
}

/** Everything about one good: gallery, name, supplier, price, SKU choice, stock, limit, quantity, buttons. */
export function GoodsDetailView({
  goods,
  supplierHref,
  favourite,
}: {
  goods: GoodsDetail;
  supplierHref: string;
  /** The good's favourite heart, composed by the page (another feature's). */
  favourite?: ReactNode;
}) {
  const { selection, toggle, quantity, setQuantity, sku, candidates, stock, maxCount, limit, missing } =
    useSkuChoice(goods);
  const pictures = goods.pictures.length > 0 ? goods.pictures : [goods.thumbUrl];

  return (
    <div className="grid grid-cols-[460px_minmax(0,1fr)] gap-10">
      <Gallery name={goods.name} pictures={pictures} skuPicture={sku?.pictureUrl ?? null} />
      <div className="flex min-w-0 flex-col gap-5">
        <div>
          <h1 className="text-[26px] leading-snug font-semibold tracking-tight text-navy">{goods.name}</h1>
          <p className="mt-2 flex items-center gap-2 text-sm text-muted">
            <StoreIcon size={16} className="text-brand" />
            <span>Sold by</span>
            <Link to={supplierHref} className="link font-medium">
              {goods.supplierName}
            </Link>
            {goods.self && goods.supplierName !== SELF_BADGE ? <SelfBadge /> : null}
            <span aria-hidden="true" className="text-gray-300">
              |
            </span>
            <span>{formatCount(goods.sales)} sold</span>
          </p>
        </div>
        <PriceBlock goods={goods} sku={sku} candidates={candidates} />
        <SkuPicker goods={goods} selection={selection} onToggle={toggle} />
        <QuantityRow
          quantity={quantity}
          limit={limit}
          stock={stock}
          maxCount={maxCount}
          onChange={setQuantity}
        />
        {sku ? (
          <p className="flex items-center gap-4 text-sm" data-sku-code="">
            <span className="w-20 shrink-0 text-muted">SKU code</span>
            <span className="font-mono">{sku.code}</span>
            {sku.gtin ? <span className="text-xs text-muted">Barcode {sku.gtin}</span> : null}
          </p>
        ) : null}
        {missing.length > 0 && goods.skus.length > 1 ? (
          <p className="text-[13px] text-muted">
            Choose {missing.join(' and ')} to see the exact price and stock.
          </p>
        ) : null}
        <div className="mt-1 flex items-center gap-3">
          <AddToCartButton
            line={sku && limit >= 1 ? cartLineOf(goods, sku) : null}
            quantity={quantity}
            note={sku ? OUT_OF_STOCK_NOTE : CHOOSE_SKU_NOTE}
          />
          {favourite}
        </div>
      </div>
    </div>
  );
}

/** The detail page's placeholder with its final sizes. */
export function GoodsDetailSkeleton() {
  return (
    <div className="grid grid-cols-[460px_minmax(0,1fr)] gap-10" aria-busy="true">
      <div className="flex flex-col gap-3">
        <Skeleton className="w-full rounded-xl" style={{ aspectRatio: '1 / 1' }} />
        <div className="flex gap-2.5">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="size-[68px] rounded-lg" />
          ))}
        </div>
      </div>
      <div className="flex flex-col gap-5">
        <Skeleton className="h-8 w-4/5" />
        <Skeleton className="h-4 w-60" />
        <Skeleton className="h-[104px] w-full rounded-xl" />
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-10 w-80" />
        <Skeleton className="h-12 w-72" />
      </div>
    </div>
  );
}
