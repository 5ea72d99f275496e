import { useEffect, type ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * The tooltip half of ComingSoonButton, loaded on the first hover or focus (Radix's tooltip and its
 * positioning are ~12 KB). Mounting it re-creates the trigger, so a trigger that had keyboard focus
 * gets it back.
 */
export default function ComingSoonTooltip({
  reason,
  triggerId,
  refocus,
  children,
}: {
  reason: string;
  triggerId: string;
  refocus: boolean;
  children: ReactNode;
}) {
  useEffect(() => {
    if (refocus) document.getElementById(triggerId)?.focus();
  }, [refocus, triggerId]);
  return (
    <Tooltip defaultOpen>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
