import { useId } from 'react';
import { cn } from '@/lib/utils';
import { Button, type ButtonProps } from './button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * A button for an action that is not available yet: natively disabled, with the reason as a tooltip
 * (on hover, and on keyboard focus through the focusable wrapper, since a disabled button takes no
 * focus) and as the button's accessible description for screen readers.
 */
export function ComingSoonButton({ reason, wrapperClassName, ...props }: Omit<ButtonProps, 'disabled' | 'asChild'> & { reason: string; wrapperClassName?: string }) {
  const reasonId = useId();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span tabIndex={0} className={cn('inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring', wrapperClassName)}>
          <Button {...props} disabled aria-describedby={reasonId} />
          <span id={reasonId} className="sr-only">
            {reason}
          </span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
