// A Server Component importing the component directly: the package's React entry is a client module ("use client"),
// so the server renders its empty host div and the browser mounts the app into it. Only serializable props here.
import { MerchantAds } from 'merchant-ads-sdk/react';

export default function Home() {
  return <MerchantAds apiBase="/api" id="merchant-ads" style={{ height: '100vh' }} />;
}
