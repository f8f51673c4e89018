/** The cassa's copy for an offline start, named once: the logout looks for it without loading the cassa's code. */
export const CASSA_COPY_DATABASE = 'pizzeria-cassa-copy';
