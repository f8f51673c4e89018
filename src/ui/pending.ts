/**
 * A button's class while the server works on its press (it is disabled meanwhile, so never pressed
 * twice): a turning ring before its 'Invio in corso...'. Not react-aria's `isPending`: its
 * announcement names the button, which a successful submit unmounts, leaving a dangling live region.
 */
export const pendingClass = (className: string, isPending: boolean) => (isPending ? `${className} button--pending` : className);
