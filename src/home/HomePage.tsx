import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-aria-components';
import { useAppActors } from '../app/AppActors';
import { PostCard, useBlog } from '../blog';
import { usePageTitle } from '../ui/usePageTitle';
import { servedZones } from '../domain';
import { homeTexts } from './homeContent';

const SELLING_POINTS = [
  { title: 'Prodotti di qualità', text: 'Farine macinate a pietra, pomodoro San Marzano e mozzarella fresca ogni giorno.' },
  { title: 'Consegna veloce e gratuita', text: 'Portiamo la cena a casa tua in 30-45 minuti, senza costi di consegna.' },
  { title: 'Pinsa romana', text: "L'impasto leggero della tradizione romana, lievitato a lungo e cotto nel forno a pietra." },
];

export const RECENT_POSTS = 3;

export function HomePage() {
  const { shop } = useAppActors();
  const settings = useSelector(shop, (s) => s.context.settings);
  const zones = useSelector(shop, (s) => servedZones(s.context.zones));
  const blog = useBlog();
  const posts = useSelector(blog, (s) => s.context.posts.slice(0, RECENT_POSTS));
  usePageTitle('Home');

  useEffect(() => {
    blog.send({ type: 'page.load', page: 1 });
  }, [blog]);

  return (
    <div className="home">
      <section className="hero">
        <h1>{settings?.shop_name ?? 'Pizzeria'}</h1>
        <ul className="selling-points">
          {SELLING_POINTS.map((point) => (
            <li key={point.title}>
              <strong>{point.title}</strong>
              <span>{point.text}</span>
            </li>
          ))}
        </ul>
      </section>

      {settings && (
        <section className="home-texts" aria-label="La pizzeria">
          {homeTexts(settings).map((block) =>
            block.heading ? <h2 key={block.key}>{block.text}</h2> : <p key={block.key}>{block.text}</p>,
          )}
        </section>
      )}

      <section className="cta">
        <h2>Consegna a domicilio gratuita</h2>
        <Link href="/ecommerce" className="button button--primary button--large">
          Ordina
        </Link>
      </section>

      <section className="zones" aria-labelledby="zones-title">
        <h2 id="zones-title">Zone servite con consegna a domicilio:</h2>
        <ul>
          {zones.map((zone) => (
            <li key={zone.id}>{zone.name}</li>
          ))}
        </ul>
      </section>

      <section className="latest-news" aria-labelledby="latest-news-title">
        <h2 id="latest-news-title">Ultime notizie</h2>
        <div className="post-grid">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </div>
        <Link href="/blog">Tutte le notizie</Link>
      </section>
    </div>
  );
}
