// The global styles first: the tokens, base and shared components come before every component's own CSS in the
// cascade (the shop frame is in the entry's closure, and its rules must win over .btn's at equal specificity).
import './styles/index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { DialogProvider } from './components/Modal';
import { ServiceBanner } from './components/ServiceBanner';
import { ToastProvider } from './components/Toast';
import { registerNavigate } from './lib/navigation';
import { queryClient } from './lib/queryClient';
import { registraServiceWorker } from './lib/serviceWorker';
import { routes } from './routes';

registraServiceWorker();
const router = createBrowserRouter(routes);
registerNavigate((to, opts) => router.navigate(to, opts));
createRoot(document.getElementById('root')!).render(
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
);
