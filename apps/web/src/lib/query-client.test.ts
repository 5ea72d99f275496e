import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, forgetPreviousUser } from './query-client';

/** A screen's query as React mounts it: an observer subscribed to the cache, counting its reads. */
function mountedQuery(client: ReturnType<typeof createQueryClient>, answers: string[]) {
  let reads = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['/api/drivers/documents'],
    queryFn: async () => answers[Math.min(reads++, answers.length - 1)],
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { unsubscribe, reads: () => reads, latest: () => observer.getCurrentResult().data };
}

describe('forgetPreviousUser', () => {
  it('drops the previous person’s answers', async () => {
    const client = createQueryClient();
    client.setQueryData(['/api/users/me'], { id: 'previous' });
    await forgetPreviousUser(client);
    expect(client.getQueryData(['/api/users/me'])).toBeUndefined();
  });

  it('keeps a screen mounted in the same commit connected: a later invalidation still refreshes it', async () => {
    const client = createQueryClient();
    // The documents step mounts and starts reading, then the sign-in effect forgets the previous person.
    const screen = mountedQuery(client, ['[] (first read)', '[licence] (after the upload)']);
    await forgetPreviousUser(client);
    await expect.poll(() => screen.latest()).toBeDefined();
    const readsBefore = screen.reads();
    // The upload succeeds and invalidates the list: the mounted screen reads it again and shows it.
    await client.invalidateQueries({ queryKey: ['/api/drivers/documents'] });
    expect(screen.reads()).toBe(readsBefore + 1);
    expect(screen.latest()).toBe('[licence] (after the upload)');
    screen.unsubscribe();
  });

  it('drops pending mutations of the previous person', async () => {
    const client = createQueryClient();
    client.getMutationCache().build(client, { mutationFn: async () => 'x' });
    expect(client.getMutationCache().getAll()).toHaveLength(1);
    await forgetPreviousUser(client);
    expect(client.getMutationCache().getAll()).toHaveLength(0);
  });
});
