import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';

export interface BarCategory {
  id: number;
  name: string;
}

/** The id of a category's section in the page, which the bar scrolls to. */
export const sectionId = (categoryId: number) => `categoria-${categoryId}`;

/** SPEC §9: the arrows move the bar by 150 px. */
const ARROW_STEP = 150;

/**
 * The category bar (fixed under the header, scrolling sideways). Clicking a category scrolls to its
 * section; while the page scrolls, the category whose section crosses the middle of the viewport is
 * highlighted and kept in view. Purely visual, so it lives here rather than in a machine.
 */
export function CategoryBar({ categories }: { categories: readonly BarCategory[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const [activeId, setActiveId] = useState<number | null>(categories[0]?.id ?? null);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    // A zero-height band in the middle of the viewport: the section crossing it is the current one.
    const observer = new IntersectionObserver(
      (entries) => {
        const crossing = entries.find((entry) => entry.isIntersecting);
        if (crossing) setActiveId(Number(crossing.target.getAttribute('data-category-id')));
      },
      { rootMargin: '-50% 0px -50% 0px' },
    );
    for (const category of categories) {
      const section = document.getElementById(sectionId(category.id));
      if (section) observer.observe(section);
    }
    return () => observer.disconnect();
  }, [categories]);

  // The bar starts at its first chip: only a change of category scrolls it (and reads the layout).
  const scrolledTo = useRef(activeId);
  useEffect(() => {
    if (activeId === scrolledTo.current) return;
    scrolledTo.current = activeId;
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>(`[data-category-id="${activeId}"]`);
    if (!list || !chip || typeof list.scrollTo !== 'function') return;
    list.scrollTo({ left: chip.offsetLeft - list.clientWidth / 2 + chip.clientWidth / 2, behavior: 'smooth' });
  }, [activeId]);

  const scrollBar = (direction: 1 | -1) => listRef.current?.scrollBy({ left: direction * ARROW_STEP, behavior: 'smooth' });
  const goTo = (id: number) => {
    setActiveId(id);
    document.getElementById(sectionId(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <nav className="category-bar" aria-label="Categorie del menu">
      <Button className="category-bar__arrow" aria-label="Categorie precedenti" onPress={() => scrollBar(-1)}>
        ‹
      </Button>
      <ul ref={listRef} className="category-bar__list">
        {categories.map((category) => (
          <li key={category.id}>
            <Button
              className="category-bar__item"
              data-category-id={category.id}
              aria-current={category.id === activeId ? 'true' : undefined}
              onPress={() => goTo(category.id)}
            >
              {category.name}
            </Button>
          </li>
        ))}
      </ul>
      <Button className="category-bar__arrow" aria-label="Categorie successive" onPress={() => scrollBar(1)}>
        ›
      </Button>
    </nav>
  );
}
