// Importing the package in jsdom does nothing to the page: no element, no style, no attribute, no global. Its own
// file, with nothing imported before the page is looked at: a static import anywhere in this file would run first.
test('importing both entries touches neither the document nor window', async () => {
  const page = document.documentElement.outerHTML;
  const globals = Object.keys(window).sort();
  const { mount } = await import('merchant-ads-sdk');
  const { MerchantAds } = await import('merchant-ads-sdk/react');
  expect([typeof mount, MerchantAds.displayName]).toEqual(['function', 'MerchantAds']);
  expect(document.documentElement.outerHTML).toBe(page);
  expect(Object.keys(window).sort()).toEqual(globals);
});
