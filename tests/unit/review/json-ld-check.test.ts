// The structural JSON-LD checker (tests/helpers/json-ld.ts) must be able to fail: each rule is
// broken once here and must be reported.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkJsonLd, jsonLdScripts, parseJsonLd } from '../../helpers/json-ld';

const good = () => ({
  '@context': 'https://schema.org',
  '@type': 'Review',
  url: 'https://www.example.cn/review/1/2/',
  datePublished: '2025-03-08T12:00:00+08:00',
  author: { '@type': 'Person', name: '小明' },
  itemReviewed: {
    '@type': 'Product',
    name: '托特包',
    image: ['https://www.example.cn/media/a.jpg'],
    offers: { '@type': 'Offer', price: '9.90', priceCurrency: 'CNY' },
  },
  reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
});
const crumbs = () => ({
  '@context': 'https://schema.org',
  '@type': 'BreadcrumbList',
  itemListElement: [
    { '@type': 'ListItem', position: 1, name: '首页', item: 'https://www.example.cn/review/' },
    { '@type': 'ListItem', position: 2, name: '晒单', item: 'https://www.example.cn/review/1/2/' },
  ],
});

test('valid blocks pass', () => {
  assert.deepEqual(checkJsonLd(good()), []);
  assert.deepEqual(checkJsonLd(crumbs()), []);
  assert.deepEqual(checkJsonLd([good(), crumbs()]), []);
  assert.deepEqual(
    checkJsonLd({ '@context': 'https://schema.org', '@graph': [{ ...good(), '@context': undefined }] }).filter(
      (p) => !p.includes('@context'),
    ),
    [],
  );
});

test('each broken rule is reported', () => {
  const cases: Array<[string, (b: any) => void, RegExp]> = [
    [
      'context',
      (b) => {
        b['@context'] = 'http://schema.org/';
      },
      /@context/,
    ],
    [
      'unknown type',
      (b) => {
        b['@type'] = 'Reviw';
      },
      /not a type/,
    ],
    [
      'unknown property',
      (b) => {
        b.ratingvalue = 5;
      },
      /no property ratingvalue/,
    ],
    [
      'author name',
      (b) => {
        b.author.name = ' ';
      },
      /name is not text/,
    ],
    [
      'author missing',
      (b) => {
        delete b.author;
      },
      /author is required/,
    ],
    [
      'product name',
      (b) => {
        delete b.itemReviewed.name;
      },
      /Product.name is required/,
    ],
    [
      'product image',
      (b) => {
        delete b.itemReviewed.image;
      },
      /Product.image is required/,
    ],
    [
      'relative image',
      (b) => {
        b.itemReviewed.image = ['/media/a.jpg'];
      },
      /image/,
    ],
    [
      'javascript url',
      (b) => {
        b.url = 'javascript:alert(1)';
      },
      /url/,
    ],
    [
      'item type',
      (b) => {
        b.itemReviewed['@type'] = 'Person';
      },
      /not one of Product/,
    ],
    [
      'rating above best',
      (b) => {
        b.reviewRating.ratingValue = 6;
      },
      /not within 1..5/,
    ],
    [
      'rating below worst',
      (b) => {
        b.reviewRating.ratingValue = 0;
      },
      /not within 1..5/,
    ],
    [
      'rating missing',
      (b) => {
        delete b.reviewRating;
      },
      /reviewRating is required/,
    ],
    [
      'date',
      (b) => {
        b.datePublished = '2025/03/08';
      },
      /ISO 8601/,
    ],
    [
      'price',
      (b) => {
        b.itemReviewed.offers.price = '¥9.90';
      },
      /price/,
    ],
    [
      'currency',
      (b) => {
        b.itemReviewed.offers.priceCurrency = 'RMB元';
      },
      /priceCurrency/,
    ],
  ];
  for (const [name, breakIt, expected] of cases) {
    const b = good();
    breakIt(b);
    const problems = checkJsonLd(b);
    assert.ok(
      problems.some((p) => expected.test(p)),
      `${name}: ${JSON.stringify(problems)}`,
    );
  }
});

test('breadcrumb positions, names and URLs are checked', () => {
  const cases: Array<[string, (b: any) => void, RegExp]> = [
    [
      'position',
      (b) => {
        b.itemListElement[1].position = 3;
      },
      /position 3, expected 2/,
    ],
    [
      'name',
      (b) => {
        delete b.itemListElement[0].name;
      },
      /ListItem.name is required/,
    ],
    [
      'relative item',
      (b) => {
        b.itemListElement[0].item = '/review/';
      },
      /absolute/,
    ],
    [
      'empty',
      (b) => {
        b.itemListElement = [];
      },
      /non-empty/,
    ],
    [
      'item type',
      (b) => {
        b.itemListElement[0]['@type'] = 'Thing';
      },
      /ListItem|not a type/,
    ],
  ];
  for (const [name, breakIt, expected] of cases) {
    const b = crumbs();
    breakIt(b);
    assert.ok(
      checkJsonLd(b).some((p) => expected.test(p)),
      `${name}: ${JSON.stringify(checkJsonLd(b))}`,
    );
  }
});

test('a Review nested in its Product needs no itemReviewed; a top-level one does (issue 22)', () => {
  const review = {
    '@type': 'Review',
    author: { '@type': 'Person', name: '小王' },
    datePublished: '2025-03-08T12:00:00+08:00',
    reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
  };
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: '包',
    image: ['https://example.com/a.jpg'],
    review: [review],
  };
  assert.deepEqual(checkJsonLd(product), []);
  assert.ok(checkJsonLd({ '@context': 'https://schema.org', ...review }).some((p) => p.includes('itemReviewed')));
});

test('a Product on its own needs a review, rating or offer', () => {
  const p = { '@context': 'https://schema.org', '@type': 'Product', name: 'x', image: 'https://a.example/x.jpg' };
  assert.ok(checkJsonLd(p).some((m) => /needs review/.test(m)));
});

test('scripts are cut where the HTML tokenizer cuts them; unescaped text does not parse', () => {
  const html =
    '<script type="application/ld+json">{"a":"</script><script>x</script>"}</script><script>1</script>' +
    '<script type="application/ld+json">{"b":1}</script>';
  const raw = jsonLdScripts(html);
  assert.deepEqual(raw, ['{"a":"', '{"b":1}']);
  assert.equal(parseJsonLd(raw[0]).ok, false);
  assert.deepEqual(parseJsonLd(raw[1]), { ok: true, value: { b: 1 } });
  assert.equal(parseJsonLd('{"a":"<!--"}').ok, false);
});
