// Issue 25, F12: corrupted state at restart. Each case starts, serves what can be served and says
// what is wrong on the console and in the log (StartupProblems). Before: `current` pointing at a
// missing release served 404 everywhere without a word; `releases` being a file stopped the
// process; an unwritable builds.json turned a back-office edit into a 500 with no rebuild
// queued; an unreadable one silently reset the history.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import Fastify from 'fastify';
import { BuildHistory } from '../../../server/builds/history';
import { BuildQueue } from '../../../server/builds/queue';
import { checkReleasesState } from '../../../publish/check-state';
import { currentRelease } from '../../../publish/releases';
import { publish } from '../../../publish/release-files';
import { built, tmpFolder } from './built-site';
import { registerSite } from '../../../server/site';
import { StartupProblems } from '../../../server/startup-problems';

const tmp = tmpFolder('corrupt-state');

/** The site server over root/current: the home page's status and text. */
async function home(root: string): Promise<{ status: number; text: string }> {
  const app = Fastify();
  await registerSite(app, path.join(root, 'current'));
  try {
    const r = await app.inject({ url: '/review/' });
    return { status: r.statusCode, text: r.body };
  } finally {
    await app.close();
  }
}

function problems() {
  const lines: string[] = [];
  const logged: string[] = [];
  const p = new StartupProblems((l) => lines.push(l));
  const log = { warn: (m: string) => logged.push(m) };
  return { p, lines, logged, attach: () => p.attach(log as never) };
}

test('`releases` is a file: moved aside, said once on the console and in the log; the next build publishes', async () => {
  const root = path.join(tmp, 'releases-file');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'releases'), 'not a folder');
  const { p, lines, logged, attach } = problems();
  await checkReleasesState(root, p.report);
  attach();
  assert.equal(lines.length, 1);
  assert.match(lines[0], /releases was not a folder: moved to .*releases\.not-a-folder-\d+/);
  assert.deepEqual(logged, [lines[0].replace(/^ {2}! /, '')]);
  const aside = fs.readdirSync(root).find((n) => n.startsWith('releases.not-a-folder-'))!;
  assert.equal(fs.readFileSync(path.join(root, aside), 'utf8'), 'not a folder', 'nothing lost');
  await publish(built(path.join(tmp, 'public-a'), 'AAAA'), root);
  assert.match((await home(root)).text, /AAAA/);
});

test('`current` points at a missing release: the newest kept one is served and that is said; with none, 404 and said', async () => {
  const root = path.join(tmp, 'dangling');
  await publish(built(path.join(tmp, 'public-b'), 'BBBB'), root);
  const kept = currentRelease(root)!;
  await publish(built(path.join(tmp, 'public-c'), 'CCCC'), root);
  const gone = currentRelease(root)!;
  fs.rmSync(path.join(root, 'releases', gone), { recursive: true });
  assert.equal((await home(root)).status, 404, 'the broken state');

  const { p, lines } = problems();
  await checkReleasesState(root, p.report);
  assert.equal(currentRelease(root), kept);
  assert.match((await home(root)).text, /BBBB/);
  assert.match(lines.join('\n'), new RegExp(`${gone}, which is missing: serving the newest kept release ${kept}`));

  fs.rmSync(path.join(root, 'releases', kept), { recursive: true });
  const again = problems();
  await checkReleasesState(root, again.p.report);
  assert.match(again.lines.join('\n'), /which is missing: the site answers 404 until a build is published/);
});

test('builds.json that is not JSON: kept aside, the history starts empty, and that is said', () => {
  const root = path.join(tmp, 'history-bad');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'builds.json'), '{"builds": [ truncated');
  const said: string[] = [];
  const history = new BuildHistory(root, Date.now, (m) => said.push(m));
  assert.deepEqual(history.records(), []);
  assert.equal(said.length, 1);
  assert.match(
    said[0],
    /builds\.json is not valid JSON: the build history starts empty \(the file is kept as .*unreadable-\d+\)/,
  );
  const aside = fs.readdirSync(root).find((n) => n.startsWith('builds.json.unreadable-'))!;
  assert.equal(fs.readFileSync(path.join(root, aside), 'utf8'), '{"builds": [ truncated');
});

test('builds.json that cannot be written: the build is still queued and runs; said once', async () => {
  const root = path.join(tmp, 'history-unwritable');
  const said: string[] = [];
  const runs: string[] = [];
  const queue = new BuildQueue(new BuildHistory(root, Date.now, (m) => said.push(m)), async (b) => {
    runs.push(b.id);
    return { releaseId: '20000101T000000000Z', pages: 0, skipped: [] };
  });
  try {
    // Where the file goes, a folder: every rename onto it fails (the tests run as root, so
    // permissions cannot make it unwritable).
    fs.mkdirSync(path.join(root, 'builds.json', 'x'), { recursive: true });
    const b = queue.trigger('backoffice', { changed: [{ productId: '1', commentId: '2' }], removed: [] });
    const done = await queue.finished(b.id);
    assert.equal(done.status, 'published');
    assert.deepEqual(runs, [b.id]);
    assert.equal(said.filter((m) => m.includes('cannot be written')).length, 1, said.join('\n'));
    assert.equal(queue.history.get(b.id)?.status, 'published', 'kept in memory');
  } finally {
    await queue.close();
  }
});
