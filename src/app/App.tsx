import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppActorsProvider, FirstLocationProvider, useAppActors, useIsFirstScreen, type AppActors } from '../actors/AppActors';
import { AppRoutes } from './routes';

/** The whole site in the browser: app-wide actors around the router. Tests render `AppRoutes` in a memory router. */
export function App({ actors }: { actors: AppActors }) {
  return (
    <AppActorsProvider actors={actors}>
      <BrowserRouter>
        <Site />
      </BrowserRouter>
    </AppActorsProvider>
  );
}

/** The site inside whichever router serves it (the server renders it in a StaticRouter, src/entry-server.tsx). */
export function Site() {
  return (
    <FirstLocationProvider>
      <ForgetInitialDataOnNavigation />
      <AppRoutes />
    </FirstLocationProvider>
  );
}

/** The data the server rendered into the page describes the first screen only: forget it at the first navigation. */
function ForgetInitialDataOnNavigation() {
  const { initialData } = useAppActors();
  const isFirstScreen = useIsFirstScreen();
  useEffect(() => {
    if (!isFirstScreen) initialData.clear();
  }, [initialData, isFirstScreen]);
  return null;
}
