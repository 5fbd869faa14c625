import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { AfterFirstPaint } from '../components/AfterFirstPaint.tsx';
import { useEmbeddedDocument, useIsEmbedded } from '../lib/embed.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useSupplierFromUrl } from '../state/selected-supplier.ts';
import { ChatButton } from './layout/ChatButton.tsx';
import { Footer } from './layout/Footer.tsx';
import { Header } from './layout/Header.tsx';
import { NavigationLoading } from './NavigationLoading.tsx';
import { TipModal } from './TipModal.tsx';
import { useStartup } from './use-startup.ts';

/** A page shown inside one of our own frames (`?embed=1`): the page alone. */
function EmbeddedLayout() {
  useDocumentTitle();
  useEmbeddedDocument(true);
  return (
    <main className="bg-white text-ink">
      <Outlet />
    </main>
  );
}

/** The frame of every page: header, page, footer, and the app-wide overlays. */
export function RootLayout() {
  return useIsEmbedded() ? <EmbeddedLayout /> : <ShopLayout />;
}

/**
 * The start-up's organisation call and the supplier from the address, in a part of their own: when
 * the organisation id arrives, only this part renders again, not the whole frame (a 30-50 ms task
 * on a first visit).
 */
function ShopEffects() {
  useStartup();
  useSupplierFromUrl();
  return null;
}

function ShopLayout() {
  useDocumentTitle();
  return (
    <div className="flex min-h-screen min-w-[1326px] flex-col bg-white text-ink">
      <ShopEffects />
      <Header />
      <main className="flex-1">
        <Outlet />
      </main>
      {/* Below the first screen: rendered once it has painted (AfterFirstPaint.tsx). */}
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
      <NavigationLoading />
      <TipModal />
      <ChatButton />
      {/* Below the header, so a message never hides the search box. */}
      <Toaster position="top-center" offset={144} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}
