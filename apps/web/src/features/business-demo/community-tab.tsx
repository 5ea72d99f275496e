import { useId, useState } from 'react';
import { HeartHandshakeIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { feeAccounts } from '@coride/domain/community/bonus-pool';
import { CHAMPION_PRIZES, REWARD_POINTS, rewardActions, type RedemptionEffect, type RedemptionOptionId } from '@coride/domain/community/rewards';
import { payees, splitTotal } from '@coride/domain/money';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { REDEMPTION_OPTIONS, riderName, YOU_RIDER, type CommunitySample } from './community-sample';
import { DemoNumberField, FixInputs, Stat } from './demo-field';
import { LazyPieChart } from './lazy-charts';
import { healthClass } from './licensee-tab';
import type { FieldLimit } from './limits';
import { SampleNote } from './sample-note';
import type { Territory } from './territory-sample';
import type { DemoModel } from './use-demo-model';
import { useMoney } from './use-money';
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const subTabs = ['overview', 'initiatives', 'impact', 'transparency'] as const;
type SubTab = (typeof subTabs)[number];
const actionLimit: FieldLimit = { min: 0, max: 100, integer: true, step: '1' };

function OverviewView({ territory, sample }: { territory: Territory; sample: CommunitySample }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="rounded-lg border p-4">
        <dt className="text-sm text-muted-foreground">{t('licensee.health')}</dt>
        <dd className="mt-1 flex items-center gap-2 text-2xl font-bold tabular-nums">
          {money.number(territory.health.score)}
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', healthClass[territory.health.colour])}>
            {t(`licensee.colours.${territory.health.colour}`)}
          </span>
        </dd>
      </div>
      <Stat label={t('licensee.retention')} value={territory.retention.percent === null ? '—' : money.ratio(territory.retention.percent / 100)} />
      <Stat
        label={t('community.funds')}
        value={money.cents(territory.money.localCsr + territory.money.globalCsr)}
        detail={t('community.fundsDetail', { local: money.cents(territory.money.localCsr), global: money.cents(territory.money.globalCsr) })}
        testId="community-funds"
      />
      <Stat label={t('community.yourPoints')} value={money.number(sample.points.total)} testId="reward-points" />
      <Stat label={t('community.yourRank')} value={sample.yourRank ? `#${sample.yourRank.rank}` : t('community.unranked')} />
      <Stat
        label={t('community.prizes')}
        value={money.cents(sample.champions.reduce((sum, c) => sum + c.prizeCents, 0))}
        detail={t('community.prizesDetail', { count: sample.champions.length })}
      />
    </dl>
  );
}

function RedemptionSelect({ value, onChange }: { value: RedemptionOptionId; onChange: (id: RedemptionOptionId) => void }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const id = useId();
  const optionName = (effect: RedemptionEffect) =>
    effect.type === 'ride_credit' ? t('community.options.credit', { amount: money.cents(effect.cents) }) : t(`community.options.${effect.type}`);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t('community.redeemLabel')}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as RedemptionOptionId)}>
        {REDEMPTION_OPTIONS.map((option) => (
          <option key={option.id} value={option.id}>
            {t('community.option', { name: optionName(option.effect), points: option.points })}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function EffectText({ effect, left }: { effect: RedemptionEffect; left: number }) {
  const { t } = useTranslation('demo');
  if (effect.type === 'priority_booking') return <>{t('community.effects.priority_booking', { rides: effect.rides, days: effect.validDays, left })}</>;
  if (effect.type === 'champion_status') return <>{t('community.effects.champion_status', { days: effect.days, left })}</>;
  return null;
}

function InitiativesView({ model, sample }: { model: DemoModel; sample: CommunitySample | null }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const fields = model.rewardFields;
  return (
    <div className="space-y-6">
      <fieldset className="rounded-lg border p-4">
        <legend className="px-1 font-semibold">{t('community.actionsLegend')}</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {rewardActions.map((action) => (
            <DemoNumberField
              key={action}
              label={t('community.actionLabel', { action: t(`community.actions.${action}`), points: REWARD_POINTS[action] })}
              value={fields.texts[action]}
              onChange={(text) => fields.set(action, text)}
              isValid={fields.isValid(action)}
              limit={actionLimit}
            />
          ))}
        </div>
      </fieldset>
      {sample ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="redeem-title" className="space-y-3">
            <h3 id="redeem-title" className="font-semibold">
              {t('community.redeemTitle', { points: sample.points.total })}
            </h3>
            <RedemptionSelect value={model.redemption} onChange={model.setRedemption} />
            <div className="rounded-lg bg-accent p-4 text-sm text-accent-foreground" data-testid="redemption-result" aria-live="polite">
              {!sample.redemption.ok ? (
                t('community.insufficient', { needed: sample.redemption.needed, balance: sample.redemption.balance })
              ) : sample.credited ? (
                <>
                  <p>
                    {t('community.credited', {
                      credit: money.cents(sample.credited.creditApplied),
                      pays: money.cents(sample.credited.riderPays),
                      left: sample.redemption.balanceAfter,
                    })}
                  </p>
                  <p className="mt-1 font-medium">{t('community.driverStill', { amount: money.cents(sample.credited.split.driver) })}</p>
                </>
              ) : (
                <EffectText effect={sample.redemption.effect} left={sample.redemption.balanceAfter} />
              )}
            </div>
          </section>
          <section aria-labelledby="champions-title">
            <h3 id="champions-title" className="font-semibold">
              {t('community.championsTitle')}
            </h3>
            <ol className="mt-3 space-y-1 text-sm" data-testid="champions">
              {sample.champions.slice(0, 5).map((champion) => (
                <li
                  key={champion.userId}
                  className={cn('flex justify-between gap-3 rounded px-2 py-1', champion.userId === YOU_RIDER && 'bg-accent font-medium')}
                >
                  <span>
                    #{champion.rank} {champion.userId === YOU_RIDER ? t('licensee.you') : riderName(champion.userId)}
                  </span>
                  <span className="tabular-nums">
                    {t('flows.points', { count: champion.points, n: money.number(champion.points) })} · {money.cents(champion.prizeCents)}
                  </span>
                </li>
              ))}
            </ol>
            {sample.yourRank && sample.yourRank.rank > 5 ? <p className="mt-2 text-sm">{t('community.yourPlace', { rank: sample.yourRank.rank })}</p> : null}
            <p className="mt-2 text-xs text-muted-foreground">
              {t('community.championsRule', {
                top: money.cents(CHAMPION_PRIZES.topContributorCents),
                top5: money.cents(CHAMPION_PRIZES.top5Cents),
                ranks: CHAMPION_PRIZES.top5Ranks,
                badges: CHAMPION_PRIZES.badgeRanks,
              })}
            </p>
          </section>
        </div>
      ) : (
        <FixInputs />
      )}
    </div>
  );
}

function ImpactView({ territory }: { territory: Territory }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const local = territory.money.driver + territory.money.licensee + territory.money.localCsr;
  const parts = [
    { label: t('rider.parts.driver'), value: territory.money.driver },
    { label: t('flows.nodes.platform'), value: territory.money.platformSoftware + territory.money.corporateAdmin },
    { label: t('rider.parts.licensee'), value: territory.money.licensee },
    { label: t('flows.nodes.csr'), value: territory.money.globalCsr + territory.money.localCsr },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <dl className="grid gap-3 sm:grid-cols-2">
        <Stat
          label={t('community.stayLocal')}
          value={money.cents(local)}
          detail={t('community.stayLocalDetail', { percent: money.ratio(territory.paid ? local / territory.paid : 0) })}
          testId="local-share"
          className="sm:col-span-2"
        />
        <Stat label={t('rider.parts.driver')} value={money.cents(territory.money.driver)} />
        <Stat label={t('rider.parts.licensee')} value={money.cents(territory.money.licensee)} />
        <Stat label={t('rider.parts.localCsr')} value={money.cents(territory.money.localCsr)} />
        <Stat label={t('licensee.rides')} value={money.number(territory.rides)} />
      </dl>
      <figure>
        <figcaption className="font-semibold">{t('community.pieCaption')}</figcaption>
        <LazyPieChart data={parts} format={money.cents} />
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
          {parts.map((part) => (
            <li key={part.label}>
              {part.label}: {money.cents(part.value)}
            </li>
          ))}
        </ul>
      </figure>
    </div>
  );
}

function TransparencyView({ territory }: { territory: Territory }) {
  const { t } = useTranslation('demo');
  const money = useMoney();
  const debit = (payee: (typeof payees)[number]) =>
    (feeAccounts as readonly string[]).includes(payee) ? territory.funding.debits[payee as (typeof feeAccounts)[number]] : 0;
  return (
    <div className="space-y-3">
      <div className="overflow-x-auto">
        <Table className="w-full text-sm" data-testid="transparency-table">
          <TableCaption className="mb-2 text-start text-xs text-muted-foreground">{t('community.tableCaption', { rides: territory.rides })}</TableCaption>
          <TableHeader>
            <TableRow className="border-b">
              <TableHead scope="col" className="py-1.5 text-start font-medium">
                {t('community.columns.account')}
              </TableHead>
              <TableHead scope="col" className="py-1.5 text-end font-medium">
                {t('community.columns.received')}
              </TableHead>
              <TableHead scope="col" className="py-1.5 text-end font-medium">
                {t('community.columns.toPool')}
              </TableHead>
              <TableHead scope="col" className="py-1.5 text-end font-medium">
                {t('community.columns.kept')}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payees.map((payee) => (
              <TableRow key={payee} className="border-b">
                <TableHead scope="row" className="py-1.5 text-start font-normal">
                  {t(`rider.parts.${payee}`)}
                </TableHead>
                <TableCell className="py-1.5 text-end tabular-nums">{money.cents(territory.money[payee])}</TableCell>
                <TableCell className="py-1.5 text-end tabular-nums">{money.cents(debit(payee))}</TableCell>
                <TableCell className="py-1.5 text-end tabular-nums">{money.cents(territory.money[payee] - debit(payee))}</TableCell>
              </TableRow>
            ))}
            <TableRow className="border-b">
              <TableHead scope="row" className="py-1.5 text-start font-normal">
                {t('community.pool')}
              </TableHead>
              <TableCell className="py-1.5 text-end">—</TableCell>
              <TableCell className="py-1.5 text-end">—</TableCell>
              <TableCell className="py-1.5 text-end tabular-nums">{money.cents(territory.funding.total)}</TableCell>
            </TableRow>
          </TableBody>
          <TableFooter>
            <TableRow className="font-semibold">
              <TableHead scope="row" className="py-1.5 text-start">
                {t('community.total')}
              </TableHead>
              <TableCell className="py-1.5 text-end tabular-nums" data-testid="transparency-total">
                {money.cents(splitTotal(territory.money))}
              </TableCell>
              <TableCell className="py-1.5 text-end tabular-nums">{money.cents(territory.funding.total)}</TableCell>
              <TableCell className="py-1.5 text-end tabular-nums">{money.cents(splitTotal(territory.money))}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </div>
      <p className="text-sm">{t('community.addsUp', { paid: money.cents(territory.paid) })}</p>
    </div>
  );
}

/** The community view: health and funds, rider initiatives and rewards, local impact and a transparency report. */
export function CommunityTab({ model }: { model: DemoModel }) {
  const { t, i18n } = useTranslation('demo');
  const [tab, setTab] = useState<SubTab>('overview');
  const { territory, community } = model;
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
          <HeartHandshakeIcon className="size-6" aria-hidden />
        </span>
        <div className="space-y-1">
          <h2 className="text-2xl font-bold">{t('community.title')}</h2>
          <CardDescription className="text-base">{t('community.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <SampleNote />
        <Tabs value={tab} onValueChange={(value) => setTab(value as SubTab)} dir={i18n.dir(i18n.language)}>
          <TabsList aria-label={t('community.subTabsLabel')}>
            {subTabs.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`community.subTabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="mt-6">
            {territory && community ? <OverviewView territory={territory} sample={community} /> : <FixInputs />}
          </TabsContent>
          <TabsContent value="initiatives" className="mt-6">
            <InitiativesView model={model} sample={community} />
          </TabsContent>
          <TabsContent value="impact" className="mt-6">
            {territory ? <ImpactView territory={territory} /> : <FixInputs />}
          </TabsContent>
          <TabsContent value="transparency" className="mt-6">
            {territory ? <TransparencyView territory={territory} /> : <FixInputs />}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
