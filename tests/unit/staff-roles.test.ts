import { describe, expect, it } from 'vitest';
import { adminAreaRole } from '../../src/admin/areas';
import { staffRoleAllows } from '../../src/domain';

describe('staff roles', () => {
  it('an owner may do all a cashier may; a cashier only what needs a cashier; nobody else anything', () => {
    expect(staffRoleAllows('owner', 'owner')).toBe(true);
    expect(staffRoleAllows('owner', 'cashier')).toBe(true);
    expect(staffRoleAllows('cashier', 'cashier')).toBe(true);
    expect(staffRoleAllows('cashier', 'owner')).toBe(false);
    expect(staffRoleAllows(null, 'cashier')).toBe(false);
    expect(staffRoleAllows(undefined, 'cashier')).toBe(false);
  });

  it("a back-office address needs its area's role: 'Esauriti oggi' a cashier, the rest and the unknown the owner", () => {
    expect(adminAreaRole('/admin/esauriti')).toBe('cashier');
    expect(adminAreaRole('/admin/menu/prodotti/3')).toBe('owner');
    expect(adminAreaRole('/admin/incassi')).toBe('owner');
    expect(adminAreaRole('/admin')).toBe('owner');
  });
});
