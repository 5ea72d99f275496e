import { isoWeekOf, type Payout, type PayoutStatement } from '@coride/domain/payouts';
import { BanknoteIcon, Landmark, Loader2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '@/components/paged-list/load-more-button';
import { ActionButton } from '@/components/ui/action-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { NativeSelect } from '@/components/ui/select';
import { ApiRequestError } from '@/lib/api';
import { useFormatters } from '@/lib/format';
import { useCashOut, usePayoutHistory, usePayoutOverview, usePayoutStatement } from './api';
import { PayoutAccountForm } from './payout-account-form';

const WEEK_MS = 7 * 86_400_000;
/** The weeks a statement can be asked for here: this one and the eleven before it. */
const STATEMENT_WEEKS = 12;

/** "12.50" or "12" -> 1250 cents; undefined for anything else (blank means the whole balance). */
export function parseDollars(text: string): number | undefined {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Payouts of a driver or licensee (contract §8): the money released to them, their bank account, cash
 * out, the payouts made and a week's statement. Shared by the driver's and the licensee's consoles.
 */
export function PayoutsPanel() {
  const { t } = useTranslation('payouts');
  const format = useFormatters();
  const overview = usePayoutOverview();
  const [isEditing, setIsEditing] = useState(false);
  const headingId = useId();

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="payouts-panel">
      <CardHeader>
        <CardTitle as="h2" id={headingId}>
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        {overview.isPending ? (
          <LoadingState />
        ) : overview.isError ? (
          <ErrorState title={t('errors.overview')} error={overview.error} onRetry={() => void overview.refetch()} />
        ) : (
          <>
            <section aria-labelledby={`${headingId}-balance`} className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h3 id={`${headingId}-balance`} className="text-sm font-medium text-muted-foreground">
                  {t('available')}
                </h3>
                <p className="text-3xl font-semibold tabular-nums" data-testid="payout-available">
                  {format.money(overview.data.available)}
                </p>
              </div>
            </section>

            <section aria-labelledby={`${headingId}-account`} className="space-y-3">
              <h3 id={`${headingId}-account`} className="font-semibold">
                {t('account.title')}
              </h3>
              {overview.data.account && !isEditing ? (
                <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
                  <p className="flex items-center gap-2" data-testid="payout-account">
                    <Landmark className="size-4" aria-hidden />
                    {t('account.summary', { holder: overview.data.account.accountHolder, lastFour: overview.data.account.lastFour })}
                  </p>
                  <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
                    {t('account.replace')}
                  </Button>
                </div>
              ) : isEditing || !overview.data.account ? (
                <>
                  {overview.data.account ? null : <p className="text-sm text-muted-foreground">{t('account.none')}</p>}
                  <PayoutAccountForm onSaved={() => setIsEditing(false)} {...(overview.data.account ? { onCancel: () => setIsEditing(false) } : {})} />
                </>
              ) : null}
            </section>

            <CashOut available={overview.data.available} hasAccount={overview.data.account !== null} />
          </>
        )}
        <PayoutHistory />
        <Statements />
      </CardContent>
    </Card>
  );
}

function CashOut({ available, hasAccount }: { available: number; hasAccount: boolean }) {
  const { t } = useTranslation('payouts');
  const format = useFormatters();
  const cashOut = useCashOut();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Payout | null>(null);
  const id = useId();

  const submit = () => {
    setProblem(null);
    setResult(null);
    const cents = amount.trim() === '' ? undefined : parseDollars(amount);
    if (amount.trim() !== '' && (cents === undefined || cents < 1)) {
      setProblem(t('cashOut.badAmount'));
      return;
    }
    if (cents !== undefined && cents > available) {
      setProblem(t('cashOut.tooMuch', { available: format.money(available) }));
      return;
    }
    cashOut.mutate(
      { body: cents === undefined ? {} : { amount: cents }, key: crypto.randomUUID() },
      {
        onSuccess: (payout) => {
          setResult(payout);
          setAmount('');
        },
        onError: (error) => {
          const code = error instanceof ApiRequestError ? error.code : '';
          setProblem(code === 'PAYOUT_ACCOUNT_REQUIRED' || code === 'INSUFFICIENT_BALANCE' ? t(`errors.${code}`) : error.message);
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('cashOut.title')}
      </h3>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>{t('cashOut.amount')}</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            placeholder={t('cashOut.allPlaceholder')}
            aria-describedby={`${id}-hint`}
            className="w-40"
            data-testid="cash-out-amount"
          />
        </div>
        <ActionButton type="submit" isPending={cashOut.isPending} isUnavailable={!hasAccount || available <= 0} data-testid="cash-out">
          {cashOut.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <BanknoteIcon aria-hidden />}
          {cashOut.isPending ? t('cashOut.sending') : t('cashOut.submit')}
        </ActionButton>
      </form>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hasAccount ? (available > 0 ? t('cashOut.hint', { available: format.money(available) }) : t('cashOut.nothing')) : t('cashOut.needAccount')}
      </p>
      <div aria-live="polite">
        {result ? (
          <p className={result.status === 'failed' ? 'text-sm text-destructive' : 'text-sm'} data-testid="cash-out-result">
            {result.status === 'sent'
              ? t('cashOut.sent', { amount: format.money(result.amount), lastFour: result.lastFour })
              : result.status === 'failed'
                ? t('cashOut.failed', { amount: format.money(result.amount), reason: result.failureReason ?? '' })
                : t('cashOut.pending', { amount: format.money(result.amount) })}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="cash-out-error">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

function StatusBadge({ payout }: { payout: Payout }) {
  const { t } = useTranslation('payouts');
  const variant = payout.status === 'sent' ? 'success' : payout.status === 'failed' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{t(`status.${payout.status}`)}</Badge>;
}

function PayoutHistory() {
  const { t } = useTranslation('payouts');
  const format = useFormatters();
  const history = usePayoutHistory();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('history.title')}
      </h3>
      {history.isPending ? (
        <LoadingState />
      ) : history.isError && history.items.length === 0 ? (
        <ErrorState title={t('errors.history')} error={history.error} onRetry={() => void history.refetch()} />
      ) : history.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
      ) : (
        <ul className="divide-y rounded-md border" data-testid="payout-history">
          {history.items.map((payout) => (
            <li key={payout.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span>
                <time dateTime={payout.createdAt}>{format.dateTime(payout.createdAt)}</time>
                {' · '}
                {t(`trigger.${payout.trigger}`)}
                {' · '}
                {t('history.toAccount', { lastFour: payout.lastFour })}
                {payout.failureReason ? <span className="block text-destructive">{payout.failureReason}</span> : null}
              </span>
              <span className="flex items-center gap-2">
                <span className="font-medium tabular-nums">{format.money(payout.amount)}</span>
                <StatusBadge payout={payout} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={history} describedBy={`${id}-title`} testId="payouts-load-more" />
    </section>
  );
}

function Statements() {
  const { t } = useTranslation('payouts');
  const [weeks] = useState(() => Array.from({ length: STATEMENT_WEEKS }, (_, i) => isoWeekOf(new Date(Date.now() - i * WEEK_MS))));
  const [week, setWeek] = useState(weeks[0]!);
  const statement = usePayoutStatement(week);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-semibold">
        {t('statement.title')}
      </h3>
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor={`${id}-week`}>{t('statement.week')}</Label>
        <NativeSelect id={`${id}-week`} value={week} onChange={(event) => setWeek(event.target.value)} data-testid="statement-week">
          {weeks.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
      </div>
      {statement.isPending ? (
        <LoadingState />
      ) : statement.isError ? (
        <ErrorState title={t('errors.statement')} error={statement.error} onRetry={() => void statement.refetch()} />
      ) : (
        <StatementDetails statement={statement.data} />
      )}
    </section>
  );
}

function StatementDetails({ statement }: { statement: PayoutStatement }) {
  const { t } = useTranslation('payouts');
  const format = useFormatters();
  const lines: [string, number][] = [
    ['opening', statement.openingBalance],
    ['earnings', statement.earnings],
    ['tips', statement.tips],
    ['adjustments', statement.adjustments],
    ['paidOut', -statement.paidOut],
    ['returned', statement.returned],
    ['closing', statement.closingBalance],
  ];
  return (
    <div className="space-y-3" data-testid="payout-statement">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:max-w-md">
        {lines.map(([key, cents]) => (
          <div key={key} className="contents">
            <dt className={key === 'closing' ? 'font-semibold' : undefined}>{t(`statement.${key}`)}</dt>
            <dd className={`text-right tabular-nums ${key === 'closing' ? 'font-semibold' : ''}`}>{format.money(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('statement.feesShown', { fees: format.money(statement.fees), count: statement.rides.length })}</p>
    </div>
  );
}
