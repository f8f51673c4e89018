import type { StaffRole } from '../domain';

/**
 * The back office's screens, in the order its navigation lists them (labels from issue 17), with the
 * staff role each needs (the same as its operations' `x-staff-role` in the contract).
 */
export const ADMIN_AREAS = [
  { path: 'menu', label: 'Menu', role: 'owner' },
  { path: 'esauriti', label: 'Esauriti oggi', role: 'cashier' },
  { path: 'orari', label: 'Orari', role: 'owner' },
  { path: 'zone', label: 'Zone', role: 'owner' },
  { path: 'codici-sconto', label: 'Codici sconto', role: 'owner' },
  { path: 'notizie', label: 'Notizie', role: 'owner' },
  { path: 'testi', label: 'Testi', role: 'owner' },
  { path: 'staff', label: 'Staff', role: 'owner' },
  { path: 'stampanti', label: 'Stampanti', role: 'owner' },
  { path: 'registro', label: 'Registro modifiche', role: 'owner' },
  { path: 'incassi', label: 'Incassi', role: 'owner' },
  { path: 'andamento', label: 'Andamento', role: 'owner' },
] as const satisfies readonly { path: string; label: string; role: StaffRole }[];

/** The role a back-office URL needs: its area's, and the owner's for any other. */
export function adminAreaRole(pathname: string): StaffRole {
  const [, , area] = pathname.split('/');
  return ADMIN_AREAS.find((a) => a.path === area)?.role ?? 'owner';
}

export type AdminAreaPath = (typeof ADMIN_AREAS)[number]['path'];

export const adminPath = (area: AdminAreaPath, rest = '') => `/admin/${area}${rest ? `/${rest}` : ''}`;
