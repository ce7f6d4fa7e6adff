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

/**
 * After the modules' evaluation, the start goes in three tasks of their own, each short (a phone's
 * total blocking time counts what each task takes beyond 50 ms): the router, whose first match asks
 * for the route's chunks; the first calls (web/shop/primeChiamate.ts); the first render, while those
 * calls are under way (docs/decisions/home2-primo-caricamento.md).
 */
function inCompitiSeparati(...passi: (() => void)[]): void {
  const [passo, ...resto] = passi;
  if (passo) setTimeout(() => {
    passo();
    inCompitiSeparati(...resto);
  });
}

registraServiceWorker();
let router: ReturnType<typeof createBrowserRouter>;
inCompitiSeparati(
  () => {
    router = createBrowserRouter(routes);
    registerNavigate((to, opts) => router.navigate(to, opts));
    completaRipristinoScroll(router);
  },
  () => avviaPrimeChiamate(router.state.location, router.state.matches.some((m) => m.route.id === ROUTE_NEGOZIO)),
  () => createRoot(document.getElementById('root')!).render(
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
  ),
);
