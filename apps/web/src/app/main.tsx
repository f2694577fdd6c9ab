// Up front, only the styles of what shows before any screen's chunk has loaded: the page loader and
// the route error (Center, Loader, Stack, Text, Title, Button). The rest: lib/mantine-styles.ts.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import './app.css';
import { installSpanishErrors } from '@gestar/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { endSession, getSession } from '../lib/session';
import { rememberSessionEnd } from '../lib/session-end';
import { AppProviders } from './providers';
import { preloadLanding, router } from './router';

installSpanishErrors();
preloadLanding(window.location.pathname, window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root');

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );

// A shared device's session left idle (the tab closed, the device asleep) is wiped before anything shows.
if (getSession().payload?.compartido) {
  void import('../lib/shared-device')
    .then(async (m) => {
      if (!(await m.wipeIfIdleAtStart())) return;
      rememberSessionEnd('inactividad');
      endSession();
    })
    .catch(() => undefined)
    .finally(render);
} else render();
