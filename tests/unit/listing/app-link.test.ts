// The buy path to this product (issue 45): the app's universal link, scheme and mini program
// page for one product with the spec's UTM parameters, and the checks on configured templates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appProductLinks, checkAppLinkTemplates, utmParams } from '../../../src/listing/app-link';
import { appSettings } from '../../../src/app-settings';

const T = {
  productLink: 'https://shop.example.cn/app/product/{productId}',
  productScheme: 'haitao://product/{productId}',
  miniProgramProductPath: 'pages/product/index?id={productId}',
};

test("one product's links, each with utmSource, utmMedium, utmCampaign and utmContent", () => {
  const hub = appProductLinks('100023', 'hub', undefined, T)!;
  assert.equal(
    hub.universal,
    'https://shop.example.cn/app/product/100023?utmSource=review-site&utmMedium=web&utmCampaign=product-hub&utmContent=100023',
  );
  assert.equal(
    hub.scheme,
    'haitao://product/100023?utmSource=review-site&utmMedium=web&utmCampaign=product-hub&utmContent=100023',
  );
  assert.equal(
    hub.miniProgramPath,
    'pages/product/index?id=100023&utmSource=review-site&utmMedium=web&utmCampaign=product-hub&utmContent=100023',
  );
  const review = appProductLinks('100023', 'review', '5000123', T)!;
  const params = new URL(review.universal).searchParams;
  assert.equal(params.get('utmCampaign'), 'review-page');
  assert.equal(params.get('utmContent'), '5000123', 'the review that sent the shopper');
  assert.deepEqual(
    utmParams('review', '1', '<x>').find(([k]) => k === 'utmContent'),
    ['utmContent', '1'],
    'a malformed review id is not passed on',
  );
  // The site's own configuration passes its checks and gives links.
  assert.ok(appProductLinks('1', 'hub')?.universal.startsWith('https://'));
  assert.deepEqual(checkAppLinkTemplates(appSettings), appSettings);
});

test('an id that is not a product id gives no link', () => {
  for (const id of ['', 'abc', '1/../2', '12 3', '1'.repeat(13), 'javascript:alert(1)', '１２３'])
    assert.equal(appProductLinks(id, 'hub', undefined, T), null, id);
});

test('templates: https universal link, an app scheme, a relative mini program path, one {productId} each', () => {
  const bad: Array<[Partial<typeof T>, RegExp]> = [
    [{ productLink: 'http://shop.example.cn/p/{productId}' }, /APP_PRODUCT_LINK: not an https URL/],
    [{ productLink: 'javascript:alert({productId})' }, /APP_PRODUCT_LINK: not an https URL/],
    [{ productLink: 'https://shop.example.cn/p/' }, /APP_PRODUCT_LINK: needs exactly one \{productId\}/],
    [{ productLink: 'https://x.cn/{productId}/{productId}' }, /needs exactly one/],
    [{ productScheme: 'javascript://{productId}' }, /APP_PRODUCT_SCHEME/],
    [{ productScheme: 'data://{productId}' }, /APP_PRODUCT_SCHEME/],
    [{ productScheme: 'https://x.cn/{productId}' }, /APP_PRODUCT_SCHEME/],
    [{ productScheme: 'product/{productId}' }, /APP_PRODUCT_SCHEME/],
    [{ miniProgramProductPath: 'https://x.cn/?id={productId}' }, /MINI_PROGRAM_PRODUCT_PATH: a page path/],
    [{ miniProgramProductPath: '//x.cn/?id={productId}' }, /MINI_PROGRAM_PRODUCT_PATH/],
    [{ productLink: `https://x.cn/${'a'.repeat(600)}/{productId}` }, /longer than 500/],
  ];
  for (const [change, message] of bad)
    assert.throws(() => appProductLinks('1', 'hub', undefined, { ...T, ...change }), message, JSON.stringify(change));
});
