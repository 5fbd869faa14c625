import type { Banner } from '@mall/shared/contract/content';
import { useAdverts, usePromos, useTopBanner } from '../../api/use-content.ts';
import { SafeImage } from '../../components/SafeImage.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { ALL_GOODS_URL } from '../../lib/routes.ts';

const bannerAlt = (b: Banner) => [b.title, b.subtitle].filter(Boolean).join('. ');

function BannerTile({ banner, width, height }: { banner: Banner; width: number; height: number }) {
  return (
    <SmartLink
      to={banner.linkUrl || ALL_GOODS_URL}
      title={banner.title}
      className="group focus-ring block overflow-hidden rounded-xl shadow-sm ring-1 ring-black/5 transition duration-300 hover:-translate-y-0.5 hover:shadow-lg"
    >
      <SafeImage
        src={banner.imageUrl}
        alt={bannerAlt(banner)}
        width={width}
        height={height}
        className="transition duration-500 group-hover:scale-[1.02]"
      />
    </SmartLink>
  );
}

function SectionHeading({ id, title, note }: { id: string; title: string; note?: string }) {
  return (
    <div className="mb-4 flex items-baseline gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight text-navy">
        {title}
      </h2>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
    </div>
  );
}

/** The thin campaign strip at the top of the home page (1200x100); nothing when there is none. */
export function TopBanner() {
  const { data, isPending } = useTopBanner();
  if (isPending) return <Skeleton className="h-[100px] w-full rounded-xl" />;
  if (!data) return null;
  return (
    <SmartLink
      to={data.linkUrl || ALL_GOODS_URL}
      title={data.title}
      className="focus-ring block overflow-hidden rounded-xl"
    >
      <SafeImage src={data.imageUrl} alt={bannerAlt(data)} width={1200} height={100} loading="eager" />
    </SmartLink>
  );
}

/** Two adverts side by side (600x250 pictures). */
export function AdvertsRow() {
  const { data, isPending } = useAdverts();
  const adverts = (data ?? []).slice(0, 4);
  if (!isPending && adverts.length === 0) return null;
  return (
    <section aria-labelledby="home-adverts">
      <SectionHeading id="home-adverts" title="In the spotlight" />
      <div className="grid grid-cols-2 gap-6">
        {isPending
          ? [0, 1].map((i) => (
              <Skeleton key={i} className="w-full rounded-xl" style={{ aspectRatio: '600 / 250' }} />
            ))
          : adverts.map((b) => <BannerTile key={b.id} banner={b} width={600} height={250} />)}
      </div>
    </section>
  );
}

/** The promotions grid, three across (400x300 pictures). */
export function PromosGrid() {
  const { data, isPending } = usePromos();
  const promos = data ?? [];
  if (!isPending && promos.length === 0) return null;
  return (
    <section aria-labelledby="home-promos">
      <SectionHeading id="home-promos" title="Deals of the week" note="Prices include GST" />
      <div className="grid grid-cols-3 gap-6">
        {isPending
          ? [0, 1, 2].map((i) => (
              <Skeleton key={i} className="w-full rounded-xl" style={{ aspectRatio: '400 / 300' }} />
            ))
          : promos.map((b) => <BannerTile key={b.id} banner={b} width={400} height={300} />)}
      </div>
    </section>
  );
}

export { SectionHeading };
