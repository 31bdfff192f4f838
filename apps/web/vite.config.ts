import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '@crimsonhost/shared/constants';
import { precompressAssets } from './build/precompress';
import { ASSET_CACHE, ASSET_CACHE_MAX_ENTRIES } from './src/lib/service-worker-caches';

const API_DEV_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      // Registration is ours (src/lib/service-worker.ts): no inline script, so the CSP stays strict.
      injectRegister: false,
      registerType: 'autoUpdate',
      // The precache is the shell (decision 023): index.html (globPatterns), these, the manifest.
      includeAssets: ['favicon.svg', 'theme-init.js'],
      // Browsers fetch the install icons themselves when someone installs the app.
      includeManifestIcons: false,
      manifest: {
        name: 'CrimsonHost',
        short_name: 'CrimsonHost',
        description: 'Rent game servers by the hour and pay with USDT.',
        theme_color: PRIMARY_COLOR,
        background_color: '#141414',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/pwa-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      // Decision 023: the worker installs with the shell only, the page hands it the files it
      // loaded, and every other file is cached the first time it is used.
      workbox: {
        globPatterns: ['index.html'],
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        // A new release takes over open tabs at once; a tab picks it up at its next navigation
        // (src/lib/service-worker.ts), never in the middle of a form.
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // The shell from the network every time, so a deploy is seen on the next page load;
            // the precached copy only when the network fails (offline).
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
            handler: 'NetworkOnly',
            options: {
              plugins: [
                {
                  handlerDidError: () => caches.match('/index.html', { ignoreSearch: true }),
                },
              ],
            },
          },
          {
            // Hashed names never change content: once cached, never asked for again. (The
            // function is copied into the worker as text, so it names the folder itself.)
            urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: ASSET_CACHE,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: ASSET_CACHE_MAX_ENTRIES, purgeOnQuotaError: true },
            },
          },
        ],
      },
    }),
    precompressAssets(),
  ],
  build: {
    // The byte-budget test and `npm run bench:web` walk the chunks each page loads from it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_DEV_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_DEV_TARGET, changeOrigin: true },
    },
  },
});
