import { AlertCircleIcon, ChevronsDownIcon, Loader2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '@/components/ui/action-button';
import type { PagedList } from './use-paged-list';

type LoadMoreState = Pick<PagedList<unknown>, 'items' | 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'error' | 'fetchNextPage'>;

/**
 * "Load more" under a paged list. While the next page loads it reads "Loading…" with a spinner and is
 * aria-disabled (not disabled: the keyboard focus stays on it, and on it the newly loaded rows are one
 * Shift+Tab away); on the last page it is gone. A failure is announced (role="alert") and the button
 * stays to try again. A polite status says how many items are shown, so a screen reader hears the
 * list grow. `describedBy`: the id of the list's heading, when a page holds several lists.
 */
export function LoadMoreButton({ list, describedBy, testId = 'load-more' }: { list: LoadMoreState; describedBy?: string; testId?: string }) {
  const { t } = useTranslation('common');
  const { items, hasNextPage, isFetchingNextPage, isFetchNextPageError, error, fetchNextPage } = list;
  if (!hasNextPage && !isFetchNextPageError && items.length === 0) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p role="status" className="sr-only">
        {t('paging.shown', { count: items.length })}
      </p>
      {isFetchNextPageError ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive" data-testid={`${testId}-error`}>
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('paging.loadMoreFailed')}
            {error instanceof Error ? ` ${error.message}` : null}
          </span>
        </p>
      ) : null}
      {hasNextPage ? (
        <ActionButton variant="outline" isPending={isFetchingNextPage} onClick={() => void fetchNextPage()} aria-describedby={describedBy} data-testid={testId}>
          {isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden /> : <ChevronsDownIcon aria-hidden />}
          {isFetchingNextPage ? t('loading') : t('paging.loadMore')}
        </ActionButton>
      ) : null}
    </div>
  );
}
