import { Link } from 'react-router';
import { preloadHoverMenus } from '../../components/HoverMenu.tsx';
import { KauriLogo } from '../../components/KauriLogo.tsx';
import { MiniCart } from '../../features/cart/MiniCart.tsx';
import { BrandBar } from '../../features/catalogue/BrandBar.tsx';
import { SearchBox } from '../../features/search/SearchBox.tsx';
import { appConfig, isStoreMode } from '../../lib/app-config.ts';
import { ALL_GOODS_URL } from '../../lib/routes.ts';
import { useSelectedSupplier } from '../../state/selected-supplier.ts';
import { AccountNav } from './AccountNav.tsx';
import { SupplierDropdown } from './SupplierDropdown.tsx';
import { SupplierLinks } from './SupplierLinks.tsx';
import { TopLinks } from './TopLinks.tsx';

/** The thin bar above the header: supplier links on the left, the account and top links on the right. */
export function TopBar({ storeMode }: { storeMode: boolean }) {
  return (
    <div className="border-b border-line bg-gray-50 text-[13px]">
      <div className="container-page flex h-9 items-center justify-between gap-8">
        <SupplierLinks storeMode={storeMode} />
        <div className="flex shrink-0 items-center">
          <AccountNav storeMode={storeMode} />
          <TopLinks />
        </div>
      </div>
    </div>
  );
}

/**
 * docs/routes.md, header: top bar, main header row (logo, All Goods, the supplier dropdown in
 * supplier mode, search, mini cart), brand bar with the mega menu.
 */
export function Header({ storeMode = isStoreMode }: { storeMode?: boolean }) {
  const supplier = useSelectedSupplier((s) => s.code);
  return (
    // The first focus in the header fetches its menus' code: tabbing quickly, the focus finds it there.
    // biome-ignore lint/a11y/noStaticElementInteractions: a download ahead of use, no interaction
    <header className="bg-white" onFocus={() => void preloadHoverMenus()}>
      <TopBar storeMode={storeMode} />
      <div className="container-page flex h-[100px] items-center gap-8">
        <KauriLogo
          brand={appConfig.brand}
          tagline={storeMode ? "New Zealand's online mall" : 'Wholesale for NZ business'}
        />
        <Link
          to={ALL_GOODS_URL}
          className="focus-ring shrink-0 rounded-md px-1 text-[15px] font-semibold text-navy transition hover:text-brand"
        >
          All Goods
        </Link>
        <div className="flex flex-1 justify-center">
          <SearchBox
            supplier={storeMode ? null : supplier}
            scope={storeMode ? undefined : <SupplierDropdown />}
          />
        </div>
        <MiniCart />
      </div>
      <BrandBar />
    </header>
  );
}
