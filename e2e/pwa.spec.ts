import { expect, test } from '@playwright/test';

test.describe('installable app', () => {
  test('serves a web app manifest with icons and registers the service worker', async ({ page, request }) => {
    const manifestResponse = await request.get('/manifest.webmanifest');
    expect(manifestResponse.ok()).toBe(true);
    const manifest = (await manifestResponse.json()) as { name: string; display: string; start_url: string; icons: { sizes: string; purpose?: string }[] };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src?: string }[]) expect((await request.get(icon.src!)).ok()).toBe(true);

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
  });

  test('the first visit precaches the app shell only, not every page of the app', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        for (const key of await (await caches.open(name)).keys()) urls.push(new URL(key.url).pathname);
      }
      return urls;
    });
    expect(precached).toContain('/index.html');
    expect(precached.some((url) => /^\/assets\/first-screen-.+\.js$/.test(url))).toBe(true);
    // The shell: the page, the entry and first-screen code, the styles, the icons and the manifest.
    const beyondShell = precached.filter((url) => url.startsWith('/assets/') && !/^\/assets\/(index|first-screen|rolldown-runtime)-[^/]+\.(js|css)$/.test(url));
    expect(beyondShell).toEqual([]);
  });

  test('after a first visit the app shell and the pages used load offline, and API responses are never served from the cache', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Wait until the worker controls the page (first visit installs it; it claims the client).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 }).catch(async () => page.reload());
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // A page's own chunks are cached when it is first used (the precache holds the shell only).
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Join Our Community' })).toBeVisible();
    const api = await page.evaluate(async () => {
      try {
        const response = await fetch('/api/health');
        return `status ${response.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(api).toBe('network error');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) for (const key of await (await caches.open(name)).keys()) urls.push(new URL(key.url).pathname);
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    await context.setOffline(false);
  });
});
