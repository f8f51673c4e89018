/**
 * The two staff roles. 'Titolare' (owner) opens everything; 'Cassa' (cashier) the cassa, today's
 * sold-outs and their own password. The contract names, per staff operation, the role it needs
 * (`x-staff-role`); the server enforces it and the back office's routes follow the same rule.
 */
export const STAFF_ROLES = ['owner', 'cashier'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { owner: 'Titolare', cashier: 'Cassa' };

export const OWNER_ONLY_MESSAGE = 'Accesso riservato al titolare.';

/** Whether a staff member of `role` may do what needs `required`: an owner may do all a cashier may. */
export function staffRoleAllows(role: StaffRole | null | undefined, required: StaffRole): boolean {
  return role === 'owner' || (role === 'cashier' && required === 'cashier');
}
