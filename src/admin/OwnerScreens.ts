/**
 * The owner's screens of the back office: their own chunk, so a cashier, whose only screen here is
 * 'Esauriti oggi', never downloads them (issue 32). The reports are a chunk of their own besides.
 */
export { AuditAdmin } from './AuditAdmin';
export { DiscountCodesAdmin } from './DiscountCodesAdmin';
export { HoursAdmin } from './HoursAdmin';
export { MenuAdmin } from './menu/MenuAdmin';
export { NewsAdmin } from './NewsAdmin';
export { PrintersAdmin } from './PrintersAdmin';
export { StaffAdmin } from './StaffAdmin';
export { TextsAdmin } from './TextsAdmin';
export { ZonesAdmin } from './ZonesAdmin';
