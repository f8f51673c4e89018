import { Link } from 'react-router-dom';
import { formatEuro, SLOT_MINUTES } from '../domain';
import { AllergenSources, LegalPage, ShopPhones, ShopSlots, useShopInfo, zoneCosts } from './LegalPage';

/** Route /ecommerce/termini-e-condizioni. */
export function TermsPage() {
  const shop = useShopInfo();
  return (
    <LegalPage page="terms" title="Termini e condizioni">
      <section>
        <h2>1. Oggetto</h2>
        <p>
          Le presenti condizioni regolano la vendita a distanza dei prodotti alimentari offerti su questo sito. Il venditore è{' '}
          {shop.legalLine}
          {shop.address && <>, con sede in {shop.address}</>}. Inviando un ordine dichiari di aver letto e accettato queste condizioni.
        </p>
      </section>

      <section>
        <h2>2. Account e ordini</h2>
        <ul>
          <li>
            Puoi consultare il menu e riempire il carrello liberamente; per inviare un ordine serve un account registrato con
            l&apos;indirizzo e-mail verificato.
          </li>
          <li>
            Al momento dell&apos;ordine scegli la consegna a domicilio o il ritiro in pizzeria e l&apos;orario desiderato: gli ordini si
            ricevono per la giornata in corso, a intervalli di {SLOT_MINUTES} minuti, <ShopSlots shop={shop} />, secondo le fasce ancora
            disponibili.
          </li>
          <li>
            Il contratto si conclude quando l&apos;ordine viene confermato a video; la conferma ti viene inviata anche per e-mail. Ti
            invitiamo a controllare con attenzione il riepilogo prima di confermare.
          </li>
        </ul>
      </section>

      <section>
        <h2>3. Prezzi e pagamento</h2>
        <p>
          I prezzi sono indicati in euro e comprendono l&apos;IVA. Il totale dell&apos;ordine, comprensivo di varianti, aggiunte ed
          eventuali sconti, è riportato nel riepilogo prima della conferma.
        </p>
        <p>
          Il pagamento avviene alla consegna: in contanti o con carta al fattorino, oppure alla cassa se ritiri l&apos;ordine in pizzeria.
          Sul sito non è richiesto alcun pagamento anticipato.
        </p>
      </section>

      <section>
        <h2>4. Consegna e ritiro</h2>
        <ul>
          <li>
            La consegna a domicilio {shop.deliveryIsFree ? 'è gratuita ed ' : ''}è disponibile solo nelle zone servite, elencate nella{' '}
            <Link to="/">pagina iniziale</Link>
            {shop.deliveryIsFree
              ? '.'
              : `. Il suo costo dipende dalla zona (${zoneCosts(shop)}) ed è una riga a parte dell'ordine, mai scontata.`}
          </li>
          <li>
            Il tempo medio di consegna è di 30–45 minuti; l&apos;orario scelto è indicativo e può variare nei momenti di maggiore affluenza
            o per cause non dipendenti da noi.
          </li>
          {shop.pickupDiscount && (
            <li>
              Per il ritiro in pizzeria, sugli ordini di almeno {formatEuro(shop.pickupDiscount.minOrderCents)} si applica uno sconto del{' '}
              {shop.pickupDiscount.percent}% con il codice <code>{shop.pickupDiscount.code}</code>, inserito automaticamente nel riepilogo.
            </li>
          )}
        </ul>
      </section>

      <section>
        <h2>5. Diritto di recesso</h2>
        <p>
          I prodotti sono alimenti preparati su ordinazione e deperibili: ai sensi dell&apos;art. 59, comma 1, lettere c) e d), del Codice
          del Consumo (d.lgs. 206/2005) il diritto di recesso è escluso.
        </p>
      </section>

      <section>
        <h2>6. Allergeni</h2>
        <p>
          <AllergenSources />
        </p>
        <p>I prodotti contrassegnati con l&apos;asterisco (*) contengono un ingrediente surgelato o congelato all&apos;origine.</p>
      </section>

      <section>
        <h2>7. Reclami</h2>
        <p>
          Per segnalazioni o reclami su un ordine puoi telefonare <ShopPhones phones={shop.phones} />. Ti chiediamo di contattarci il prima
          possibile, così da poter verificare e risolvere il problema.
        </p>
      </section>

      <section>
        <h2>8. Legge applicabile e foro competente</h2>
        <p>
          Il contratto è regolato dalla legge italiana. Per le controversie con i consumatori è competente il giudice del luogo di residenza
          o di domicilio del consumatore, come previsto dal Codice del Consumo.
        </p>
      </section>
    </LegalPage>
  );
}
