// Head data and structured data of a review page (spec section 9, issue 11: the product is
// named in title, description, keywords and itemReviewed; JSON-LD per the review-snippet
// rules, checked by the same checker the build-output test runs over every built page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewHead, reviewSummary, jsonLdText } from '../../../src/review/head';
import { shareCard } from '../../../src/review/share';
import { toReviewView, type ReviewView } from '../../../src/review/view';
import { reviewCrumbs } from '../../../src/review/crumbs';
import { siteConfig } from '../../../src/site-config';
import { checkJsonLd, jsonLdScripts, parseJsonLd } from '../../helpers/json-ld';

const POSTED = Date.UTC(2025, 2, 8, 4, 0, 0); // 2025-03-08 12:00 CST

function review(over: Record<string, unknown> = {}, sku: Record<string, unknown> = {}): ReviewView {
  const r = toReviewView({
    id: 5000001,
    productId: 100001,
    content: '颜色很正，尺码合适，做工精细，物流也快。',
    userLabel: '一只阿杰',
    postedAt: POSTED,
    productCommentLabel: { productSatisfyScore: 4, wordTags: ['做工好', '颜色正'] },
    pictures: [
      {
        id: 1,
        full: { url: '/media/review/1.jpg', width: 800, height: 800 },
        thumbnail: { url: '/media/review/1-t.jpg', width: 160, height: 160 },
      },
    ],
    sku: {
      productId: 100001,
      name: '一只阿杰 真皮托特包|酒红色 XS',
      cents: 12999,
      color: { name: '酒红色' },
      size: { name: 'XS' },
      attributes: { attributes: { exchangeRateUsed: { choices: [7.1234] } } },
      images: [{ full: { url: '/media/sku/s1.jpg' }, thumbnail: { url: '/media/sku/s1-t.jpg' } }],
      ...sku,
    },
    ...over,
  });
  assert.ok(r.ok);
  return r.review;
}

const blocks = (r: ReviewView) => reviewHead(r).jsonLd as unknown as Array<Record<string, any>>;
const ofType = (r: ReviewView, type: string) => blocks(r).find((b) => b['@type'] === type);

test('title, description and keywords name the product, not the variant (issue 11, defect 2)', () => {
  const h = reviewHead(review());
  assert.equal(h.title, `一只阿杰的一只阿杰 真皮托特包晒单 - ${siteConfig.siteName}`);
  assert.ok(!h.title.includes('酒红色'), h.title);
  assert.ok(h.description.startsWith('一只阿杰的一只阿杰 真皮托特包晒单：颜色很正'), h.description);
  assert.equal(h.keywords.split(',')[0], '一只阿杰 真皮托特包');
  assert.ok(!h.keywords.includes('酒红色 XS'));
  assert.ok(h.keywords.includes('做工好'));
});

test('a sku name without "|" is the product name; no sku name leaves the product out', () => {
  assert.match(reviewHead(review({}, { name: 'Coach 托特包' })).title, /^一只阿杰的Coach 托特包晒单 - /);
  const none = reviewHead(review({ sku: null }));
  assert.equal(none.title, `一只阿杰的晒单 - ${siteConfig.siteName}`);
  assert.equal(ofType(review({ sku: null }), 'Review'), undefined, 'no Review without a product name');
});

test('a short review text leads the title; the anonymous label matches the reviewer card', () => {
  const h = reviewHead(review({ content: '很好看', userLabel: null }));
  assert.equal(h.title, `很好看 - 匿名用户的一只阿杰 真皮托特包晒单 - ${siteConfig.siteName}`);
  // Issue 22: "匿名用户" is no Person to name, so an anonymous review has no Review block (the
  // breadcrumb stays).
  assert.equal(ofType(review({ content: '很好看', userLabel: null }), 'Review'), undefined);
  assert.equal(ofType(review({ content: '很好看', userLabel: '  ' }), 'Review'), undefined);
  assert.ok(ofType(review({ content: '很好看', userLabel: null }), 'BreadcrumbList'));
});

test('issue 22: a thin review (default praise or no text, no media) is noindex without canonical or Review block', () => {
  for (const content of ['', '  ', siteConfig.defaultPraise]) {
    const r = review({ content, pictures: [], videos: [] });
    const h = reviewHead(r);
    assert.equal(h.noindex, true, JSON.stringify(content));
    assert.equal(ofType(r, 'Review'), undefined);
  }
  // Media or text of its own make it useful: indexable, with its Review block.
  assert.equal(reviewHead(review({ content: siteConfig.defaultPraise })).noindex, false);
  assert.ok(ofType(review({ content: siteConfig.defaultPraise }), 'Review'));
  assert.equal(reviewHead(review({ content: '好', pictures: [], videos: [] })).noindex, false);
});

test('Review: itemReviewed is the Product with its name, image and offer in CNY; author, rating, date', () => {
  const r = review();
  const ld = ofType(r, 'Review')!;
  assert.deepEqual(checkJsonLd(ld), []);
  assert.equal(ld['@context'], 'https://schema.org');
  assert.equal(ld.url, `${siteConfig.siteUrl}/review/100001/5000001/`);
  assert.equal(ld.itemReviewed['@type'], 'Product');
  assert.equal(ld.itemReviewed.name, '一只阿杰 真皮托特包');
  assert.deepEqual(ld.itemReviewed.image, [`${siteConfig.siteUrl}/media/review/1.jpg`]);
  assert.equal(ld.itemReviewed.url, `${siteConfig.siteUrl}/review/pd/100001/`);
  assert.deepEqual(ld.itemReviewed.offers, {
    '@type': 'Offer',
    price: '925.97',
    priceCurrency: 'CNY',
    url: `${siteConfig.siteUrl}/review/pd/100001/`,
  });
  assert.deepEqual(ld.author, { '@type': 'Person', name: '一只阿杰' });
  assert.deepEqual(ld.reviewRating, { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 });
  assert.equal(ld.datePublished, '2025-03-08T12:00:00+08:00');
  assert.equal(ld.reviewBody, '颜色很正，尺码合适，做工精细，物流也快。');
});

test('Product image: the sku picture when the review has none; no offer without a price', () => {
  const ld = ofType(review({ pictures: [] }, { cents: null }), 'Review')!;
  assert.deepEqual(ld.itemReviewed.image, [`${siteConfig.siteUrl}/media/sku/s1.jpg`]);
  assert.equal(ld.itemReviewed.offers, undefined);
  assert.deepEqual(checkJsonLd(ld), []);
});

test('no Review block when a required fact is missing (rating, image, date); the breadcrumb stays', () => {
  for (const r of [
    review({ productCommentLabel: null }),
    review({ pictures: [] }, { images: [] }),
    review({ postedAt: null }),
  ]) {
    assert.deepEqual(
      blocks(r).map((b) => b['@type']),
      ['BreadcrumbList'],
    );
  }
});

test('BreadcrumbList: the visible crumbs, positions 1..n, absolute URLs, the page last', () => {
  const r = review();
  const ld = ofType(r, 'BreadcrumbList')!;
  assert.deepEqual(checkJsonLd(ld), []);
  const crumbs = reviewCrumbs(r);
  assert.deepEqual(
    ld.itemListElement.map((i: { name: string }) => i.name),
    crumbs.map((c) => c.label),
  );
  assert.deepEqual(
    ld.itemListElement.map((i: { item: string }) => i.item),
    [
      `${siteConfig.siteUrl}/review/`,
      `${siteConfig.siteUrl}/review/haul/`,
      `${siteConfig.siteUrl}/review/100001/5000001/`,
    ],
  );
  assert.equal(crumbs[2].label, '颜色很正，尺码合适，做工精细，物流也快。');
});

test('hostile text stays text: every block parses after embedding in a <script> and cannot close it', () => {
  const evil = '</script><script>alert(1)</script><!-- \u2028 & "q"';
  const r = review({ content: evil, userLabel: `<b>${evil}</b>` }, { name: `${evil}|变体` });
  for (const b of blocks(r)) {
    const html = `<head><script type="application/ld+json">${jsonLdText(b)}</script></head>`;
    const [raw] = jsonLdScripts(html);
    const parsed = parseJsonLd(raw);
    assert.ok(parsed.ok, JSON.stringify(parsed));
    if (parsed.ok) assert.deepEqual(parsed.value, JSON.parse(JSON.stringify(b)));
    assert.deepEqual(checkJsonLd(parsed.ok ? parsed.value : null), []);
  }
  assert.equal(ofType(r, 'Review')!.itemReviewed.name as string, evil.replace(/\s+/g, ' ').trim());
});

test('issue 44: a text-only review shares its product picture; none without one', () => {
  const textOnly = reviewHead(review({ pictures: [] }));
  assert.equal(textOnly.image, `${siteConfig.siteUrl}/media/sku/s1.jpg`);
  assert.equal(textOnly.imageWidth, null);
  assert.equal(reviewHead(review({ pictures: [] }, { images: [] })).image, null);
  assert.equal(reviewHead(review()).image, `${siteConfig.siteUrl}/media/review/1.jpg`, 'a picture first');
});

test('issue 44: each word tag once, trimmed', () => {
  const r = review({
    productCommentLabel: { productSatisfyScore: 4, wordTags: ['做工好', ' 做工好 ', '颜色正', '做工好', ''] },
  });
  assert.deepEqual(r.tags, ['做工好', '颜色正']);
});

test('issue 40: the share card and the summary say what the head says, without computing its JSON-LD', () => {
  for (const r of [
    review(),
    review({ pictures: [] }),
    review({ pictures: [] }, { images: [] }),
    review({ content: '' }),
    review({}, { name: '' }),
  ]) {
    const h = reviewHead(r);
    const s = reviewSummary(r);
    assert.deepEqual(
      {
        title: s.title,
        description: s.description,
        canonical: s.canonical,
        image: s.image,
        w: s.imageWidth,
        ht: s.imageHeight,
      },
      {
        title: h.title,
        description: h.description,
        canonical: h.canonical,
        image: h.image,
        w: h.imageWidth,
        ht: h.imageHeight,
      },
    );
    assert.equal('jsonLd' in s, false, 'no JSON-LD in the summary');
    assert.deepEqual(shareCard(r), { title: h.title, desc: h.description, link: h.canonical, imgUrl: h.image ?? '' });
  }
});
