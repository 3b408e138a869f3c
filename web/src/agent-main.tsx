import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AgentLayout } from './apps/agents/layout/agent-layout';
import { Providers } from './app/providers';
import { startLocale } from './apps/agents/i18n/locale';
import { store } from './lib/store';
import './app/global.css';

// The delivery agents' phone app is its own page (agents.html): it loads none of the
// storefront's or seller's code, nor the router they need.
const root = document.getElementById('root');
if (!root) throw new Error('agents.html has no #root element');

// In the agent's language from the first paint: Hindi's texts are fetched first when chosen.
void startLocale().then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers store={store}>
        <AgentLayout />
      </Providers>
    </StrictMode>,
  ),
);
