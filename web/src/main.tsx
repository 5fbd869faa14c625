import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'sonner';
import { configureApiClient } from './api/client.ts';
import { askForFrameData } from './app/layout/frame-data.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { askStockOrganisationAtStart } from './app/use-startup.ts';
import { holdUntilFirstPaint } from './components/AfterFirstPaint.tsx';
import { LOGIN_PATH } from './lib/routes.ts';
import { connectCart } from './state/cart/cart-events.ts';
import { connectCatalogueToSession } from './state/query-client.ts';
import { useTip } from './state/tip-store.ts';
import './styles.css';

let router: ReturnType<typeof createBrowserRouter> | undefined;

configureApiClient({
  toast: (message) => toast.error(message),
  sessionExpired: (message) => useTip.getState().show(message, () => router?.navigate(LOGIN_PATH)),
});

connectCart();
connectCatalogueToSession();

holdUntilFirstPaint();
// Start-up in three tasks, none of them long (Lighthouse's Total Blocking Time): this one
// evaluates the libraries and the shop's modules, the next starts the router (which asks for the
// page's code and data at once, the start-up's organisation and the header's lists), the one
// after renders.
setTimeout(() => {
  const started = createBrowserRouter(routes);
  router = started;
  askStockOrganisationAtStart();
  askForFrameData();
  // The first render is a transition: React renders it in slices of a few milliseconds, yielding
  // to the browser between them, instead of in one long task.
  setTimeout(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <Providers>
            <RouterProvider router={started} />
          </Providers>
        </StrictMode>,
      ),
    );
  });
});
