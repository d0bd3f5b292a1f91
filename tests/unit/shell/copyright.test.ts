import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyrightLine } from '../../../src/components/shell/copyright';
import { siteConfig } from '../../../src/site-config';

test('copyright runs from the start year to the build year, with the company name', () => {
  assert.equal(copyrightLine(2026), `© 2016-2026 ${siteConfig.company.name} 版权所有`);
});

test('a build year before the start year or a bad value never gives a reversed range', () => {
  assert.equal(copyrightLine(2010), `© 2016-2016 ${siteConfig.company.name} 版权所有`);
  assert.equal(copyrightLine(Number('')), `© 2016-2016 ${siteConfig.company.name} 版权所有`);
});
