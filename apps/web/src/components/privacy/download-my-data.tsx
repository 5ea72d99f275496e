import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { apiResponse } from '@/lib/api';

type Stage = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'done' } | { kind: 'failed'; message: string };

/** The file name the server gave (Content-Disposition), or one of ours. */
function fileNameOf(headers: Headers): string {
  const match = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'coride-my-data.json';
}

/** Hands a JSON document to the browser as a downloaded file. */
function saveFile(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * GET /api/users/me/export (contract §8): everything CoRide holds about the signed-in person, saved as
 * a JSON file. The request is signed with the bearer token, so it is fetched and saved from memory
 * rather than opened as a link.
 */
export function DownloadMyData() {
  const { t } = useTranslation('privacy');
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });

  async function download() {
    setStage({ kind: 'preparing' });
    try {
      const { data, headers } = await apiResponse('/api/users/me/export');
      saveFile(fileNameOf(headers), data);
      setStage({ kind: 'done' });
    } catch (error) {
      setStage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  }

  const isPreparing = stage.kind === 'preparing';
  return (
    <div className="grid gap-3" data-testid="download-my-data">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => void download()}
        disabled={isPreparing}
        data-testid="download-my-data-button"
      >
        <DownloadIcon aria-hidden />
        {t('export.download')}
      </Button>
      {stage.kind === 'idle' ? null : (
        <Progress
          value={stage.kind === 'preparing' ? 50 : 100}
          aria-label={t('export.progressLabel')}
          className={stage.kind === 'failed' ? 'opacity-50' : undefined}
        />
      )}
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground" data-testid="download-my-data-status">
        {stage.kind === 'preparing' ? t('export.preparing') : stage.kind === 'done' ? t('export.ready') : null}
      </p>
      {stage.kind === 'failed' ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {t('export.failed')} {stage.message}
        </p>
      ) : null}
    </div>
  );
}
