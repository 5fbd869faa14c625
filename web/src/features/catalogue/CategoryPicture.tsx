import { SafeImage } from '../../components/SafeImage.tsx';

const SIZES = {
  /** A third-level category in the brand bar's mega panel. */
  small: {
    px: 72,
    frame: 'rounded-lg transition group-hover:ring-brand/40 size-[72px]',
    zoom: 'duration-300',
    letter: 'text-lg',
  },
  /** A featured category on the home page. */
  large: { px: 104, frame: 'rounded-full size-[104px]', zoom: 'duration-500', letter: 'text-2xl' },
} as const;

/**
 * A category's picture in a tile (inside a `group` link, which zooms it on hover), or the
 * name's first letter when the picture fails.
 */
export function CategoryPicture({
  name,
  pictureUrl,
  size,
}: {
  name: string;
  pictureUrl: string | null;
  size: keyof typeof SIZES;
}) {
  const s = SIZES[size];
  return (
    <span className={`block overflow-hidden bg-sand ring-1 ring-black/5 ${s.frame}`}>
      <SafeImage
        src={pictureUrl}
        alt=""
        width={s.px}
        height={s.px}
        className={`transition ${s.zoom} group-hover:scale-105`}
        fallback={<span className={`${s.letter} font-semibold text-brand/70`}>{name.slice(0, 1)}</span>}
      />
    </span>
  );
}
