import type { ButtonHTMLAttributes } from 'react';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> & { onPress?: () => void };

/**
 * A native button that takes a connect()'s `onPress`, for the page frame (cookie banner, error toast,
 * error page): react-aria's Button would add ~14 KB gzip to every first paint, and the toast and the
 * error page must work when no further chunk can load.
 */
export function PlainButton({ onPress, ...props }: PlainButtonProps) {
  return <button type="button" {...props} onClick={onPress} />;
}
