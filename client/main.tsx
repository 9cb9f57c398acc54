import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { ToasterHost } from './app/ToasterHost';
import './styles.css';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToasterHost />
    </QueryClientProvider>
  </StrictMode>,
);
