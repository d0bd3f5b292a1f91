// requestUrl (src/storefront/client.ts) must name exactly the URL axios requests: it is what
// the same-origin check and error messages use, computed without axios' getUri.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import axios from 'axios';
import { requestUrl, serializeQuery } from '../../../src/storefront/request-url';

const BASES = [
  'http://127.0.0.1:4321',
  'http://127.0.0.1:4321/',
  'https://api.example.cn/gateway',
  'https://api.example.cn/gateway/',
];
const PATHS = [
  '/api/v1/product-comment/products/100001/comments',
  'api/v2/product_comment/haul',
  '//api/v2/productcategories',
  '/api/v2/products/1/similar/context/PRODUCT_DETAILS?x=1',
  '/api/v2/haul#frag',
  '',
  '/api/v2/搜索',
  'https://other.example.com/api/x',
  '//evil.example.com/api/x',
];
const PARAMS: (Record<string, string | number | boolean | null | undefined> | undefined)[] = [
  undefined,
  {},
  { commentId: 5000001 },
  { delimiter: '0', size: 30, category: 0, empty: '', none: null, missing: undefined },
  { q: '奶油白 L&x=1', flag: true },
];

test('requestUrl equals what axios requests (getUri + URL resolution) for every base, path and query', () => {
  let n = 0;
  for (const baseURL of BASES) {
    const instance = axios.create({ baseURL, paramsSerializer: { serialize: serializeQuery } });
    for (const path of PATHS) {
      for (const params of PARAMS) {
        const expected = new URL(instance.getUri({ url: path, params }), baseURL).toString();
        assert.equal(requestUrl(baseURL, path, params), expected, JSON.stringify({ baseURL, path, params }));
        n++;
      }
    }
  }
  assert.equal(n, BASES.length * PATHS.length * PARAMS.length);
});
