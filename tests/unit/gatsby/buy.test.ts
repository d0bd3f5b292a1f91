// A page's buy path (issue 45): the app's links with the page's UTM parameters, and the QR code
// of the universal link drawn as the qrcode package's own SVG renderer draws it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import { buyData, qrPath } from '../../../gatsby/pages/buy';

const strokePath = (svg: string) => /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];

test('the QR path is the qrcode renderer’s, quiet zone of 2', async () => {
  for (const text of ['https://www.example-haitao.cn/app/product/1?utmSource=review-site', 'x'.repeat(300)]) {
    const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    const qr = qrPath(text);
    assert.equal(qr.d, strokePath(svg));
    assert.match(svg, new RegExp(`viewBox="0 0 ${qr.size} ${qr.size}"`));
  }
});

test('a hub and a review page: links of their own, the QR of the universal link', () => {
  const hub = buyData('100023', 'hub')!;
  assert.equal(new URL(hub.links.universal).searchParams.get('utmCampaign'), 'product-hub');
  assert.deepEqual(hub.qr, qrPath(hub.links.universal));
  const review = buyData('100023', 'review', '5000001')!;
  assert.equal(new URL(review.links.universal).searchParams.get('utmContent'), '5000001');
  assert.notEqual(review.qr.d, hub.qr.d);
  assert.equal(buyData('1 or 1', 'hub'), null);
});
