// The editor console's script (server/editor/console.ts): plain browser JavaScript, no build
// step. Every call carries the token in the Authorization header; text from the server (review
// ids, reasons, log lines, error texts) only ever reaches the page through textContent.
const TOKEN_KEY = 'editor-token';
const ACTIVE_POLL_MS = 2000; // while a build is queued or running
const IDLE_POLL_MS = 10000;

const STATUS = { queued: '排队中', running: '构建中', published: '已发布', failed: '失败' };
/** A build's status as editors read it: a finished build kept unserved (held) was not published. */
const statusText = (b) => (b.status === 'published' && b.held && !b.current ? '已构建' : STATUS[b.status] || b.status);
// The steps server/builds/progress.ts names (Gatsby's own step names and the patch build's), as editors read them.
const STEP = {
  queued: '排队中',
  'starting gatsby build': '启动构建',
  'load plugins': '加载插件',
  'Reading the review feed': '读取晒单列表',
  'Fetching review details': '获取晒单详情',
  'Fetching optional data': '获取附加数据',
  'source and transform nodes': '整理数据',
  createPages: '创建页面',
  'extract queries from components': '分析页面查询',
  'Building production JavaScript and CSS bundles': '打包脚本和样式',
  'Building HTML renderer': '准备页面渲染',
  'Writing page-data.json': '写入页面数据',
  'Building static HTML for pages': '生成静态页面',
  onPostBuild: '生成站点地图',
  'patch: sourcing': '读取改动的晒单',
  'patch: comparing pages': '比较页面',
  'patch: rendering the changed pages': '生成改动的页面',
  'patch: sitemaps': '生成站点地图',
  publishing: '发布中',
  published: '已发布',
  failed: '失败',
};

/** What a build was for: 全量 / 改 N 条 / 下架 / 恢复, from its trigger and hint. */
function kind(b) {
  // A takedown or restore that took on a failed full build's changes is a full build itself.
  const full = b.hint ? '' : '（全量）';
  if (b.trigger === 'restore') return `恢复${full}`;
  if (b.trigger === 'takedown') return `下架${full}`;
  if (b.trigger === 'startup' && !b.hint) return '全量（服务启动）';
  if (!b.hint) return '全量';
  const parts = [];
  if (b.hint.changed) parts.push(`改 ${b.hint.changed} 条`);
  if (b.hint.removed) parts.push(`删 ${b.hint.removed} 条`);
  return parts.join('、') || '全量';
}

// The reasons the build gives for a skipped review (src/review/view.ts, gatsby/sourcing/), as
// editors can act on them. An unknown reason is shown as it is.
const REASONS = [
  [/postedAt is not a number/, '发布时间（postedAt）不是数字：请在后台改正这条晒单的发布时间后重新发布'],
  [/missing productId/, '缺少商品编号：请在后台补全后重新发布'],
  [/missing id|not an object/, '接口返回的晒单数据不完整：请检查商城接口'],
  [/content is not text/, '正文不是文字：请在后台改正正文'],
  [/sku is not an object/, '规格（sku）格式不对：请在后台检查这条晒单的规格'],
  [/pictures is not a list/, '图片列表格式不对：请在后台检查这条晒单的图片'],
  [/no comments\[0\]|\b404\b/, '接口查不到这条晒单的详情（可能已删除）：确认后可以忽略'],
  [/without usable commentId\/productId/, '晒单列表里这一项缺少晒单或商品编号：请检查商城接口'],
];
function reasonText(raw) {
  for (const [re, text] of REASONS) if (re.test(raw)) return text;
  return `无法生成页面：${raw}`;
}

/** A failure as an editor can act on it; the raw text stays in the report's log. */
function failureText(raw) {
  if (!raw) return '';
  const killed = /^(gatsby build|patch build) killed by (\w+)/.exec(raw);
  if (killed) return `构建进程被终止（${killed[2]}）：可能是内存不足或被人为结束。请点「重新发布」重试。`;
  const exited = /^(gatsby build|patch build) exited with code (\d+): ([\s\S]*)$/.exec(raw);
  if (exited) {
    const last = exited[3];
    if (/\/api\/|storefront|ECONNREFUSED|timeout|503|502/i.test(last))
      return `商城接口没有正常应答，构建已停止（退出码 ${exited[2]}），线上版本不变。请确认接口恢复后点「重新发布」。接口报错：${last}`;
    return `构建失败（退出码 ${exited[2]}），线上版本不变。请查看原始日志，或点「重新发布」重试。最后的错误：${last}`;
  }
  return raw;
}

const TZ = 'Asia/Shanghai';
const dateTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: TZ,
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** Epoch ms as Beijing time, "11月26日 09:01:02" (editors work in China; the machine may not). */
function time(ms) {
  return ms ? dateTime.format(new Date(ms)) : '—';
}
const buildName = (b) => `${time(b.queuedAt)} 的构建`;
function seconds(ms) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} 分 ${s % 60} 秒` : `${s} 秒`;
}
function duration(b) {
  if (!b.startedAt) return '—';
  return seconds((b.finishedAt || Date.now()) - b.startedAt);
}
const reviewUrl = (r) => `/review/${encodeURIComponent(r.productId)}/${encodeURIComponent(r.commentId)}/`;
/** Links to the reviews a build touched (the first few; the count says how many in all). */
function touchedLinks(b) {
  if (!b.touched) return null;
  const refs = [...b.touched.removed, ...b.touched.changed];
  if (!refs.length) return null;
  const p = el('p', { class: 'build-reviews' }, '晒单：');
  refs.forEach((r, i) => {
    if (i) p.append('、');
    p.append(el('a', { href: reviewUrl(r), target: '_blank', rel: 'noopener noreferrer' }, r.commentId));
  });
  const total = b.hint ? b.hint.changed + b.hint.removed : refs.length;
  if (total > refs.length) p.append(` 等 ${total} 条`);
  return p;
}

const $ = (id) => document.getElementById(id);
let token = sessionStorage.getItem(TOKEN_KEY) || '';
let selected = null; // id of the build shown in the detail panel
let timer = 0;

class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Calls /editor/api; answers the parsed JSON (null for 204), or throws ApiError with the server's text. */
async function api(method, path, body) {
  const headers = { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(`/editor/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
      // The token is the credential; the only cookie is the trusted-device one (server/editor/
      // trusted-device.ts): it keeps this browser out of its address's lockout.
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, '无法连接服务器，请检查网络');
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const text = (data && ((data.messages && data.messages[0]) || data.message)) || `请求失败（${res.status}）`;
    if (res.status === 401) signOut('令牌无效或已更换，请重新登录');
    throw new ApiError(res.status, text);
  }
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

const NOTICES_KEPT = 3;
/**
 * Says what happened, newest first; the last few stay (a build's notice must not wipe the
 * editor's own action's), each closed by its × or pushed out by newer ones.
 */
function notice(text, isError = false) {
  const list = $('notice');
  const item = el(
    'p',
    { class: `notice-item${isError ? ' notice-error' : ''}` },
    el('span', {}, text),
    el(
      'button',
      { type: 'button', class: 'link notice-close', 'aria-label': '关闭提示', onclick: (e) => close(e) },
      '×',
    ),
  );
  function close(e) {
    e.currentTarget.parentElement.remove();
    list.hidden = list.children.length === 0;
  }
  list.prepend(item);
  while (list.children.length > NOTICES_KEPT) list.lastElementChild.remove();
  list.hidden = false;
}

function show(signedIn) {
  $('signin').hidden = signedIn;
  $('console').hidden = !signedIn;
  $('signout').hidden = !signedIn;
}

function signOut(why) {
  token = '';
  sessionStorage.removeItem(TOKEN_KEY);
  clearTimeout(timer);
  show(false);
  if (why) {
    $('signin-error').textContent = why;
    $('signin-error').hidden = false;
  }
}

function buildItem(b, publishing) {
  const actions = el('div', { class: 'actions' });
  actions.append(el('button', { type: 'button', class: 'link', onclick: () => select(b.id) }, '查看报告'));
  if (b.canPublish && !b.current) {
    const newest = publishing && publishing.base === b.id;
    actions.append(
      el(
        'button',
        { type: 'button', class: 'secondary', onclick: (e) => republishBuild(b, newest, e.currentTarget) },
        newest ? '发布此版本' : '回滚到此版本',
      ),
    );
  }
  const facts = [
    `开始 ${time(b.startedAt || b.queuedAt)}`,
    `用时 ${duration(b)}`,
    b.pages !== null && b.pages !== undefined ? `${b.pages} 条晒单页` : null,
    b.skipped && b.skipped.length ? `跳过 ${b.skipped.length} 条` : null,
  ].filter(Boolean);
  return el(
    'li',
    { class: `build build-${b.status}${b.current ? ' build-current' : ''}`, 'data-id': b.id },
    el(
      'div',
      { class: 'build-head' },
      el('span', { class: 'build-kind' }, kind(b)),
      el('span', { class: 'build-id', title: b.id }, buildName(b)),
      el('span', { class: `status status-${b.held && !b.current ? 'built' : b.status}` }, statusText(b)),
      b.current ? el('span', { class: 'status status-current' }, '线上版本') : null,
      b.held && !b.current ? el('span', { class: 'status status-held' }, '未上线（发布已锁定）') : null,
    ),
    touchedLinks(b),
    el('p', { class: 'build-facts' }, facts.join(' · ')),
    b.error ? el('p', { class: 'error' }, failureText(b.error)) : null,
    actions,
  );
}

let lastStatus = new Map(); // build id -> status, for the notice when one finishes
let liveBuild = null;

function showPublishing(builds, publishing) {
  const byId = new Map(builds.map((b) => [b.id, b]));
  const live = publishing.live && byId.get(publishing.live);
  liveBuild = live || null;
  $('live-build').textContent = live
    ? `${kind(live)} · ${buildName(live)}`
    : publishing.liveRelease
      ? `版本 ${publishing.liveRelease}`
      : '还没有上线的版本';
  $('lock').hidden = !publishing.locked;
  if (publishing.locked) {
    const at = byId.get(publishing.buildId);
    $('lock-text').textContent =
      `发布已锁定：${time(publishing.since)} 回滚到了${at ? ` ${buildName(at)}` : '旧版本'}。之后的构建照常进行，但不会自动上线；发布最新构建或解除锁定后恢复自动上线。`;
  }
  const base = publishing.base && byId.get(publishing.base);
  $('base').textContent = base
    ? `下一次构建从 ${buildName(base)}（${kind(base)}）的数据开始${publishing.locked && !base.current ? '，它包含回滚掉的改动' : ''}。`
    : '下一次构建是全量构建。';
}

function showRunning(builds) {
  const run = builds.find((b) => b.status === 'running') || builds.find((b) => b.status === 'queued');
  $('running').hidden = !run;
  return run || null;
}

async function refreshRunning(run, builds) {
  if (!run) return;
  const b = await api('GET', `/builds/${encodeURIComponent(run.id)}`);
  const percent = Math.round((b.progress && b.progress.percent) || 0);
  $('running-what').textContent = `${kind(b)} · ${buildName(b)}`;
  $('progress-step').textContent = STEP[b.progress && b.progress.step] || (b.progress && b.progress.step) || '准备中';
  $('progress-percent').textContent = `${percent}%`;
  $('progress-bar').value = percent;
  // The last finished build of the same kind says how long this one may take.
  const same = builds.find(
    (x) => x.status === 'published' && x.startedAt && x.finishedAt && !!x.hint === !!b.hint && x.id !== b.id,
  );
  $('running-time').textContent = b.startedAt
    ? `已用 ${seconds(Date.now() - b.startedAt)}${same ? `，上次同类构建共用 ${duration(same)}` : ''}`
    : '排队中，等前一个构建完成';
}

let firstLoad = true;
/** A notice when a build finishes: one seen running, or one that came and went between two polls. */
function noticeFinished(builds) {
  for (const b of builds) {
    const was = lastStatus.get(b.id);
    const unseen = !firstLoad && was === undefined;
    if ((unseen || was === 'running' || was === 'queued') && (b.status === 'published' || b.status === 'failed')) {
      if (b.status === 'failed') notice(`${kind(b)}构建失败，线上版本不变：${failureText(b.error)}`, true);
      else if (b.held) notice(`${kind(b)}构建完成，但发布已锁定，没有上线；需要时可在构建记录里发布它`);
      else notice(`${kind(b)}构建已上线（${buildName(b)}）`);
    }
  }
  lastStatus = new Map(builds.map((b) => [b.id, b.status]));
  firstLoad = false;
}

async function refreshBuilds() {
  const { builds, publishing } = await api('GET', '/builds');
  const list = $('builds');
  list.replaceChildren(...builds.map((b) => buildItem(b, publishing)));
  $('builds-empty').hidden = builds.length > 0;
  showPublishing(builds, publishing);
  const run = showRunning(builds);
  await refreshRunning(run, builds);
  noticeFinished(builds);
  return !!run;
}

async function refreshDetail() {
  if (!selected) return false;
  const b = await api('GET', `/builds/${encodeURIComponent(selected)}`);
  $('detail-title').textContent = `${kind(b)} · ${buildName(b)}`;
  const facts = [
    ['状态', `${statusText(b)}${b.current ? '（线上版本）' : b.held ? '（未上线：发布已锁定）' : ''}`],
    ['排队', time(b.queuedAt)],
    ['开始', time(b.startedAt)],
    ['结束', time(b.finishedAt)],
    ['晒单页', b.pages === null || b.pages === undefined ? '—' : String(b.pages)],
    ['构建编号', b.id],
    ['版本', b.releaseId || '—'],
  ];
  $('detail-facts').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
  $('detail-error').textContent = failureText(b.error);
  $('detail-error').hidden = !b.error;
  const skipped = b.skipped || [];
  $('skipped-empty').hidden = skipped.length > 0;
  $('skipped').hidden = skipped.length === 0;
  $('skipped')
    .querySelector('tbody')
    .replaceChildren(
      ...skipped.map((s) =>
        el(
          'tr',
          {},
          el(
            'td',
            {},
            s.productId && s.commentId
              ? el(
                  'a',
                  { href: reviewUrl(s), target: '_blank', rel: 'noopener noreferrer' },
                  `商品 ${s.productId} · 晒单 ${s.commentId}`,
                )
              : `商品 ${s.productId || '—'} · 晒单 ${s.commentId || '—'}`,
          ),
          el('td', { title: s.reason }, reasonText(s.reason)),
        ),
      ),
    );
  $('log').textContent = (b.log || []).join('\n');
  $('detail').hidden = false;
  return b.status === 'running' || b.status === 'queued';
}

async function refreshTakedowns() {
  const { takedowns } = await api('GET', '/takedowns');
  $('takedowns').replaceChildren(
    ...takedowns.map((t) =>
      el(
        'li',
        { class: 'takedown' },
        el('span', { class: 'takedown-ids' }, `商品 ${t.productId} · 晒单 ${t.commentId}`),
        el('span', { class: 'takedown-reason' }, t.reason),
        el('span', { class: 'takedown-time' }, time(t.createdAt)),
        el('button', { type: 'button', class: 'secondary', onclick: (e) => restore(t, e.currentTarget) }, '恢复'),
      ),
    ),
  );
  $('takedowns-empty').hidden = takedowns.length > 0;
}

/** Reloads what the console shows; polls fast while a build is queued or running. */
async function refresh() {
  clearTimeout(timer);
  if (!token) return;
  let active = false;
  try {
    const [a, b] = await Promise.all([refreshBuilds(), refreshDetail(), refreshTakedowns()]);
    active = a || b;
  } catch (e) {
    if (!token) return;
    notice(e.message, true);
  }
  timer = setTimeout(refresh, active ? ACTIVE_POLL_MS : IDLE_POLL_MS);
}

async function act(button, work) {
  if (button) button.disabled = true;
  try {
    await work();
  } catch (e) {
    if (token) notice(e.message, true);
  } finally {
    if (button) button.disabled = false;
  }
  await refresh();
}

function select(id) {
  selected = id;
  void refresh().then(() => $('detail').scrollIntoView({ block: 'nearest' }));
}

/** Serves a kept build again, after the editor confirmed what will change. */
function republishBuild(b, newest, button) {
  const from = liveBuild ? buildName(liveBuild) : '当前版本';
  const question = newest
    ? `发布 ${buildName(b)}（${kind(b)}）？线上将从 ${from} 换成它，并恢复自动上线。`
    : `回滚到 ${buildName(b)}（${kind(b)}）？线上将从 ${from} 换成这个旧版本，之后的改动都会下线；自动上线将暂停，直到发布最新构建或解除锁定。`;
  if (!confirm(question)) return;
  void act(button, async () => {
    const r = await api('POST', `/builds/${encodeURIComponent(b.id)}/publish`);
    notice(
      `已切换到 ${buildName(b)} 的版本（${r.ms} 毫秒）${r.locked ? '；发布已锁定，新构建不会自动上线' : '；自动上线已恢复'}`,
    );
  });
}

function restore(t, button) {
  if (
    !confirm(`恢复晒单 ${t.commentId}（商品 ${t.productId}）？它的页面会立即重新可以访问，列表在下次构建上线后更新。`)
  )
    return;
  void act(button, async () => {
    await api('DELETE', `/takedowns/${encodeURIComponent(t.productId)}/${encodeURIComponent(t.commentId)}`);
    notice(`已恢复晒单 ${t.commentId}，将在下次发布后重新出现在列表中`);
  });
}

$('signin').addEventListener('submit', async (e) => {
  e.preventDefault();
  token = $('token').value.trim();
  $('signin-error').hidden = true;
  try {
    await api('GET', '/builds');
  } catch (err) {
    if (err.status !== 401) signOut();
    $('signin-error').textContent = err.status === 401 ? '令牌不正确' : err.message;
    $('signin-error').hidden = false;
    return;
  }
  sessionStorage.setItem(TOKEN_KEY, token);
  $('token').value = '';
  show(true);
  void refresh();
});

$('signout').addEventListener('click', () => signOut());
$('detail-close').addEventListener('click', () => {
  selected = null;
  $('detail').hidden = true;
});
$('rebuild').addEventListener('click', (e) =>
  act(e.currentTarget, async () => {
    await api('POST', '/builds', {});
    notice('已加入发布队列：全量构建，进度见上方「正在构建」');
  }),
);
let pending = null; // the takedown shown in the preview, waiting for "确认下架"
function hidePreview() {
  pending = null;
  $('preview').hidden = true;
}
$('takedown-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.currentTarget;
  const body = Object.fromEntries(['productId', 'commentId', 'reason'].map((k) => [k, form.elements[k].value.trim()]));
  hidePreview();
  void act(form.querySelector('button'), async () => {
    // First what will go: the review's picture, product and text (404 when the ids name none).
    const r = await api('GET', `/reviews/${encodeURIComponent(body.productId)}/${encodeURIComponent(body.commentId)}`);
    pending = body;
    $('preview-product').textContent = r.productName || `商品 ${r.productId}`;
    $('preview-text').textContent = r.text || '（没有正文）';
    $('preview-link').href = r.url;
    const pic = $('preview-picture');
    pic.hidden = !r.picture;
    if (r.picture) pic.src = r.picture;
    else pic.removeAttribute('src');
    $('preview-question').textContent = r.takenDown
      ? '这条晒单已经下架；再次下架会更新原因。'
      : `下架后这条晒单的页面立即返回 410（已下架），列表和站点地图在下次构建上线后更新。原因：${body.reason}`;
    $('preview').hidden = false;
    $('preview-confirm').focus();
  });
});
$('preview-cancel').addEventListener('click', hidePreview);
$('preview-confirm').addEventListener('click', (e) => {
  const body = pending;
  if (!body) return;
  void act(e.currentTarget, async () => {
    await api('POST', '/takedowns', body);
    hidePreview();
    $('takedown-form').reset();
    notice(`晒单 ${body.commentId} 已下架，页面立即返回 410；列表和站点地图将在下次发布后更新`);
  });
});
$('unlock').addEventListener('click', (e) => {
  if (!confirm('解除发布锁定？线上版本暂时不变，下一次构建完成后会自动上线（包括回滚掉的改动）。')) return;
  void act(e.currentTarget, async () => {
    await api('DELETE', '/publishing/lock');
    notice('已解除发布锁定：下一次构建完成后自动上线');
  });
});

show(!!token);
if (token) void refresh();
