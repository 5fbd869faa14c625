import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { toast } from 'sonner';
import { configureApiClient } from './api/client.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { LOGIN_PATH } from './lib/routes.ts';
import { connectCart } from './state/cart/cart-events.ts';
import { connectCatalogueToSession } from './state/query-client.ts';
import { useTip } from './state/tip-store.ts';
import './styles.css';

const router = createBrowserRouter(routes);

configureApiClient({
  toast: (message) => toast.error(message),
  sessionExpired: (message) => useTip.getState().show(message, () => router.navigate(LOGIN_PATH)),
});

connectCart();
connectCatalogueToSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
