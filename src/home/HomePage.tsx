import { Link } from 'react-router-dom';
import { connectBlogList } from '../../machines/blogList.machine';
import { useShop, useView } from '../actors/AppActors';
import { PostCard, useBlogList } from '../blog';
import { usePageHead } from '../ui/usePageHead';

const QUALITY = { title: 'Prodotti di qualità', text: 'Farine macinate a pietra, pomodoro San Marzano e mozzarella fresca ogni giorno.' };
const PINSA = { title: 'Pinsa romana', text: "L'impasto leggero della tradizione romana, lievitato a lungo e cotto nel forno a pietra." };
/** Free delivery is promised only while no zone charges for it. */
const DELIVERY_POINT = {
  free: { title: 'Consegna veloce e gratuita', text: 'Portiamo la cena a casa tua in 30-45 minuti, senza costi di consegna.' },
  charged: { title: 'Consegna veloce', text: 'Portiamo la cena a casa tua in 30-45 minuti.' },
};

export const RECENT_POSTS = 3;

export function HomePage() {
  const shop = useShop();
  const news = useView(useBlogList(1), connectBlogList);
  usePageHead({ page: 'home' });

  return (
    <div className="home">
      <section className="hero">
        <h1>{shop.name ?? 'Pizzeria'}</h1>
        <ul className="selling-points">
          {[QUALITY, shop.deliveryIsFree ? DELIVERY_POINT.free : DELIVERY_POINT.charged, PINSA].map((point) => (
            <li key={point.title}>
              <strong>{point.title}</strong>
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      </section>

      {shop.homeTexts.length > 0 && (
        <section className="home-texts" aria-label="La pizzeria">
          {shop.homeTexts.map((block) => (block.heading ? <h2 key={block.key}>{block.text}</h2> : <p key={block.key}>{block.text}</p>))}
        </section>
      )}

      {shop.openingHours && (
        <section className="opening-hours" aria-labelledby="opening-hours-title">
          <h2 id="opening-hours-title">Orari di apertura</h2>
          <p>{shop.openingHours}</p>
        </section>
      )}

      <section className="cta">
        <h2>{shop.deliveryIsFree ? 'Consegna a domicilio gratuita' : 'Consegna a domicilio e ritiro in pizzeria'}</h2>
        <Link to="/ecommerce" className="button button--primary button--large">
          Ordina
        </Link>
      </section>

      <section className="zones" aria-labelledby="zones-title">
        <h2 id="zones-title">Zone servite con consegna a domicilio:</h2>
        <ul>
          {shop.servedZones.map((zone) => (
            <li key={zone.id}>{zone.charges ? `${zone.name} (${zone.charges})` : zone.name}</li>
          ))}
        </ul>
      </section>

      <section className="latest-news" aria-labelledby="latest-news-title">
        <h2 id="latest-news-title">Ultime notizie</h2>
        <div className="post-grid">
          {news.posts.slice(0, RECENT_POSTS).map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
        <Link to="/blog">Tutte le notizie</Link>
      </section>
    </div>
  );
}
