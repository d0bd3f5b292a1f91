// A product hub's review cards as HTML (src/listing/review-items-html.ts, issue 40): the one
// drawing of the cards, set as HTML by the server, by React and by the filter's plain script,
// so every user text and URL must come out escaped and safe. Parsed back with an HTML parser:
// what a browser builds from it is what is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, type HTMLElement } from 'node-html-parser';
import { reviewItemsHtml } from '../../../src/listing/review-items-html';
import { COMMENT_PAGE_SIZE, withPage } from '../../../src/listing/comments-page';
import type { ProductReviewItem } from '../../../src/listing/types';
import { PATH_PREFIX, reviewPath } from '../../../src/paths';
import { formatPostedDate } from '../../../src/review/format';
import { siteConfig } from '../../../src/site-config';

const HOSTILE = `</p><script>alert(1)</script><img src=x onerror="alert(2)">'"&amp;`;

const item = (over: Partial<ProductReviewItem> = {}): ProductReviewItem => ({
  id: '7001',
  productId: '100001',
  content: '很好穿，尺码标准',
  userLabel: '小*明',
  userAvatar: 'https://img.example.com/a.jpg',
  likes: 12,
  postedAt: Date.UTC(2026, 10, 3, 20, 0),
  score: 4,
  tags: ['舒服', '好看'],
  spec: '颜色：黑色 尺码：M',
  images: [
    { url: '/media/p1.jpg', width: 240, height: 320 },
    { url: '/media/p2.jpg', width: 240, height: 240 },
  ],
  ...over,
});

/** Every element of the drawing, its tag and attributes, for what must never be there. */
const elements = (root: HTMLElement) => root.querySelectorAll('*');

test('a card: the hub card markup, every field in its place', () => {
  const r = item();
  const root = parse(reviewItemsHtml([r], false));
  const li = root.querySelector('ul.previews__list > li.preview')!;
  assert.ok(li, 'one card in the list');
  assert.equal(li.getAttribute('data-comment-id'), '7001');
  assert.equal(li.getAttribute('data-likes'), '12');
  const avatar = li.querySelector('.preview__head img.preview__avatar')!;
  assert.deepEqual(
    [
      avatar.getAttribute('src'),
      avatar.getAttribute('alt'),
      avatar.getAttribute('width'),
      avatar.getAttribute('loading'),
    ],
    ['https://img.example.com/a.jpg', '', '32', 'lazy'],
  );
  assert.equal(li.querySelector('.preview__user')!.text, '小*明');
  const stars = li.querySelector('.stars')!;
  assert.equal(stars.getAttribute('role'), 'img');
  assert.equal(stars.getAttribute('aria-label'), '满意度 4 星（满分 5 星）');
  assert.equal(li.querySelectorAll('.star.star--on').length, 4);
  assert.equal(li.querySelectorAll('.star').length, 5);
  const date = formatPostedDate(r.postedAt)!;
  assert.equal(li.querySelector('time.preview__date')!.getAttribute('datetime'), date);
  assert.equal(li.querySelector('time.preview__date')!.text, date);
  assert.equal(li.querySelector('.preview__spec')!.text, r.spec);
  assert.equal(li.querySelector('.preview__text')!.text, r.content);
  assert.deepEqual(
    li.querySelectorAll('.preview__tags li').map((t) => t.text),
    ['舒服', '好看'],
  );
  assert.deepEqual(
    li
      .querySelectorAll('.preview__imgs img')
      .map((i) => [i.getAttribute('src'), i.getAttribute('alt'), i.getAttribute('width'), i.getAttribute('height')]),
    [
      ['/media/p1.jpg', '晒单图片1', '240', '320'],
      ['/media/p2.jpg', '晒单图片2', '240', '240'],
    ],
  );
  assert.equal(li.querySelector('.preview__likes')!.text, '♥ 12');
  const link = li.querySelector('a.preview__link')!;
  assert.equal(link.getAttribute('href'), PATH_PREFIX + reviewPath('100001', '7001'));
  assert.equal(link.text, '查看晒单详情 ›');
});

test('a bare card: the placeholder avatar, 匿名用户, no stars, date, spec, tags or pictures, 赞, the default praise', () => {
  const li = parse(
    reviewItemsHtml(
      [
        item({
          userAvatar: null,
          userLabel: null,
          score: null,
          postedAt: null,
          spec: '',
          tags: [],
          images: [],
          likes: 0,
          content: '  ',
        }),
      ],
      false,
    ),
  ).querySelector('li.preview')!;
  assert.equal(li.querySelector('span.preview__avatar')!.getAttribute('aria-hidden'), 'true');
  assert.equal(li.querySelector('.preview__user')!.text, '匿名用户');
  for (const sel of ['.stars', 'time', '.preview__spec', '.preview__tags', '.preview__imgs'])
    assert.equal(li.querySelector(sel), null, sel);
  assert.equal(li.querySelector('.preview__likes')!.text, '♥ 赞');
  assert.equal(li.querySelector('.preview__text')!.text, siteConfig.defaultPraise);
});

test('no cards: 暂无评价, or nothing while the first page is on its way', () => {
  assert.equal(parse(reviewItemsHtml([], false)).querySelector('p.lst-empty')!.text, '暂无评价');
  assert.equal(reviewItemsHtml([], true), '');
});

test('user text and URLs come out as text and safe URLs only: nothing a reviewer writes becomes markup', () => {
  const root = parse(
    reviewItemsHtml(
      [
        item({
          id: `1"><b>`,
          content: HOSTILE,
          userLabel: HOSTILE,
          spec: HOSTILE,
          tags: [HOSTILE],
          userAvatar: 'javascript:alert(3)',
          images: [
            { url: 'javascript:alert(4)', width: 10, height: 10 },
            { url: ' data:text/html,<script>alert(5)</script>', width: 10, height: 10 },
            { url: '//evil.example/x.jpg', width: 10, height: 10 },
            { url: '/media/ok.jpg', width: Number.NaN, height: -3 },
          ],
        }),
      ],
      false,
    ),
  );
  const li = root.querySelector('li.preview')!;
  for (const sel of ['.preview__text', '.preview__user', '.preview__spec', '.preview__tags li'])
    assert.equal(li.querySelector(sel)!.text, HOSTILE, `${sel} is the text as written`);
  assert.equal(li.getAttribute('data-comment-id'), `1"><b>`);
  const tags = new Set(elements(root).map((el) => el.tagName.toLowerCase()));
  for (const t of ['script', 'b']) assert.ok(!tags.has(t), `no <${t}>`);
  const attrs = elements(root).flatMap((el) => Object.entries(el.attributes));
  assert.deepEqual(
    attrs.filter(([name]) => /^on/i.test(name)),
    [],
    'no handler attribute',
  );
  const urls = attrs.filter(([name]) => name === 'src' || name === 'href').map(([, v]) => v);
  assert.ok(urls.length >= 2, `the link and the safe picture: ${urls}`);
  assert.deepEqual(
    urls.filter((u) => !/^(\/[^/\\]|https?:)/.test(u)),
    [],
    'every source and link root-relative or http(s)',
  );
  // The unsafe avatar is the placeholder; of the pictures only the safe one, with a usable size.
  assert.ok(li.querySelector('span.preview__avatar'));
  assert.deepEqual(
    li
      .querySelectorAll('.preview__imgs img')
      .map((i) => [i.getAttribute('src'), i.getAttribute('width'), i.getAttribute('height')]),
    [['/media/ok.jpg', '1', '1']],
  );
});

test('a page of the comment query: malformed and off-filter reviews left out, useful ones first, more while the total says so', () => {
  const wire = (id: number, over: Record<string, unknown> = {}, tags = ['舒服']) => ({
    id,
    productId: 100001,
    content: '质量很好，穿着舒服，尺码合适，推荐购买',
    userLabel: '小明',
    likes: id,
    postedAt: Date.UTC(2026, 9, id),
    productCommentLabel: { productSatisfyScore: 5, wordTags: tags },
    ...over,
  });
  const res = {
    comments: [wire(1, { content: '' }), wire(2), wire(9, { postedAt: '昨天' }), wire(3, {}, ['偏大']), wire(4)],
    total: 30,
  };
  const page = withPage(res as never, '100001', { kind: 'tag', tag: '舒服' }, 0, []);
  assert.deepEqual(
    page.items.map((r) => r.id),
    ['2', '4', '1'],
    'the thin review after the useful ones; the malformed and the 偏大 one left out',
  );
  assert.equal(page.next, 5, 'the next page starts after every review of the answer, shown or not');
  assert.equal(page.hasMore, true);
  const more = withPage({ comments: [wire(5), wire(2)], total: 7 } as never, '100001', { kind: 'all' }, 5, page.items);
  assert.deepEqual(
    more.items.map((r) => r.id),
    ['2', '4', '1', '5'],
    'a later page adds only what the list lacks',
  );
  assert.equal(more.hasMore, false);
  const noTotal = withPage(
    { comments: Array.from({ length: COMMENT_PAGE_SIZE }, (_, i) => wire(i + 1)) } as never,
    '100001',
    { kind: 'all' },
    0,
    [],
  );
  assert.equal(noTotal.hasMore, true, 'without a total, a full page means there may be more');
});
