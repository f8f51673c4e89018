import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/AppActors';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actors={createAppActors()} />
  </StrictMode>,
);
