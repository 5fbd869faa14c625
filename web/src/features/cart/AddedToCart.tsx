import { formatPrice } from '@mall/shared/money-format';
import { Link, useSearchParams } from 'react-router';
import { CheckIcon } from '../../components/icons.tsx';
import { SafeImage } from '../../components/SafeImage.tsx';
import { ALL_KEYWORD, CART_PATH, goodsUrl, keywordSearchUrl } from '../../lib/routes.ts';
import { useCurrentCart } from '../../state/cart/current-cart.ts';

/** The added-to-cart confirmation: what went in (read back from the cart), then the cart or more shopping. */
export function AddedToCart() {
  const [params] = useSearchParams();
  const skuId = Number(params.get('skuId'));
  const count = Number(params.get('count'));
  const line = useCurrentCart().items.find((i) => i.skuId === skuId);
  return (
    <div className="card flex items-center gap-6 px-8 py-8" data-added="">
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
        <CheckIcon size={28} strokeWidth={2.5} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xl font-semibold text-navy">Added to your shopping cart</p>
        {line ? (
          <div className="mt-4 flex items-center gap-4">
            <div className="size-[72px] shrink-0 overflow-hidden rounded-lg">
              <SafeImage src={line.thumbUrl} alt="" width={72} height={72} />
            </div>
            <div className="min-w-0">
              <Link to={goodsUrl(line.goodsId)} className="font-medium text-ink hover:text-brand">
                {line.name}
              </Link>
              {line.skuLabel ? <p className="text-sm text-muted">{line.skuLabel}</p> : null}
              <p className="mt-1 text-sm text-muted tabular-nums">
                {Number.isInteger(count) && count > 0 ? `${count} added · ` : ''}
                {formatPrice(line.price)} each · {line.count} in your cart
              </p>
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col gap-3">
        <Link to={CART_PATH} className="btn-primary h-11 px-8">
          Go to cart
        </Link>
        <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-secondary h-11 px-8">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}
