import { LegalPage, ShopPhones, useShopInfo } from './LegalPage';

/** Route /ecommerce/privacy-policy. */
export function PrivacyPage() {
  const shop = useShopInfo();
  return (
    <LegalPage page="privacy" title="Privacy policy">
      <p>
        Questa informativa, resa ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), spiega quali dati personali
        raccogliamo quando usi il sito, per quali scopi e quali sono i tuoi diritti.
      </p>

      <section>
        <h2>Titolare del trattamento</h2>
        <p>
          Il titolare del trattamento è {shop.legalLine}
          {shop.address && <>, con sede in {shop.address}</>}. Puoi contattarci telefonando <ShopPhones phones={shop.phones} />.
        </p>
      </section>

      <section>
        <h2>Dati trattati</h2>
        <ul>
          <li>
            <strong>Dati dell&apos;account</strong>: nome, indirizzo e-mail e password (conservata in forma cifrata).
          </li>
          <li>
            <strong>Indirizzi di consegna</strong>: nome sul citofono, indirizzo, zona e numero di telefono che salvi nel tuo profilo.
          </li>
          <li>
            <strong>Ordini</strong>: prodotti scelti, note, orario richiesto, modalità di consegna e di pagamento, importi e codici sconto.
          </li>
          <li>
            <strong>Dati tecnici</strong>: cookie tecnici necessari all&apos;accesso e alla sicurezza del sito. Nel tuo browser restano
            inoltre salvati la sessione, il carrello e la tua presa visione dell&apos;avviso sui cookie. Non usiamo cookie di profilazione o
            pubblicitari.
          </li>
        </ul>
      </section>

      <section>
        <h2>Finalità e basi giuridiche</h2>
        <ul>
          <li>
            Gestire l&apos;account, preparare e consegnare gli ordini e inviarti le relative e-mail di servizio (verifica
            dell&apos;indirizzo, conferma dell&apos;ordine, reimpostazione della password): esecuzione del contratto (art. 6, par. 1, lett.
            b, GDPR).
          </li>
          <li>Adempiere agli obblighi contabili e fiscali: obbligo di legge (art. 6, par. 1, lett. c, GDPR).</li>
          <li>
            Proteggere il sito da abusi e tutelare i nostri diritti: legittimo interesse del titolare (art. 6, par. 1, lett. f, GDPR).
          </li>
        </ul>
        <p>
          Il conferimento dei dati dell&apos;account e degli ordini è necessario per ordinare: senza di essi non possiamo evadere la
          richiesta.
        </p>
      </section>

      <section>
        <h2>Conservazione</h2>
        <ul>
          <li>
            I dati dell&apos;account e gli indirizzi salvati sono conservati finché l&apos;account resta attivo o fino alla tua richiesta di
            cancellazione.
          </li>
          <li>I dati degli ordini sono conservati per il tempo richiesto dalla normativa fiscale (di regola 10 anni).</li>
          <li>I dati salvati nel browser restano sul tuo dispositivo finché non li cancelli dalle impostazioni del browser.</li>
        </ul>
      </section>

      <section>
        <h2>Destinatari</h2>
        <p>I dati sono trattati dal personale autorizzato della pizzeria e possono essere comunicati a:</p>
        <ul>
          <li>i fattorini, limitatamente a nome, indirizzo, telefono e contenuto dell&apos;ordine da consegnare;</li>
          <li>il fornitore del servizio di posta elettronica che recapita le e-mail di servizio;</li>
          <li>i fornitori tecnici che ospitano e gestiscono il sito, nominati responsabili del trattamento (art. 28 GDPR).</li>
        </ul>
        <p>I dati non sono diffusi né ceduti a terzi per finalità commerciali.</p>
      </section>

      <section>
        <h2>Diritti dell&apos;interessato</h2>
        <p>Ai sensi degli articoli da 15 a 22 del GDPR puoi chiedere in ogni momento:</p>
        <ul>
          <li>l&apos;accesso ai tuoi dati e una copia degli stessi;</li>
          <li>la rettifica dei dati inesatti o incompleti;</li>
          <li>la cancellazione dei dati o la limitazione del trattamento;</li>
          <li>la portabilità dei dati forniti;</li>
          <li>di opporti al trattamento basato sul legittimo interesse.</li>
        </ul>
        <p>
          Se ritieni che il trattamento violi la normativa, puoi proporre reclamo al Garante per la protezione dei dati personali tramite il
          sito <a href="https://www.garanteprivacy.it">www.garanteprivacy.it</a>.
        </p>
      </section>

      <section>
        <h2>Come esercitare i diritti</h2>
        <p>
          Per esercitare i tuoi diritti telefona <ShopPhones phones={shop.phones} />
          {shop.address ? (
            <>
              , oppure scrivi a {shop.legalLine}, {shop.address}
            </>
          ) : (
            ', oppure scrivi alla sede della pizzeria'
          )}
          . Risponderemo entro un mese dalla richiesta.
        </p>
      </section>
    </LegalPage>
  );
}
