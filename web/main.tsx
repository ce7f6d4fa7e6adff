import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { DialogProvider } from './components/Modal';
import { ServiceBanner } from './components/ServiceBanner';
import { ToastProvider } from './components/Toast';
import { registerNavigate } from './lib/navigation';
import { queryClient } from './lib/queryClient';
import { completaRipristinoScroll } from './lib/ripristinoScroll';
import { registraServiceWorker } from './lib/serviceWorker';
import { ROUTE_NEGOZIO, routes } from './routes';
import { avviaPrimeChiamate } from './shop/primeChiamate';
import './styles/index.css';

const router = createBrowserRouter(routes);
registerNavigate((to, opts) => router.navigate(to, opts));
completaRipristinoScroll(router);
registraServiceWorker();
avviaPrimeChiamate(router.state.location, router.state.matches.some((m) => m.route.id === ROUTE_NEGOZIO));

// The first render in a task of its own, after the modules' evaluation: two shorter tasks instead of
// one long one, during which the first calls are already under way (a phone's total blocking time).
setTimeout(() => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <DialogProvider>
          <ServiceBanner />
          <RouterProvider router={router} />
        </DialogProvider>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
));
