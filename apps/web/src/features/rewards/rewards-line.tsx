import { ZapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { useFormatters } from '@/lib/format';
import { usePendingRewards } from './api';

/**
 * One line on the booking page: the reward credit and priority booking the server will apply to this
 * booking (min(credit, fare); the unused priority perk). Kept tiny: it is in the /ride bundle.
 */
export function RewardsLine({ totalFare }: { totalFare: number }) {
  const { user } = useAuth();
  const { t, ready } = useTranslation('rewards', { useSuspense: false });
  const format = useFormatters();
  const rewards = usePendingRewards(user?.role === 'customer');
  const credit = Math.min(rewards.data?.rideCreditCents ?? 0, totalFare);
  const priority = (rewards.data?.priorityBookings ?? 0) > 0;
  if (!ready || (!credit && !priority)) return null;
  return (
    <p className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="rewards-applies">
      {credit ? t('booking.credit', { amount: format.money(credit) }) : null} {priority ? <ZapIcon className="inline size-4" aria-hidden /> : null}
      {priority ? t('booking.priority') : null}
    </p>
  );
}
