import { AfterFirstPaint } from '../components/AfterFirstPaint.tsx';
import { CategoryHeroSlot, HotRecommendSlot } from '../features/catalogue/HomeSlots.tsx';
import { AdvertsRow, PromosGrid, TopBanner } from '../features/home/BannerSections.tsx';
import { SlidesCarousel } from '../features/home/SlidesCarousel.tsx';
import { SupplierStrip } from '../features/home/SupplierStrip.tsx';
import { appConfig } from '../lib/app-config.ts';

/** Home (docs/routes.md): campaign strip, carousel, adverts, promotions, suppliers. */
export default function HomePage() {
  return (
    <div className="container-page flex flex-col gap-10 pt-6 pb-16" data-page="HomePage">
      <h1 className="sr-only">{appConfig.brand}</h1>
      <div className="flex flex-col gap-4">
        <TopBanner />
        <SlidesCarousel />
      </div>
      <AdvertsRow />
      {/* Below the first screen: rendered once it has painted (AfterFirstPaint.tsx). */}
      <AfterFirstPaint>
        <CategoryHeroSlot />
        <PromosGrid />
        <SupplierStrip />
        <HotRecommendSlot />
      </AfterFirstPaint>
    </div>
  );
}
