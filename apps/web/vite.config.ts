import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '@crimsonhost/shared/constants';
import { precompressAssets } from './build/precompress';

const API_DEV_TARGET = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      // Registration is ours (src/lib/service-worker.ts): no inline script, so the CSP stays strict.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'theme-init.js'],
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
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        cleanupOutdatedCaches: true,
      },
    }),
    precompressAssets(),
  ],
  build: {
    // The byte-budget test and `npm run bench:web` walk the chunks each page loads from it.
    manifest: true,
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
