import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PRIMARY_COLOR } from '@crimsonhost/shared/constants';
import { precompressAssets } from './build/precompress';
import { ASSET_CACHE, ASSET_CACHE_MAX_ENTRIES } from './src/lib/service-worker-caches';

const API_DEV_TARGET = 'http://127.0.0.1:3000';

/** The app's modules, which the small entry (src/main.tsx) imports once the page has painted. */
const APP_START_MODULE = 'src/app/start.tsx';

/**
 * Preloads the app's modules from the HTML (decision 060): the entry imports them only after the
 * page has painted, and without these links they would start downloading only then. The links
 * list each module after the modules it imports (decision 066): the entry evaluates them in that
 * order, one task each, instead of the whole app in one long task.
 */
function preloadAppStart(): Plugin {
  return {
    name: 'crimsonhost:preload-app-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(APP_START_MODULE));
        if (!start) throw new Error(`The build has no chunk for ${APP_START_MODULE}`);
        // Dependencies first (a depth-first walk that adds a chunk after its imports).
        const seen = new Set<string>();
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          files.add(fileName);
        };
        visit(start.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          }));
        return { html, tags };
      },
    },
  };
}

// The prerender's build (build/prerender.mjs, decision 060) bundles the app for Node, everything
// included, to draw the first screens once at build time: no service worker, no compressed copies.
export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild && {
    ssr: { noExternal: true },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  plugins: [
    react(),
    !isSsrBuild &&
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
              urlPattern: ({ sameOrigin, url }) =>
                sameOrigin && url.pathname.startsWith('/assets/'),
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
    !isSsrBuild && preloadAppStart(),
    !isSsrBuild && precompressAssets(),
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
}));
