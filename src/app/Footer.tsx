import { Link } from 'react-aria-components';
import { useShopSettings } from './AppActors';

/** Legal line, address, the two phone numbers and the static pages. */
export function Footer() {
  const settings = useShopSettings();
  const phones = [settings?.shop_phone_1, settings?.shop_phone_2].filter((p): p is string => Boolean(p));
  return (
    <footer className="site-footer">
      <div className="site-footer__contacts">
        {settings?.shop_address && <p>{settings.shop_address}</p>}
        {phones.length > 0 && (
          <p>
            Tel.{' '}
            {phones.map((phone, i) => (
              <span key={phone}>
                {i > 0 && ' · '}
                <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
              </span>
            ))}
          </p>
        )}
      </div>
      <nav aria-label="Informazioni legali" className="site-footer__links">
        <Link href="/ecommerce/privacy-policy">Privacy policy</Link>
        <Link href="/ecommerce/termini-e-condizioni">Termini e condizioni</Link>
        <Link href="/ecommerce/domande-frequenti">Domande frequenti</Link>
      </nav>
      {settings?.shop_legal_line && <p className="site-footer__legal">{settings.shop_legal_line}</p>}
    </footer>
  );
}
