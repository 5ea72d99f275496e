import { lazy, Suspense, useId, useState } from 'react';
import { cn } from '@/lib/utils';
import { Button, type ButtonProps } from './button';

const ComingSoonTooltip = lazy(() => import('./coming-soon-tooltip'));

/**
 * A button for an action that is not available yet: natively disabled, with the reason as a tooltip
 * (on hover, and on keyboard focus through the focusable wrapper, since a disabled button takes no
 * focus) and as the button's accessible description for screen readers. The tooltip's code loads on
 * the first hover or focus, so pages with such buttons (booking) do not carry it up front.
 */
export function ComingSoonButton({ reason, wrapperClassName, ...props }: Omit<ButtonProps, 'disabled'> & { reason: string; wrapperClassName?: string }) {
  const reasonId = useId();
  const triggerId = useId();
  const [wantsTooltip, setWantsTooltip] = useState<false | 'hover' | 'focus'>(false);
  const trigger = (
    <span
      id={triggerId}
      tabIndex={0}
      className={cn('inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', wrapperClassName)}
      onPointerEnter={() => setWantsTooltip((current) => current || 'hover')}
      onFocus={() => setWantsTooltip((current) => current || 'focus')}
    >
      <Button {...props} disabled aria-describedby={reasonId} />
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </span>
  );
  if (!wantsTooltip) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ComingSoonTooltip reason={reason} triggerId={triggerId} refocus={wantsTooltip === 'focus'}>
        {trigger}
      </ComingSoonTooltip>
    </Suspense>
  );
}
