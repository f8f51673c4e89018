/**
 * 'Zone' against the real server (issue 17): the owner deactivates Eur; a customer no longer finds it on
 * the home page nor among the checkout's zones. The e2e files share one server: Eur is reactivated at the end.
 */
import { describe, expect, it } from 'vitest';
import { apiCall, DESKTOP, expectNoA11yViolations, url, useBrowser } from './browser';
import { logInAsAdmin } from './cassa-helpers';

type Zone = { id: number; version: number; name: string; active: boolean };

describe('back office: zones', () => {
  const browser = useBrowser();

  it('deactivating Eur: gone from the home page and from checkout', async () => {
    const { page: owner } = await browser.open({ viewport: DESKTOP });
    await logInAsAdmin(owner);
    const { page: customer } = await browser.open({ viewport: DESKTOP });
    const homeZones = customer.getByRole('region', { name: 'Zone servite con consegna a domicilio:' });
    try {
      await customer.goto(url('/'));
      await homeZones.getByText('Eur', { exact: true }).waitFor();

      await owner.goto(url('/admin/zone'));
      await owner.getByRole('link', { name: 'Modifica Eur' }).click();
      await owner.getByRole('checkbox', { name: 'Attiva' }).click({ force: true });
      await owner.getByRole('button', { name: 'Salva' }).click();
      await owner.getByText('Modifiche salvate.').waitFor();
      await expectNoA11yViolations(owner, '/admin/zone editor');
      await owner.getByRole('button', { name: 'Torna all’elenco' }).click();
      await owner.getByRole('row', { name: /Eur/ }).getByText('Disattivata').waitFor();

      await customer.goto(url('/'));
      await homeZones.getByText('Monteverde', { exact: true }).waitFor();
      expect(await homeZones.getByText('Eur', { exact: true }).count()).toBe(0);
      const webapp = (await apiCall(customer, 'GET', '/api/v1/ecommerce/webapp')).body as { zones: { name: string }[] };
      expect(webapp.zones.map((z) => z.name)).not.toContain('Eur');
    } finally {
      const { items } = (await apiCall(owner, 'GET', '/api/v1/admin/zones')).body as { items: Zone[] };
      const eur = items.find((z) => z.name === 'Eur')!;
      if (!eur.active) await apiCall(owner, 'PUT', `/api/v1/admin/zones/${eur.id}`, { name: 'Eur', active: true, version: eur.version });
    }
  });
});
