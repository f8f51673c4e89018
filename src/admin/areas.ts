/** The back office's screens, in the order its navigation lists them (labels from issue 17). */
export const ADMIN_AREAS = [
  { path: 'menu', label: 'Menu' },
  { path: 'esauriti', label: 'Esauriti oggi' },
  { path: 'orari', label: 'Orari' },
  { path: 'zone', label: 'Zone' },
  { path: 'codici-sconto', label: 'Codici sconto' },
  { path: 'notizie', label: 'Notizie' },
  { path: 'testi', label: 'Testi' },
  { path: 'staff', label: 'Staff' },
  { path: 'stampanti', label: 'Stampanti' },
  { path: 'registro', label: 'Registro modifiche' },
] as const;

export type AdminAreaPath = (typeof ADMIN_AREAS)[number]['path'];

export const adminPath = (area: AdminAreaPath, rest = '') => `/admin/${area}${rest ? `/${rest}` : ''}`;
