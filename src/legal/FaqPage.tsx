import type { ReactNode } from 'react';
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { formatEuro, SLOT_MINUTES } from '../domain';
import { AllergenSources, LegalPage, ShopPhones, ShopSlots, useShopInfo, zoneCosts, type ShopInfo } from './LegalPage';

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

function faqs(shop: ShopInfo): Faq[] {
  return [
    {
      id: 'zone',
      question: 'In quali zone consegnate?',
      answer: (
        <p>
          Consegniamo a domicilio solo nelle zone servite: le trovi elencate nella <Link to="/">pagina iniziale</Link>. Se la tua zona non
          c&apos;è, puoi sempre ordinare con ritiro in pizzeria.
        </p>
      ),
    },
    {
      id: 'tempi',
      question: 'Quanto tempo ci vuole per la consegna?',
      answer: <p>In media 30–45 minuti. Nelle ore di maggiore affluenza i tempi possono allungarsi leggermente.</p>,
    },
    {
      id: 'orario',
      question: "Posso scegliere l'orario di consegna o di ritiro?",
      answer: (
        <p>
          Sì: al momento dell&apos;ordine scegli l&apos;orario tra le fasce di {SLOT_MINUTES} minuti ancora disponibili per oggi,{' '}
          <ShopSlots shop={shop} />.
        </p>
      ),
    },
    {
      id: 'costo-consegna',
      question: 'La consegna a domicilio ha un costo?',
      answer: shop.deliveryIsFree ? (
        <p>No, la consegna a domicilio è gratuita.</p>
      ) : (
        <p>
          Dipende dalla zona: {zoneCosts(shop)}. Il costo compare nella scelta della zona e nel riepilogo come riga a parte, e non è mai
          scontato. Con il ritiro in pizzeria non paghi la consegna.
        </p>
      ),
    },
    {
      id: 'pagamento',
      question: 'Come posso pagare?',
      answer: (
        <p>
          Paghi alla consegna, in contanti o con carta, direttamente al fattorino; se ritiri in pizzeria paghi alla cassa. Sul sito non è
          richiesto alcun pagamento anticipato.
        </p>
      ),
    },
    {
      id: 'sconto-ritiro',
      question: 'Ci sono sconti se ritiro in pizzeria?',
      answer: (
        <p>
          {shop.pickupDiscount ? (
            <>
              Sì: per gli ordini con ritiro in pizzeria di almeno {formatEuro(shop.pickupDiscount.minOrderCents)} hai uno sconto del{' '}
              {shop.pickupDiscount.percent}%. Il codice <code>{shop.pickupDiscount.code}</code> viene applicato automaticamente nel
              riepilogo dell&apos;ordine.
            </>
          ) : (
            <>
              Al momento no: gli ordini con ritiro in pizzeria hanno gli stessi prezzi della consegna
              {shop.deliveryIsFree ? ', che è comunque gratuita.' : ', ma non pagano il costo di consegna.'}
            </>
          )}
        </p>
      ),
    },
    {
      id: 'account',
      question: 'Devo registrarmi per ordinare?',
      answer: (
        <p>
          Puoi sfogliare il <Link to="/ecommerce">menu</Link> e riempire il carrello senza registrarti, ma per inviare l&apos;ordine serve
          un account con l&apos;indirizzo e-mail verificato. Dopo la registrazione ti inviamo un&apos;e-mail con il link di conferma.
        </p>
      ),
    },
    {
      id: 'annullare',
      question: 'Posso annullare un ordine?',
      answer: (
        <p>
          Le pizze sono preparate al momento, quindi per legge non è previsto il diritto di recesso (art. 59 del Codice del Consumo). Se hai
          sbagliato qualcosa, chiamaci subito <ShopPhones phones={shop.phones} />: faremo il possibile per aiutarti.
        </p>
      ),
    },
    {
      id: 'allergeni',
      question: 'Dove trovo le informazioni sugli allergeni?',
      answer: (
        <p>
          <AllergenSources />
        </p>
      ),
    },
    {
      id: 'reclami',
      question: 'Come posso segnalare un problema con il mio ordine?',
      answer: (
        <p>
          Telefonaci <ShopPhones phones={shop.phones} />: verificheremo insieme cosa è successo.
        </p>
      ),
    },
  ];
}

/** Route /ecommerce/domande-frequenti. */
export function FaqPage() {
  const shop = useShopInfo();
  return (
    <LegalPage page="faq" title="Domande frequenti" className="faq">
      {faqs(shop).map((faq) => (
        <Disclosure key={faq.id} id={faq.id} className="faq__item">
          <Heading level={2} className="faq__question">
            <Button slot="trigger">{faq.question}</Button>
          </Heading>
          <DisclosurePanel className="faq__answer">{faq.answer}</DisclosurePanel>
        </Disclosure>
      ))}
    </LegalPage>
  );
}
