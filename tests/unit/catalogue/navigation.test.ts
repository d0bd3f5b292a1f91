// Navigation list (spec section 2), mega-menu and breadcrumbs: order, names and site paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildCategoryBreadcrumbs,
  buildMegaMenu,
  buildNavigation,
  getChildren,
  getLeafCategories,
} from '../../../src/catalogue';
import type { MenuItem } from '../../../src/catalogue';
import { categoryPath, withPrefix } from '../../../src/paths';
import { catalogue, entries } from './helpers';

test('navigation list: home, the ten top-level categories, then merchants, haul, articles, about, help, privacy', () => {
  assert.deepEqual(buildNavigation(catalogue), [
    { name: '首页', path: '/' },
    { name: '女装', path: '/category/8/' },
    { name: '男装', path: '/category/9/' },
    { name: '箱包', path: '/category/e/' },
    { name: '美妆个护', path: '/category/b/' },
    { name: '鞋靴', path: '/category/k/' },
    { name: '母婴童装', path: '/category/g/' },
    { name: '珠宝配饰', path: '/category/f/' },
    { name: '食品', path: '/category/c/' },
    { name: '营养保健', path: '/category/d/' },
    { name: '潮玩数码', path: '/category/a/' },
    { name: '精选商家', path: '/merchants/' },
    { name: '晒单广场', path: '/haul/' },
    { name: '精选文章', path: '/articles/' },
    { name: '联系我们', path: '/about/' },
    { name: '帮助中心', path: '/help/' },
    { name: '隐私政策', path: '/privacy/' },
  ]);
});

test('navigation paths are site paths: withPrefix puts them under /review', () => {
  const full = buildNavigation(catalogue).map((l) => withPrefix(l.path));
  assert.equal(full[0], '/review/');
  assert.equal(full[1], '/review/category/8/');
  assert.equal(full[full.length - 1], '/review/privacy/');
  assert.ok(full.every((p) => p.startsWith('/review/')));
});

test('mega-menu: every top-level group with its second-level groups and their leaves', () => {
  const menu = buildMegaMenu(catalogue);
  assert.deepEqual(
    menu.map((g) => g.id),
    ['8', '9', 'e', 'b', 'k', 'g', 'f', 'c', 'd', 'a'],
  );
  const f = menu.find((g) => g.id === 'f')!;
  assert.equal(f.name, '珠宝配饰');
  assert.equal(f.path, '/category/f/');
  assert.deepEqual(
    f.children.map((s) => s.name),
    ['银饰', '钻石', '翡翠', '水晶玛瑙', '彩色宝石', '时尚饰品', '铂金', '木质手串', '珍珠', 'K金', '黄金'],
  );
  const silver = f.children[0];
  assert.equal(silver.path, '/category/f0/');
  assert.deepEqual(silver.children[0], { id: 'f00', name: '银项链', path: '/category/f00/', children: [] });

  const walk = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...walk(i.children)]);
  const all = walk(menu);
  for (const item of all) assert.equal(item.path, categoryPath(item.id));
  // Everything but the disabled power banks is in the menu.
  const enabled = entries().filter((e) => e.category.disabled !== true);
  assert.deepEqual(all.map((i) => i.id).sort(), enabled.map((e) => e.id).sort());
  assert.ok(!all.some((i) => i.name === '充电宝'));
  assert.equal(all.filter((i) => i.children.length === 0).length, getLeafCategories(catalogue).length - 1);
  assert.equal(menu.find((g) => g.id === 'a')!.children[0].children.length, getChildren(catalogue, 'a0').length - 1);
});

test('category breadcrumbs: home, then the trail down to the category', () => {
  assert.deepEqual(buildCategoryBreadcrumbs(catalogue, 'b00'), [
    { name: '首页', path: '/' },
    { name: '美妆个护', path: '/category/b/' },
    { name: '彩妆', path: '/category/b0/' },
    { name: '口红', path: '/category/b00/' },
  ]);
  assert.deepEqual(buildCategoryBreadcrumbs(catalogue, 'nope'), [{ name: '首页', path: '/' }]);
});
