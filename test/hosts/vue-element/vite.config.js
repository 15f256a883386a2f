import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// Both of Vite's servers (`vite` while developing, `vite preview` for the build) pass /api on to the API server named
// by MERCHANT_ADS_API, so the element's api-base="/api" is the page's own origin, as on a partner's site.
const proxy = { '/api': { target: process.env.MERCHANT_ADS_API, changeOrigin: true } };

export default defineConfig({
  plugins: [
    vue({
      // <merchant-ads> is a custom element, not a Vue component: Vue creates it as it is (no "failed to resolve
      // component" warning), in the browser build and in the server one alike.
      template: { compilerOptions: { isCustomElement: (tag) => tag === 'merchant-ads' } },
    }),
  ],
  // A production build compares the server-rendered attributes Vue knows (class, style, the HTML ones) with the page's
  // only under this flag: without it an attribute mismatch passes unseen in the server-rendered page; with it any
  // mismatch logs "Hydration completed but contains mismatches" (an error) and its details.
  define: { __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'true' },
  server: { proxy },
  preview: { proxy },
});
