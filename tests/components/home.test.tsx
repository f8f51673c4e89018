import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seedData } from '../../server/db/seed-data';
import { publicSettings } from '../../server/ecommerce/public-settings';
import { homeHeadings, homeParagraphs, posts, servedZoneNames, settings, webapp } from '../mocks/fixtures';
import { renderApp } from './render';

describe('homepage', () => {
  it("is titled with the shop's name and lists the three selling points", async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pizzeria Da Romolo' })).toBeTruthy();
    expect(screen.getByText('Prodotti di qualità')).toBeTruthy();
    expect(screen.getByText('Consegna veloce e gratuita')).toBeTruthy();
    expect(screen.getByText('Pinsa romana')).toBeTruthy();
  });

  it('shows homepage fields 1, 3 and 7 as headings and the other filled ones as paragraphs', async () => {
    renderApp('/');
    const texts = within(await screen.findByRole('region', { name: 'La pizzeria' }));

    expect(texts.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(homeHeadings);
    const paragraphs = texts.getAllByRole('paragraph');
    expect(paragraphs.map((p) => p.textContent)).toEqual(homeParagraphs);
    expect(texts.getAllByRole('heading').length + paragraphs.length).toBe(homeHeadings.length + homeParagraphs.length);
    expect(paragraphs.map((p) => p.textContent)).not.toContain(settings.homepage_field_1);
  });

  it('leaves no empty block for blank or white-space fields', async () => {
    const blanked = { ...settings, homepage_field_3: '', homepage_field_5: '   ', homepage_field_9: '\n' };
    renderApp('/', { initialData: { '/api/v1/ecommerce/webapp': { ...webapp, settings: blanked } } });
    const texts = within(await screen.findByRole('region', { name: 'La pizzeria' }));
    expect(texts.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      settings.homepage_field_1,
      settings.homepage_field_7,
    ]);
    expect(texts.getAllByRole('paragraph').map((p) => p.textContent)).toEqual(
      [2, 4, 6, 8].map((n) => settings[`homepage_field_${n}` as 'homepage_field_2']),
    );
  });

  it("tells the opening hours from the weekly hours, a new Thursday lunch included, with no hours typed in the home's texts", async () => {
    const week = JSON.parse(seedData.settings.weekly_hours!) as { lunch: unknown }[];
    week[4]!.lunch = { first: '12:00', last: '14:30' };
    const withLunch = publicSettings({ ...seedData.settings, weekly_hours: JSON.stringify(week) });
    renderApp('/', { initialData: { '/api/v1/ecommerce/webapp': { ...webapp, settings: withLunch } } });

    const hours = within(await screen.findByRole('region', { name: 'Orari di apertura' }));
    expect(hours.getByRole('paragraph').textContent).toBe(
      'Siamo aperti dal martedì alla domenica, 18:00–22:00; giovedì anche a pranzo, 12:00–14:30. Siamo chiusi il lunedì.',
    );
    const texts = screen.getByRole('region', { name: 'La pizzeria' }).textContent;
    expect(texts).not.toMatch(/Siamo aperti|18:00/);
  });

  it("has the 'Ordina' call to action to the menu under 'Consegna a domicilio gratuita'", async () => {
    renderApp('/');
    const heading = await screen.findByRole('heading', { level: 2, name: 'Consegna a domicilio gratuita' });
    const cta = within(heading.closest('section')!);
    expect(cta.getByRole('link', { name: 'Ordina' }).getAttribute('href')).toBe('/ecommerce');
  });

  it("lists the served zones sorted by name, without 'Zona non riconosciuta'", async () => {
    renderApp('/');
    const zones = within(await screen.findByRole('region', { name: 'Zone servite con consegna a domicilio:' }));
    await zones.findByText('Trastevere');

    expect(zones.getAllByRole('listitem').map((li) => li.textContent)).toEqual(servedZoneNames);
    expect(zones.queryByText('Zona non riconosciuta')).toBeNull();
  });

  it('once a zone charges for delivery, promises no free delivery and says what each zone asks', async () => {
    const zones = webapp.zones.map((z) =>
      z.name === 'Garbatella' ? { ...z, fee: 2.5, min_order: 15 } : z.name === 'Eur' ? { ...z, min_order: 20 } : z,
    );
    renderApp('/', { initialData: { '/api/v1/ecommerce/webapp': { ...webapp, zones } } });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Consegna a domicilio e ritiro in pizzeria' });
    expect(within(heading.closest('section')!).getByRole('link', { name: 'Ordina' })).toBeTruthy();
    expect(screen.queryByText('Consegna veloce e gratuita')).toBeNull();
    expect(screen.getByText('Consegna veloce')).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'Zone servite con consegna a domicilio:' }));
    expect(list.getByText('Garbatella (consegna 2,50 €, ordine minimo 15,00 €)')).toBeTruthy();
    expect(list.getByText('Eur (consegna gratuita, ordine minimo 20,00 €)')).toBeTruthy();
    expect(list.getByText('Trastevere')).toBeTruthy();
  });

  it('shows exactly the three latest posts, each linking to its page', async () => {
    renderApp('/');
    const news = within(await screen.findByRole('region', { name: 'Ultime notizie' }));
    await news.findByRole('link', { name: posts[0]!.title });

    const cards = news.getAllByRole('article');
    expect(cards).toHaveLength(3);
    cards.forEach((card, i) => {
      const post = posts[i]!;
      const link = within(card).getByRole('link', { name: post.title });
      expect(link.getAttribute('href')).toBe(`/blog/${post.id}/${post.slug}`);
      expect(within(card).getByText(post.description)).toBeTruthy();
    });
    expect(cards[0]!.querySelector('time')?.textContent).toBe('sabato 14 marzo 2026');
    expect(news.queryByRole('link', { name: posts[3]!.title })).toBeNull();
    expect(news.getByRole('link', { name: 'Tutte le notizie' }).getAttribute('href')).toBe('/blog');
  });
});
