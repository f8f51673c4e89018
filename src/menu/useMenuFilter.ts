import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { filterChoiceFrom, menuFilterMachine, NO_FILTER, type MenuFilterChoice } from '../../machines/menuFilter.machine';
import { useScreenActor } from '../actors/AppActors';
import { storage } from '../actors/storage';
import { SAME_PAGE } from '../ui/samePage';
import { useHydrated } from '../ui/useHydrated';

/** The URL's names: ?senza=gluten,milk&solo=vegan. */
const WITHOUT = 'senza';
const ONLY = 'solo';

const listIn = (params: URLSearchParams, name: string) => params.get(name)?.split(',') ?? [];

const urlChoice = (params: URLSearchParams) => filterChoiceFrom(listIn(params, WITHOUT), listIn(params, ONLY));

/** A shared link's filter wins; else this tab's last one; else none. */
function startingChoice(params: URLSearchParams): MenuFilterChoice {
  if (params.has(WITHOUT) || params.has(ONLY)) return urlChoice(params);
  const saved = storage.menuFilter();
  return saved ? filterChoiceFrom(saved.without, saved.only) : NO_FILTER;
}

function withChoice(params: URLSearchParams, { without, only }: MenuFilterChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, list] of [
    [WITHOUT, without],
    [ONLY, only],
  ] as const) {
    if (list.length > 0) next.set(name, list.join(','));
    else next.delete(name);
  }
  return next;
}

/**
 * The menu's filter actor. It owns the choice while the page is open; one subscription copies it
 * to the URL (replacing the entry: a chip is not a page) and to this tab's session.
 */
export function useMenuFilter() {
  const [params, setParams] = useSearchParams();
  // Hydrating, the menu starts as the server rendered it (the URL's choice: it cannot know this tab's);
  // the tab's own follows at once.
  const hydrated = useHydrated();
  const actor = useScreenActor(menuFilterMachine, { input: hydrated ? startingChoice(params) : urlChoice(params) });
  const [remembered] = useState(() => (hydrated ? null : startingChoice(params)));
  useEffect(() => {
    if (!remembered) return;
    actor.send({ type: 'allergens.choose', allergens: remembered.without });
    actor.send({ type: 'diet.choose', marks: remembered.only });
  }, [actor, remembered]);
  // What the address showed on arrival: written again only when the choice differs from it.
  const [arrivedWith] = useState(() => JSON.stringify(urlChoice(params)));
  useEffect(() => {
    let written = arrivedWith;
    const save = ({ without, only }: MenuFilterChoice) => {
      const choice = { without, only };
      storage.saveMenuFilter(choice);
      if (JSON.stringify(choice) === written) return;
      written = JSON.stringify(choice);
      setParams((current) => withChoice(current, choice), { replace: true, state: SAME_PAGE });
    };
    save(actor.getSnapshot().context);
    const subscription = actor.subscribe((snapshot) => save(snapshot.context));
    return () => subscription.unsubscribe();
  }, [actor, arrivedWith, setParams]);
  return actor;
}
