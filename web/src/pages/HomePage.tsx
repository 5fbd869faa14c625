import { appConfig } from '../app/app-config.ts';
import { AdvertsRow, PromosGrid, TopBanner } from '../components/home/BannerSections.tsx';
import { CategoryHeroSlot, HotRecommendSlot } from '../components/home/HomeSlots.tsx';
import { SlidesCarousel } from '../components/home/SlidesCarousel.tsx';
import { SupplierStrip } from '../components/home/SupplierStrip.tsx';

/** Home (spec section 2): campaign strip, carousel, adverts, promotions, suppliers. */
export default function HomePage() {
  return (
    <div className="container-page flex flex-col gap-10 pt-6 pb-16" data-page="HomePage">
      <h1 className="sr-only">{appConfig.brand}</h1>
      <div className="flex flex-col gap-4">
        <TopBanner />
        <SlidesCarousel />
      </div>
      <AdvertsRow />
      <CategoryHeroSlot />
      <PromosGrid />
      <SupplierStrip />
      <HotRecommendSlot />
    </div>
  );
}
