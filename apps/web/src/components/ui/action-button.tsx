import type { MouseEvent } from 'react';
import { cn } from '@/lib/utils';
import { Button, type ButtonProps } from './button';

/**
 * A button whose action runs on the server. While it is not available it is aria-disabled rather
 * than disabled: a natively disabled button drops keyboard focus to the page, so after a failure a
 * keyboard user would have to find their place again. Presses are ignored until it is available.
 */
export function ActionButton({
  isUnavailable = false,
  isPending = false,
  onClick,
  className,
  ...props
}: Omit<ButtonProps, 'disabled'> & { isUnavailable?: boolean; isPending?: boolean }) {
  const isBlocked = isUnavailable || isPending;
  return (
    <Button
      {...props}
      aria-disabled={isBlocked || undefined}
      aria-busy={isPending || undefined}
      className={cn('aria-disabled:cursor-not-allowed aria-disabled:opacity-60', className)}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (isBlocked) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
