import { useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { useAppActors } from '../actors/AppActors';
import { loginHref } from '../ui/returnTo';

/**
 * The address waiting for confirmation travels in the history entry of /auth/confirm-required: it
 * survives a reload of that tab, and a visit without it (a typed URL) is sent to log in.
 */
export interface ConfirmRequiredState {
  email: string;
}

export function emailFromState(state: unknown): string | null {
  const email = (state as Partial<ConfirmRequiredState> | null)?.email;
  return typeof email === 'string' && email ? email : null;
}

/** Goes to 'Attiva il tuo account' for `email`. */
export function useGoToConfirmRequired(): (email: string) => void {
  const navigate = useNavigate();
  return (email) => void navigate('/auth/confirm-required', { state: { email } satisfies ConfirmRequiredState });
}

/**
 * The login offered once the address is confirmed (or while it waits): a cart waiting in this
 * browser means the customer was ordering, so the login returns to the checkout.
 */
export function useLoginAfterConfirmationHref(): string {
  const hasCart = useSelector(useAppActors().cart, (s) => s.context.lines.length > 0);
  return loginHref(hasCart ? '/ecommerce/checkout' : null);
}
