import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite preview` serves the built app and passes /api on to the merchant API (the test's reference server), so the
// widget's apiBase "/api" is the page's own origin, as a partner's own backend would be.
export default defineConfig({
  plugins: [react()],
  preview: {
    proxy: process.env.MERCHANT_ADS_API
      ? { '/api': { target: process.env.MERCHANT_ADS_API, changeOrigin: true } }
      : undefined,
  },
});
