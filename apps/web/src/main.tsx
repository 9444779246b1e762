import '@mantine/core/styles.css';
import './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root introuvable');
createRoot(container).render(
  <StrictMode>
    <Providers />
  </StrictMode>,
);
