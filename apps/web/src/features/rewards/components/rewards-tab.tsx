import { REWARD_POINTS, type RedemptionEffect, type RedemptionOptionId, type RewardAction } from '@coride/domain/community/rewards';
import type { RewardsOverview } from '@coride/domain/community/submissions';
import { AwardIcon, CopyIcon, GiftIcon, HistoryIcon, SparklesIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { useFormatters } from '@/lib/format';
import { useRedeem, useRewards } from '../api';
import { ChampionsBoardCard } from './champions-board';
import { SubmissionCard } from './submission-form';

const EARN_ACTIONS: RewardAction[] = ['rate_driver', 'detailed_review', 'route_suggestion', 'safety_report', 'community_feedback', 'referral'];

/**
 * The rider's rewards (docs/community-economics.md §4): the balance and what it holds (ride credit,
 * priority booking, champion badge), ways to earn, redemptions with a confirmation, the history, the
 * month's champions and the community submission form.
 */
export function RewardsTab() {
  const { t } = useTranslation('rewards');
  const rewards = useRewards();
  if (rewards.isPending) return <LoadingState />;
  if (rewards.isError) return <ErrorState title={t('loadFailed')} error={rewards.error} onRetry={() => void rewards.refetch()} />;
  const data = rewards.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="rewards-tab">
      <BalanceCard data={data} />
      <RedeemCard data={data} />
      <EarnCard />
      <HistoryCard data={data} />
      <SubmissionCard />
      <ChampionsBoardCard />
    </div>
  );
}

function BalanceCard({ data }: { data: RewardsOverview }) {
  const { t } = useTranslation('rewards');
  const format = useFormatters();
  async function copyCode() {
    try {
      await navigator.clipboard.writeText(data.referral.code);
      toast({ title: t('referral.copied'), variant: 'success' });
    } catch {
      toast({ title: t('referral.copyFailed'), description: data.referral.code, variant: 'destructive' });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('balance.title')}</CardTitle>
        <CardDescription>{t('balance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tabular-nums" data-testid="rewards-points">
            {format.number(data.points)}
          </span>
          <span className="text-muted-foreground">{t('balance.points', { count: data.points })}</span>
        </p>
        <p className="text-sm text-muted-foreground">{t('balance.lifetime', { count: data.lifetimePoints, points: format.number(data.lifetimePoints) })}</p>
        <ul className="flex flex-wrap gap-2" aria-label={t('balance.activeLabel')}>
          {data.rideCreditCents > 0 ? (
            <li>
              <Badge variant="success" data-testid="rewards-credit">
                {t('balance.credit', { amount: format.money(data.rideCreditCents) })}
              </Badge>
            </li>
          ) : null}
          {data.priorityBookings > 0 ? (
            <li>
              <Badge variant="secondary" data-testid="rewards-priority">
                <ZapIcon className="me-1 size-3" aria-hidden />
                {t('balance.priority', { count: data.priorityBookings })}
              </Badge>
            </li>
          ) : null}
          {data.championUntil ? (
            <li>
              <Badge data-testid="rewards-champion">
                <AwardIcon className="me-1 size-3" aria-hidden />
                {t('balance.champion', { date: format.date(data.championUntil) })}
              </Badge>
            </li>
          ) : null}
          {data.rideCreditCents === 0 && data.priorityBookings === 0 && !data.championUntil ? (
            <li className="text-sm text-muted-foreground">{t('balance.nothingActive')}</li>
          ) : null}
        </ul>
        <div className="rounded-lg border p-3">
          <p className="text-sm font-medium">{t('referral.title')}</p>
          <p className="text-sm text-muted-foreground">{t('referral.description', { points: data.referral.points })}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="referral-code">
              {data.referral.code}
            </code>
            <Button variant="outline" size="sm" onClick={() => void copyCode()} aria-label={t('referral.copyLabel', { code: data.referral.code })}>
              <CopyIcon aria-hidden />
              {t('referral.copy')}
            </Button>
            <span className="text-xs text-muted-foreground">{t('referral.count', { count: data.referral.referredCount })}</span>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

function useEffectLabel() {
  const { t } = useTranslation('rewards');
  const format = useFormatters();
  return (effect: RedemptionEffect) =>
    effect.type === 'ride_credit'
      ? t('options.credit', { amount: format.money(effect.cents) })
      : effect.type === 'priority_booking'
        ? t('options.priority', { days: effect.validDays })
        : t('options.champion', { days: effect.days });
}

function RedeemCard({ data }: { data: RewardsOverview }) {
  const { t } = useTranslation('rewards');
  const effectLabel = useEffectLabel();
  const redeem = useRedeem();
  const [chosen, setChosen] = useState<RedemptionOptionId | null>(null);
  const option = data.options.find((o) => o.id === chosen);

  function confirm() {
    if (!option) return;
    redeem.mutate(option.id, {
      onSuccess: (result) => {
        toast({
          title: t('redeem.doneTitle'),
          description: t('redeem.doneBody', { reward: effectLabel(result.effect), balance: result.balance }),
          variant: 'success',
        });
        setChosen(null);
      },
      onError: (error) => {
        toast({ title: t('redeem.failed'), description: error.message, variant: 'destructive' });
        setChosen(null);
      },
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('redeem.title')}</CardTitle>
        <CardDescription>{t('redeem.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" data-testid="redeem-options">
          {data.options.map((o) => (
            <li key={o.id} className="flex items-center justify-between gap-3 rounded-lg border p-3">
              <div className="min-w-0">
                <p className="font-medium">{effectLabel(o.effect)}</p>
                <p className="text-sm text-muted-foreground">{t('redeem.cost', { points: o.points })}</p>
              </div>
              <Button
                size="sm"
                variant={o.affordable ? 'default' : 'outline'}
                disabled={!o.affordable || redeem.isPending}
                onClick={() => setChosen(o.id)}
                aria-label={t('redeem.buttonLabel', { reward: effectLabel(o.effect), points: o.points })}
                data-testid={`redeem-${o.id}`}
              >
                <GiftIcon aria-hidden />
                {o.affordable ? t('redeem.button') : t('redeem.needMore', { count: o.points - data.points })}
              </Button>
            </li>
          ))}
        </ul>
        <ConfirmDialog
          open={Boolean(option)}
          onOpenChange={(open) => !open && !redeem.isPending && setChosen(null)}
          title={t('redeem.confirmTitle')}
          description={
            option ? t('redeem.confirmBody', { reward: effectLabel(option.effect), points: option.points, after: data.points - option.points }) : null
          }
          cancelLabel={t('redeem.cancel')}
          pending={redeem.isPending}
          confirm={
            <ConfirmButton onClick={confirm} disabled={redeem.isPending} data-testid="confirm-redeem">
              {redeem.isPending ? <Spinner /> : null}
              {t('redeem.confirm')}
            </ConfirmButton>
          }
        />
      </CardContent>
    </Card>
  );
}

function EarnCard() {
  const { t } = useTranslation('rewards');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('earn.title')}</CardTitle>
        <CardDescription>{t('earn.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Table className="w-full">
          <TableCaption className="sr-only">{t('earn.title')}</TableCaption>
          <TableHeader>
            <TableRow className="border-b text-start text-muted-foreground">
              <TableHead scope="col" className="py-2">
                {t('earn.action')}
              </TableHead>
              <TableHead scope="col" className="py-2 text-end">
                {t('earn.points')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {EARN_ACTIONS.map((action) => (
              <TableRow key={action} className="border-b last:border-0">
                <TableCell className="py-2">
                  <span className="font-medium">{t(`actions.${action}`)}</span>
                  <span className="block text-xs text-muted-foreground">{t(`earn.how.${action}`)}</span>
                </TableCell>
                <TableCell className="py-2 text-end font-semibold tabular-nums">+{REWARD_POINTS[action]}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function HistoryCard({ data }: { data: RewardsOverview }) {
  const { t } = useTranslation('rewards');
  const format = useFormatters();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('history.title')}</CardTitle>
        <CardDescription>{t('history.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.recent.length === 0 ? (
          <EmptyState icon={HistoryIcon} title={t('history.emptyTitle')} description={t('history.emptyDescription')} />
        ) : (
          <ul className="divide-y" data-testid="rewards-history">
            {data.recent.map((event, i) => (
              <li key={`${event.at}-${i}`} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="flex items-center gap-2">
                  {event.points > 0 ? (
                    <SparklesIcon className="size-4 text-amber-500" aria-hidden />
                  ) : (
                    <GiftIcon className="size-4 text-muted-foreground" aria-hidden />
                  )}
                  <span>
                    {t(`actions.${event.action}`)}
                    <span className="block text-xs text-muted-foreground">{format.dateTime(event.at)}</span>
                  </span>
                </span>
                <span className={event.points > 0 ? 'font-semibold text-emerald-700 tabular-nums dark:text-emerald-400' : 'font-semibold tabular-nums'}>
                  {event.points > 0 ? `+${event.points}` : event.points}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
