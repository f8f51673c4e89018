import { format, parseISO } from 'date-fns';
import { it } from 'date-fns/locale';

/** 'sabato 14 marzo 2026' — blog dates (SPEC §9: 'EEEE d MMMM yyyy'). */
export function formatLongDate(iso: string): string {
  return format(parseISO(iso), 'EEEE d MMMM yyyy', { locale: it });
}

/** '14/03/2026' — order dates. */
export function formatShortDate(iso: string): string {
  return format(parseISO(iso), 'dd/MM/yyyy', { locale: it });
}
