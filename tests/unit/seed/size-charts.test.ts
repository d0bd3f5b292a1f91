// The demo data's size charts (issue 45): only garments and shoes (kids' and babies' included)
// have one, made for what the leaf sells, its rows exactly the products' SKU sizes, so the size
// a reviewer bought is always a row; a lipstick, a bag, food or a phone have none. A chart is a
// function of the leaf alone: the same at every seed size and seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCatalogueFile } from '../../../server/catalogue';
import { lineOf, sizesFor } from '../../../server/seed/lines';
import { LINES_WITH_CHART, sizeChartOf } from '../../../server/seed/size-charts';

type Chart = Array<{ name: string; unit: string; columns: string[]; rows: string[][] }>;
const leaves = readCatalogueFile().leaves;
const chartOf = (leaf: (typeof leaves)[number]) => {
  const { id, line } = lineOf(leaf);
  return {
    id,
    line,
    sizes: sizesFor(line, leaf.displayTerm),
    chart: sizeChartOf(id, line, sizesFor(line, leaf.displayTerm)) as Chart | null,
  };
};

test('garments and shoes have a chart whose rows are their SKU sizes; nothing else has one', () => {
  let charts = 0;
  for (const leaf of leaves) {
    const { id, line, sizes, chart } = chartOf(leaf);
    const garment = LINES_WITH_CHART.has(id);
    assert.equal(chart !== null, garment, `${leaf.displayTerm} (${id}, ${line.kind})`);
    if (!chart) continue;
    charts++;
    const [c] = chart;
    assert.deepEqual(
      c.rows.map((r) => r[0]),
      sizes,
      `${leaf.displayTerm}: every SKU size is a row`,
    );
    for (const r of c.rows) assert.equal(r.length, c.columns.length, `${leaf.displayTerm}: ${r.join(',')}`);
    assert.ok(['apparel', 'shoes', 'baby'].includes(line.kind), `${leaf.displayTerm}: ${line.kind}`);
  }
  assert.ok(charts > 60, `${charts} leaves with a chart`);
});

test('each chart measures what the leaf is: no chest on trousers or socks, feet on shoes, none on a lipstick', () => {
  const named = (name: string) => {
    const leaf = leaves.find((l) => l.displayTerm === name);
    assert.ok(leaf, name);
    return chartOf(leaf).chart;
  };
  for (const lipstick of leaves.filter((l) => /口红|唇/.test(l.displayTerm)))
    assert.equal(chartOf(lipstick).chart, null);
  assert.ok(
    leaves.some((l) => /口红|唇/.test(l.displayTerm)),
    'the catalogue has lipsticks',
  );
  assert.deepEqual(named('牛仔裤')![0].columns, ['尺码', '腰围', '臀围', '裤长']);
  assert.ok(!named('袜子')![0].columns.includes('胸围'));
  assert.ok(named('T恤')![0].columns.includes('胸围'));
  assert.ok(named('跑步鞋')![0].columns.includes('脚长'));
  assert.ok(named('儿童运动鞋')![0].columns.includes('脚长'));
  assert.ok(named('连体衣')![0].columns.includes('身高'));
  for (const none of ['奶瓶', '婴儿推车']) assert.equal(named(none), null, none);
});
