import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { moduleClosures } from './build/module-closures';
import { precompress } from './build/precompress';

const closures = moduleClosures({
  firstScreen: ['/src/main.tsx', '/src/app/routes/landing-page.tsx'],
});
/** The bundler's runtime (the lazy-import helper) would otherwise be one more tiny file on the first screen. */
const isFirstScreen = (id: string) => closures.isIn('firstScreen', id) || /rolldown[\\/]runtime/.test(id);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    closures.plugin,
    VitePWA({
      // Registered by src/lib/install.ts after the first screen has loaded.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'CoRide — community ride-hailing',
        short_name: 'CoRide',
        description: 'Upfront prices and 6% total fees. Drivers keep the whole fare before fees: at least 94% of what the rider pays, plus every tip.',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Precached on install: the app shell only (the page, the entry and first-screen chunks, the
        // styles, the icons), so a first visit on a phone does not also download every page of the app.
        // Other chunks are cached as they are used (hashed names: cache first). API responses (personal
        // data) are never cached, and navigations to /api or /ws never fall back to the shell.
        globPatterns: ['index.html', 'assets/{index,first-screen,rolldown-runtime}-*.{js,css}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/ws/],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/[^/]+\.(?:js|css)$/,
            handler: 'CacheFirst',
            options: { cacheName: 'coride-assets', expiration: { maxEntries: 400 } },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: brotli and gzip copies of everything above, the service worker included.
    precompress(),
  ],
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
    conditions: ['source'],
  },
  // Translation files are read whole (`.default`): without named exports a bundled one is one object,
  // not one variable per key plus a namespace object (docs/decisions/023).
  json: { namedExports: false },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
  // The manifest lets bench/web.ts measure each route's initial JavaScript.
  build: {
    // Every browser the app supports has modulepreload (docs/decisions/023).
    modulePreload: { polyfill: false },
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // A shared chunk under 4 KB (an icon, a helper, a small hook) is copied into each chunk that
          // uses it rather than fetched on its own: the booking page went from 49 script requests to 23,
          // and on a phone each was a round trip in the queue (docs/decisions/023). It needs the
          // bundler's strict execution order and no preserved entry signatures (an app has no exports).
          experimentalInlineCommonChunks: { maxSize: 4096 },
          groups: [
            // Everything the landing page needs (docs/decisions/015).
            { name: 'first-screen', test: isFirstScreen },
          ],
        },
      },
    },
  },
});
