import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AgentLayout } from './app/layouts/agent-layout';
import { Providers } from './app/providers';
import { store } from './lib/store';
import './styles.css';

// The delivery agents' phone app is its own page (agents.html): it loads none of the
// storefront's or seller's code, nor the router they need.
const root = document.getElementById('root');
if (!root) throw new Error('agents.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers store={store}>
      <AgentLayout />
    </Providers>
  </StrictMode>,
);
