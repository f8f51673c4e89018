import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, customer, settings, telHref } from '../mocks/fixtures';
import { renderApp } from './render';

const mainNav = () => within(screen.getByRole('navigation', { name: 'Principale' }));
const tabs = () => within(screen.getByRole('navigation', { name: 'Schede' }));
const href = (link: HTMLElement) => link.getAttribute('href');

describe('header, mobile tabs and footer', () => {
  it('offers Home, Menu and Notizie to everyone', async () => {
    renderApp('/ecommerce');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });

    expect(href(mainNav().getByRole('link', { name: 'Home' }))).toBe('/');
    expect(href(mainNav().getByRole('link', { name: 'Menu' }))).toBe('/ecommerce');
    expect(href(mainNav().getByRole('link', { name: 'Notizie' }))).toBe('/blog');
    // the shop's name comes from the settings once the webapp call answers
    expect(href(await screen.findByRole('link', { name: `${settings.shop_name} — Home` }))).toBe('/');
  });

  it('invites a visitor to log in, fill the cart and register', async () => {
    renderApp('/ecommerce');
    await screen.findByRole('heading', { level: 1, name: 'Menu' });

    expect(href(mainNav().getByRole('link', { name: 'Accedi' }))).toBe('/auth/login');
    expect(href(mainNav().getByRole('link', { name: 'Carrello' }))).toBe('/ecommerce/cart');
    expect(mainNav().queryByRole('link', { name: 'Amministrazione' })).toBeNull();
    expect(mainNav().queryByRole('link', { name: 'Cassa' })).toBeNull();

    expect(
      tabs()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Notizie', 'Menu', 'Carrello', 'Registrati']);
    expect(href(tabs().getByRole('link', { name: 'Registrati' }))).toBe('/auth/register');
    expect(tabs().queryByRole('link', { name: 'Account' })).toBeNull();
  });

  it('shows a customer their name linking to the account, and the Account tab', async () => {
    renderApp('/ecommerce', { user: customer });
    await screen.findByRole('heading', { level: 1, name: 'Menu' });

    expect(href(mainNav().getByRole('link', { name: customer.name }))).toBe('/auth/account');
    expect(mainNav().queryByRole('link', { name: 'Accedi' })).toBeNull();
    expect(href(mainNav().getByRole('link', { name: 'Carrello' }))).toBe('/ecommerce/cart');
    expect(mainNav().queryByRole('link', { name: 'Amministrazione' })).toBeNull();

    expect(href(tabs().getByRole('link', { name: 'Account' }))).toBe('/auth/account');
    expect(tabs().queryByRole('link', { name: 'Registrati' })).toBeNull();
  });

  it('gives an admin the back office in a new tab and the Cassa instead of the cart', async () => {
    renderApp('/ecommerce', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'Menu' });

    const backOffice = mainNav().getByRole('link', { name: 'Amministrazione' });
    expect(href(backOffice)).toBe('/admin');
    expect(backOffice.getAttribute('target')).toBe('_blank');
    expect(backOffice.getAttribute('rel')).toContain('noopener');
    expect(href(mainNav().getByRole('link', { name: 'Cassa' }))).toBe('/cassa');
    expect(mainNav().queryByRole('link', { name: 'Carrello' })).toBeNull();
    expect(href(mainNav().getByRole('link', { name: admin.name }))).toBe('/auth/account');
  });

  it('shows the address, both phones, the legal line and the static pages in the footer', async () => {
    renderApp('/ecommerce');
    const footer = within(await screen.findByRole('contentinfo'));

    expect(await footer.findByText(settings.shop_address)).toBeTruthy();
    expect(href(footer.getByRole('link', { name: settings.shop_phone_1 }))).toBe(telHref(settings.shop_phone_1));
    expect(href(footer.getByRole('link', { name: settings.shop_phone_2 }))).toBe(telHref(settings.shop_phone_2));
    expect(footer.getByText(settings.shop_legal_line)).toBeTruthy();

    const legal = within(screen.getByRole('navigation', { name: 'Informazioni legali' }));
    expect(href(legal.getByRole('link', { name: 'Privacy policy' }))).toBe('/ecommerce/privacy-policy');
    expect(href(legal.getByRole('link', { name: 'Termini e condizioni' }))).toBe('/ecommerce/termini-e-condizioni');
    expect(href(legal.getByRole('link', { name: 'Domande frequenti' }))).toBe('/ecommerce/domande-frequenti');
  });
});

describe('routes', () => {
  it('sends an unknown path to the menu', async () => {
    const { location } = renderApp('/qualcosa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Menu' })).toBeTruthy();
    expect(location().pathname).toBe('/ecommerce');
  });

  it('sends a customer away from the cassa to the site root', async () => {
    const { location } = renderApp('/cassa', { user: customer });
    expect(await screen.findByRole('heading', { level: 1, name: settings.shop_name })).toBeTruthy();
    expect(location().pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Cassa' })).toBeNull();
  });

  it('sends a visitor away from the cassa to the site root', async () => {
    const { location } = renderApp('/cassa');
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Cassa' })).toBeNull();
  });

  it('opens the cassa for an admin', async () => {
    const { location } = renderApp('/cassa', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cassa' })).toBeTruthy();
    expect(location().pathname).toBe('/cassa');
  });
});

describe('keyboard', () => {
  it('reaches the cookie banner with Tab and accepts with Enter', async () => {
    const { user } = renderApp('/ecommerce', { consented: false });
    await screen.findByRole('heading', { level: 1, name: 'Menu' });
    const banner = screen.getByRole('region', { name: 'Cookie' });
    const refuse = within(banner).getByRole('button', { name: 'Rifiuta' });
    const accept = within(banner).getByRole('button', { name: 'Accetta' });

    // From the top of the page, through the skip link, header, footer and tabs, to the banner.
    for (let presses = 0; presses < 40 && document.activeElement !== refuse; presses++) await user.tab();
    expect(document.activeElement).toBe(refuse);
    await user.tab();
    expect(document.activeElement).toBe(accept);
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie' })).toBeNull());
    expect(localStorage.getItem('pizzeria.cookieConsent')).toBe('true');
  });
});
