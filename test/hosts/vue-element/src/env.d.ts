/// <reference types="vite/client" />
// The package's template types: <merchant-ads>'s attributes, properties and @merchant-ads:… listeners, checked by
// vue-tsc in every template of the app.
/// <reference types="merchant-ads-sdk/vue" />
