import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Both of Vite's servers (`vite` while developing, `vite preview` for the build) pass /api on to the API server named
// by MERCHANT_ADS_API, so the element's `api-base="/api"` is the page's own origin, as on a partner's site.
const proxy = { '/api': { target: process.env.MERCHANT_ADS_API, changeOrigin: true } };

export default defineConfig({
  plugins: [svelte()],
  server: { proxy },
  preview: { proxy },
});
