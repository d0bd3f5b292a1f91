import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  footerLinkGroups,
  mobileMenuLinks,
  serviceLinks,
  type ShellLink,
} from '../../../src/components/shell/nav-links';
import { getNavigation } from '../../../src/components/shell/nav-source';
import { megaMenu as getMegaMenu } from '../../../src/components/shell/mega-menu-data';
import { withPrefix } from '../../../src/paths';
import { siteConfig } from '../../../src/site-config';

/** Every footer link, flattened (the desktop and the mobile footer show the same links). */
const footerLinks = (nav: readonly ShellLink[]) => footerLinkGroups(nav).flatMap((g) => g.links);
const root = join(__dirname, '..', '..', '..');

test('mobile menu: exactly the six entries of spec section 2, in order, with their hrefs', () => {
  assert.deepEqual(
    mobileMenuLinks().map((l) => [l.name, withPrefix(l.path)]),
    [
      ['首页', '/review/'],
      ['商品总览', '/review/category/8/?from=menu'],
      ['商家精选', '/review/merchants/'],
      ['晒单广场', '/review/haul/'],
      ['联系我们', '/review/about/'],
      ['隐私政策', '/review/privacy/'],
    ],
  );
  assert.ok(mobileMenuLinks().every((l) => !l.external));
});

test('footer: the navigation list, then the static service pages, then the external chat', () => {
  const nav = getNavigation();
  const links = footerLinks(nav);
  assert.deepEqual(
    links
      .slice(0, nav.length)
      .map((l) => l.path)
      .sort(),
    nav.map((l) => l.path).sort(),
  );
  assert.deepEqual(
    links.slice(nav.length).map((l) => [l.name, l.external ? l.path : withPrefix(l.path)]),
    [
      ['支付协议', '/review/payment-agreement/'],
      ['正品保障', '/review/genuine-guarantee/'],
      ['国际物流说明', '/review/logistics/'],
      ['在线客服', siteConfig.customerServiceChat],
    ],
  );
  assert.equal(links.filter((l) => l.external).length, 1);
});

test('footer groups: every top-level category in the first column, home and site pages in the second', () => {
  const groups = footerLinkGroups(getNavigation());
  assert.deepEqual(
    groups.map((g) => g.title),
    ['商品分类', '关于我们', '服务保障'],
  );
  assert.deepEqual(
    groups[0].links.map((l) => l.path),
    getMegaMenu().map((g) => `/category/${g.id}/`),
  );
  assert.deepEqual(
    groups[1].links.map((l) => l.path),
    ['/', '/merchants/', '/haul/', '/articles/', '/about/', '/help/', '/privacy/'],
  );
});

test('the mega-menu has the ten top-level groups, each with sub-categories linking to /category/{id}/', () => {
  const menu = getMegaMenu();
  assert.deepEqual(
    menu.map((g) => g.id),
    ['8', '9', 'e', 'b', 'k', 'g', 'f', 'c', 'd', 'a'],
  );
  for (const g of menu) {
    assert.ok(g.children.length > 0, `group ${g.id} has sub-categories`);
    for (const s of [g, ...g.children, ...g.children.flatMap((c) => c.children)]) {
      assert.equal(s.path, `/category/${encodeURIComponent(s.id)}/`);
    }
  }
});

test('every static page the shell links to exists as a file route', () => {
  for (const l of [
    ...serviceLinks().filter((s) => !s.external),
    { path: '/about/' },
    { path: '/help/' },
    { path: '/privacy/' },
  ]) {
    const file = join(root, 'src', 'pages', `${l.path.replace(/^\/|\/$/g, '')}.tsx`);
    assert.ok(existsSync(file), `${l.path} -> ${file}`);
  }
});
