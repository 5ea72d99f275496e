import { useTranslation } from 'react-i18next';
import { EscrowProtection } from './escrow-protection';
import { FeeBreakdownCard } from './fee-breakdown-card';
import { FeeComparisonCard } from './fee-comparison-card';
import { TOTAL_FEE_BPS } from './marketplace-facts';
import { compareFees, SAMPLE_SUBTOTAL_CENTS, TRADITIONAL_COMMISSION_BPS } from './section-facts';
import { SectionHeading } from './section-heading';
import { useFormatters } from './use-formatters';

const sampleComparison = compareFees(SAMPLE_SUBTOTAL_CENTS);

export function PricingSection() {
  const { t } = useTranslation('landing');
  const format = useFormatters();
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading
          id="pricing-title"
          eyebrow={t('pricing.eyebrow')}
          title={t('pricing.title')}
          subtitle={t('pricing.subtitle', {
            fees: format.bps(TOTAL_FEE_BPS),
            low: format.bps(TRADITIONAL_COMMISSION_BPS.low),
            high: format.bps(TRADITIONAL_COMMISSION_BPS.high),
          })}
        />
        {/* grid-cols-1 (minmax(0, 1fr)): an implicit column grew to the cards' longest word, wider than a phone. */}
        <div className="mt-12 grid grid-cols-1 gap-6 lg:grid-cols-2">
          <FeeBreakdownCard comparison={sampleComparison} />
          <FeeComparisonCard comparison={sampleComparison} />
        </div>
        <div className="mt-6">
          <EscrowProtection />
        </div>
      </div>
    </section>
  );
}
