import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PhoneLink } from '../../machines/shop.machine';
import { useShop } from '../actors/AppActors';
import { UNCOVERED_ZONE } from '../domain';
import { usePageHead } from '../ui/usePageHead';

/** Shop data the static pages quote, with neutral wording while the settings are still loading. */
export type ShopInfo = ReturnType<typeof useShopInfo>;

export function useShopInfo() {
  const shop = useShop();
  const name = shop.name ?? 'la pizzeria';
  return { ...shop, name, legalLine: shop.legalLine ?? name };
}

/** "06 1234567 o 06 7654321" as call links; the footer wording while the numbers are not known yet. */
export function ShopPhones({ phones }: { phones: readonly PhoneLink[] }) {
  if (phones.length === 0) return <>ai numeri di telefono indicati in fondo alla pagina</>;
  return (
    <>
      {phones.length === 1 ? 'al numero ' : 'ai numeri '}
      {phones.map((phone, index) => (
        <Fragment key={phone.href}>
          {index > 0 && ' o '}
          <a href={phone.href}>{phone.label}</a>
        </Fragment>
      ))}
    </>
  );
}

/** The ordering window of the day, e.g. "dalle 18:00 alle 22:30". */
export function ShopSlots({ shop }: { shop: ShopInfo }) {
  if (!shop.openingTime || !shop.lastSlotTime) return <>dall&apos;orario di apertura all&apos;ultimo orario disponibile</>;
  return (
    <>
      dalle <time dateTime={shop.openingTime}>{shop.openingTime}</time> alle <time dateTime={shop.lastSlotTime}>{shop.lastSlotTime}</time>
    </>
  );
}

/** Each zone's delivery cost as the checkout shows it: 'Monteverde: consegna 2,50 €; Trastevere: nessun costo'. */
export function zoneCosts(shop: ShopInfo): string {
  return shop.servedZones
    .filter((zone) => zone.name !== UNCOVERED_ZONE)
    .map((zone) => `${zone.name}: ${zone.charges || 'nessun costo'}`)
    .join('; ');
}

/** Where a customer finds what each product contains, in the FAQ's and the terms' words. */
export function AllergenSources() {
  return (
    <>
      Ogni prodotto del menu indica quali dei 14 allergeni del Reg. (UE) 1169/2011 contiene; aprendolo, la sezione &quot;Allergeni&quot; li
      elenca per l&apos;impasto e le aggiunte che scegli, con le possibili tracce (&quot;Può contenere&quot;). Tutti i prodotti, gli impasti
      e le aggiunte sono nella <Link to="/ecommerce/allergeni">tabella degli allergeni</Link>, che puoi anche stampare, e il menu si può
      filtrare con &quot;Filtra per allergeni&quot;. Se hai un&apos;allergia o un&apos;intolleranza scrivila nel campo &quot;Allergie o
      intolleranze&quot; al momento dell&apos;ordine: la stampiamo in cima alla comanda per chi prepara la pizza.
    </>
  );
}

interface LegalPageProps {
  /** which page it is, for the document's title and description */
  page: 'terms' | 'privacy' | 'faq';
  title: string;
  children: ReactNode;
  className?: string;
}

/** Common frame of the terms, privacy and FAQ pages: one h1, the revision date, then the sections. */
export function LegalPage({ page, title, children, className }: LegalPageProps) {
  usePageHead({ page });
  return (
    <article className={className ? `legal ${className}` : 'legal'} aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p className="legal__updated">
        Ultimo aggiornamento: <time dateTime="2026-11-22">22 novembre 2026</time>
      </p>
      {children}
    </article>
  );
}
