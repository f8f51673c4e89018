import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { useShop } from '../actors/AppActors';

/** Legal line, address, the two phone numbers and the static pages. */
export function Footer() {
  const { address, phones, legalLine } = useShop();
  return (
    <footer className="site-footer">
      <div className="site-footer__contacts">
        {address && <p>{address}</p>}
        {phones.length > 0 && (
          <p>
            Tel.{' '}
            {phones.map((phone, i) => (
              <Fragment key={phone.href}>
                {i > 0 && ' · '}
                <a href={phone.href}>{phone.label}</a>
              </Fragment>
            ))}
          </p>
        )}
      </div>
      <nav aria-label="Informazioni legali" className="site-footer__links">
        <Link to="/ecommerce/privacy-policy">Privacy policy</Link>
        <Link to="/ecommerce/termini-e-condizioni">Termini e condizioni</Link>
        <Link to="/ecommerce/domande-frequenti">Domande frequenti</Link>
        <Link to="/ecommerce/allergeni">Allergeni</Link>
      </nav>
      {legalLine && <p className="site-footer__legal">{legalLine}</p>}
    </footer>
  );
}
