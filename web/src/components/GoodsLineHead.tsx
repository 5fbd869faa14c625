import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { goodsUrl } from '../lib/routes.ts';
import { SafeImage } from './SafeImage.tsx';

/** Where a goods line is shown, which sets the picture's size and the name's type. */
export type GoodsLineLook = 'cart' | 'mini-cart' | 'order' | 'checkout' | 'order-brief';

interface Look {
  /** The picture's side in px. */
  px: number;
  rounded: string;
  /** The linked picture's box (flex rows keep it from shrinking). */
  box: string;
  /** The name, options and extra lines beside the picture. */
  text: string;
  name: string;
  /** The options line under the name. */
  detail: string;
}

const LOOKS: Record<GoodsLineLook, Look> = {
  cart: {
    px: 80,
    rounded: 'rounded-lg',
    box: 'size-20',
    text: 'min-w-0',
    name: 'line-clamp-2 text-sm font-medium text-ink hover:text-brand',
    detail: 'mt-1 text-xs text-muted',
  },
  'mini-cart': {
    px: 64,
    rounded: 'rounded-md',
    box: 'size-16 shrink-0',
    text: 'min-w-0 flex-1',
    name: 'line-clamp-2 text-[13px] leading-snug text-ink hover:text-brand',
    detail: 'mt-1 text-[13px] text-muted',
  },
  order: {
    px: 64,
    rounded: 'rounded-lg',
    box: 'size-16 shrink-0',
    text: 'min-w-0 flex-1',
    name: 'link-quiet line-clamp-1 text-sm font-medium text-ink',
    detail: 'mt-0.5 text-xs text-muted',
  },
  checkout: {
    px: 64,
    rounded: 'rounded-lg',
    box: 'size-16 shrink-0',
    text: 'min-w-0',
    name: 'line-clamp-2 text-sm font-medium text-ink',
    detail: 'mt-1 text-xs text-muted',
  },
  'order-brief': {
    px: 56,
    rounded: 'rounded-lg',
    box: 'size-14 shrink-0',
    text: 'min-w-0',
    name: 'line-clamp-2 text-sm font-medium text-ink',
    detail: 'mt-0.5 text-xs text-muted',
  },
};

/** The goods a line is about, as every goods line carries it. */
export interface LineGoods {
  goodsId: number;
  name: string;
  thumbUrl: string | null;
}

/** A goods picture that opens the goods page (out of the tab order: the name links there too). */
export function GoodsThumbLink({
  goodsId,
  thumbUrl,
  look,
}: {
  goodsId: number;
  thumbUrl: string | null;
  look: GoodsLineLook;
}) {
  const { px, rounded, box } = LOOKS[look];
  return (
    <Link to={goodsUrl(goodsId)} tabIndex={-1} className={`block ${box} overflow-hidden ${rounded}`}>
      <SafeImage src={thumbUrl} alt="" width={px} height={px} className={rounded} />
    </Link>
  );
}

/**
 * The head of a goods line: its picture, then its name with the options line and whatever the
 * place adds below (`children`). Two siblings, so a grid row gives each its column. Linked to the
 * goods page unless `linked` is false (lines of an order being bought or paid).
 */
export function GoodsLineHead({
  goods,
  look,
  detail,
  linked = true,
  children,
}: {
  goods: LineGoods;
  look: GoodsLineLook;
  /** The options line (e.g. the SKU's label); none when empty. */
  detail?: string | null | undefined;
  linked?: boolean;
  children?: ReactNode;
}) {
  const { px, rounded, text, name, detail: detailClass } = LOOKS[look];
  return (
    <>
      {linked ? (
        <GoodsThumbLink goodsId={goods.goodsId} thumbUrl={goods.thumbUrl} look={look} />
      ) : (
        <SafeImage src={goods.thumbUrl} alt="" width={px} height={px} className={rounded} />
      )}
      <div className={text}>
        {linked ? (
          <Link to={goodsUrl(goods.goodsId)} className={name}>
            {goods.name}
          </Link>
        ) : (
          <p className={name}>{goods.name}</p>
        )}
        {detail ? <p className={detailClass}>{detail}</p> : null}
        {children}
      </div>
    </>
  );
}
