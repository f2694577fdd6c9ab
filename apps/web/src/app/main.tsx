import '@mantine/core/styles.css';
import './app.css';
import { installSpanishErrors } from '@gestar/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { preloadLanding, router } from './router';

installSpanishErrors();
preloadLanding(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
