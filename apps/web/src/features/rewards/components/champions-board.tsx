import { AwardIcon, CrownIcon, TrophyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState, LoadingState } from '@/components/ui/query-state';
import { useFormatters } from '@/lib/format';
import { useChampions } from '../api';

/** The latest month's community champions: rank, shortened name, points, prize and badge. */
export function ChampionsBoardCard() {
  const { t, i18n } = useTranslation('rewards');
  const format = useFormatters();
  const board = useChampions();
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">{t('champions.title')}</CardTitle>
        <CardDescription>{board.data ? t('champions.descriptionMonth', { month: monthLabel(board.data.month) }) : t('champions.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {board.isPending ? (
          <LoadingState />
        ) : board.isError ? (
          <ErrorState title={t('champions.loadFailed')} error={board.error} onRetry={() => void board.refetch()} />
        ) : board.data.champions.length === 0 ? (
          <EmptyState icon={TrophyIcon} title={t('champions.emptyTitle')} description={t('champions.emptyDescription')} />
        ) : (
          <ol className="divide-y" data-testid="champions-board">
            {board.data.champions.map((c) => (
              <li key={c.rank} className={c.isMe ? 'flex items-center gap-3 bg-accent/40 px-2 py-2' : 'flex items-center gap-3 px-2 py-2'}>
                <span className="w-8 text-center font-bold tabular-nums">
                  <span className="sr-only">{t('champions.rank', { rank: c.rank })}</span>
                  {c.rank === 1 ? <CrownIcon className="mx-auto size-5 text-amber-600" aria-hidden /> : <span aria-hidden>{c.rank}</span>}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{c.name}</span>
                  {c.isMe ? <span className="ms-2 text-xs text-muted-foreground">{t('champions.you')}</span> : null}
                  <span className="block text-xs text-muted-foreground">{t(`champions.titles.${c.title}`)}</span>
                </span>
                <span className="text-sm tabular-nums">{t('champions.points', { count: c.points, points: format.number(c.points) })}</span>
                {c.prizeCents > 0 ? <Badge variant="success">{format.money(c.prizeCents)}</Badge> : null}
                {c.badge ? (
                  <Badge variant="outline" title={t('champions.badge')}>
                    <AwardIcon className="size-3" aria-hidden />
                    <span className="sr-only">{t('champions.badge')}</span>
                  </Badge>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
