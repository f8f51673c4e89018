import { useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { AppActorsProvider, FIRST_LOCATION_KEY, useAppActors, type AppActors } from '../actors/AppActors';
import { AppRoutes } from './routes';

/** The whole site: app-wide actors around the router. Tests render `AppRoutes` in a memory router. */
export function App({ actors }: { actors: AppActors }) {
  return (
    <AppActorsProvider actors={actors}>
      <BrowserRouter>
        <ForgetInitialDataOnNavigation />
        <AppRoutes />
      </BrowserRouter>
    </AppActorsProvider>
  );
}

/** The data the server rendered into the page describes the first screen only: forget it at the first navigation. */
function ForgetInitialDataOnNavigation() {
  const { initialData } = useAppActors();
  const { key } = useLocation();
  useEffect(() => {
    if (key !== FIRST_LOCATION_KEY) initialData.clear();
  }, [initialData, key]);
  return null;
}
