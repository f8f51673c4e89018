import { useMemo } from 'react';
import { Button } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { FROZEN_LEGEND } from '../../machines/allergenText';
import type { Product } from '../../machines/shop.machine';
import { useAppActors } from '../actors/AppActors';
import { ALLERGEN_LABELS, ALLERGENS, lineAllergens, menuSections, type AllergenFacts } from '../domain';
import { usePageHead } from '../ui/usePageHead';
import { withAriaRouter } from '../ui/AriaRouter';

interface TableRow extends AllergenFacts {
  id: number;
  name: string;
}

/** The doughs and the additions the menu offers, each once (a dough serves many pizzas). */
function distinctById<T extends TableRow>(rows: readonly T[]): T[] {
  return [...new Map(rows.map((row) => [row.id, row])).values()].sort((a, b) => a.name.localeCompare(b.name, 'it'));
}

/** What the table needs from the shop: every visible product as it comes (on its base dough), the doughs, the additions. */
function useAllergenTables() {
  const { shop } = useAppActors();
  const categories = useSelector(shop, (s) => s.context.categories);
  const products = useSelector(shop, (s) => s.context.products);
  return useMemo(() => {
    const shown: Product[] = menuSections(categories, products).flatMap((s) => s.products);
    return {
      products: shown.map((p) => ({ id: p.id, name: p.frozen ? `${p.name} *` : p.name, ...lineAllergens(p, null, []) })),
      doughs: distinctById(shown.flatMap((p) => [...p.variants, ...(p.base_dough ? [p.base_dough] : [])])),
      additions: distinctById(shown.flatMap((p) => p.additions)),
      anyFrozen: shown.some((p) => p.frozen),
    };
  }, [categories, products]);
}

/** One table: a row per item, a column per allergen; '●' contains, 'Tracce' may contain. */
function AllergenTable({ caption, itemHeader, rows }: { caption: string; itemHeader: string; rows: readonly TableRow[] }) {
  if (rows.length === 0) return null;
  return (
    // Wider than a phone: the wrapper scrolls, so it takes the focus (arrow keys) and is named.
    <div className="allergen-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="allergen-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{itemHeader}</th>
            {ALLERGENS.map((a) => (
              <th scope="col" key={a}>
                {ALLERGEN_LABELS[a]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.name}</th>
              {ALLERGENS.map((a) => (
                <td key={a}>
                  {row.allergens.includes(a) ? (
                    <>
                      <span aria-hidden="true">●</span>
                      <span className="visually-hidden">Contiene</span>
                    </>
                  ) : row.may_contain.includes(a) ? (
                    'Tracce'
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /ecommerce/allergeni — the 'tabella allergeni' of Reg. (EU) 1169/2011, printable (print CSS drops the page frame). */
function AllergenPage() {
  usePageHead({ page: 'allergens' });
  const { products, doughs, additions, anyFrozen } = useAllergenTables();
  return (
    <section className="page allergen-page">
      <h1>Tabella degli allergeni</h1>
      <p>
        Per ogni prodotto del menu, i 14 allergeni del Reg. (UE) 1169/2011 che contiene (●) e quelli di cui può contenere tracce. Le pizze
        sono indicate con il loro impasto di base: un impasto diverso o un&apos;aggiunta cambiano gli allergeni, che trovi aggiornati nella
        finestra del prodotto prima di aggiungerlo al carrello.
      </p>
      <Button className="button button--secondary no-print" onPress={() => window.print()}>
        Stampa la tabella
      </Button>
      <AllergenTable caption="Prodotti (con il loro impasto di base)" itemHeader="Prodotto" rows={products} />
      {anyFrozen && <p>{FROZEN_LEGEND}</p>}
      <AllergenTable caption="Impasti" itemHeader="Impasto" rows={doughs} />
      <AllergenTable caption="Aggiunte" itemHeader="Aggiunta" rows={additions} />
    </section>
  );
}

/** The pages routes.tsx shows. */
export const pages = withAriaRouter({ AllergenPage });
