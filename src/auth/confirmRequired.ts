import { useNavigate } from 'react-router-dom';

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
