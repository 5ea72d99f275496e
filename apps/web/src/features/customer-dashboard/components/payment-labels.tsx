import type { CardBrand, EscrowState } from '@coride/domain';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { escrowBadge } from '../payments';

/** Where a ride's money is: held in escrow (until when), released, disputed, refunded… */
export function EscrowBadge({ escrow, releaseAfter, className }: { escrow: EscrowState; releaseAfter: string | null; className?: string }) {
  const { t } = useTranslation('customer');
  const format = useFormatters();
  const badge = escrowBadge(escrow, releaseAfter);
  return (
    <Badge variant={badge.variant} className={className} data-testid="escrow-badge" data-escrow={escrow}>
      {t(`escrow.${badge.key}`, { date: badge.date ? format.date(badge.date) : '' })}
    </Badge>
  );
}

/** "Visa •••• 4242" on screen, "Visa ending in 4242" for screen readers. */
export function CardName({ brand, lastFour, className }: { brand: CardBrand; lastFour: string; className?: string }) {
  const { t } = useTranslation('customer');
  const name = t(`payments.brands.${brand}`);
  return (
    <span className={className} data-testid="card-name">
      <span aria-hidden>{t('payments.cardMasked', { brand: name, lastFour })}</span>
      <span className="sr-only">{t('payments.cardEnding', { brand: name, lastFour })}</span>
    </span>
  );
}

/** The same name as plain text, for titles and labels. */
export function useCardLabel() {
  const { t } = useTranslation('customer');
  return ({ brand, lastFour }: { brand: CardBrand; lastFour: string }) => t('payments.cardEnding', { brand: t(`payments.brands.${brand}`), lastFour });
}
