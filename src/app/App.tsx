import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppActorsProvider, type AppActors } from './AppActors';
import { routes } from './routes';

/** The whole site: app-wide actors around the router. Tests render `routes` in a memory router. */
export function App({ actors, routeObjects = routes }: { actors: AppActors; routeObjects?: RouteObject[] }) {
  return (
    <AppActorsProvider actors={actors}>
      <RouterProvider router={createBrowserRouter(routeObjects)} />
    </AppActorsProvider>
  );
}
