// The editor console's script (server/editor/console.ts): plain browser JavaScript, no build
// step. Every call carries the token in the Authorization header; text from the server (review
// ids, reasons, log lines, error texts) only ever reaches the page through textContent.
const TOKEN_KEY = 'editor-token';
const ACTIVE_POLL_MS = 2000; // while a build is queued or running
const IDLE_POLL_MS = 10000;

const STATUS = { queued: '排队中', running: '构建中', published: '已发布', failed: '失败' };
const TRIGGER = { editor: '编辑手动发布', backoffice: '后台修改', takedown: '下架', startup: '服务启动' };
// The steps server/builds/progress.ts names (Gatsby's own step names), as editors read them.
const STEP = {
  queued: '排队中',
  'starting gatsby build': '启动构建',
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
  publishing: '发布中',
  published: '已发布',
  failed: '失败',
};

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

const pad = (n) => String(n).padStart(2, '0');
/** Epoch ms as China time, "MM-DD HH:mm:ss" (editors work in China; the machine may not). */
function time(ms) {
  if (!ms) return '—';
  const d = new Date(ms + 8 * 3600 * 1000);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
function duration(b) {
  if (!b.startedAt) return '—';
  const s = Math.round(((b.finishedAt || Date.now()) - b.startedAt) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} 分 ${s % 60} 秒` : `${s} 秒`;
}

let noticeTimer = 0;
function notice(text, isError = false) {
  const n = $('notice');
  n.textContent = text;
  n.classList.toggle('notice-error', isError);
  n.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => (n.hidden = true), 6000);
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

function buildItem(b) {
  const actions = el('div', { class: 'actions' });
  actions.append(el('button', { type: 'button', class: 'link', onclick: () => select(b.id) }, '查看报告'));
  if (b.canPublish && !b.current) {
    const older = b.status === 'published';
    actions.append(
      el(
        'button',
        { type: 'button', class: 'secondary', onclick: (e) => publishBuild(b.id, e.currentTarget) },
        older ? '回滚到此版本' : '发布此版本',
      ),
    );
  }
  const facts = [
    `${TRIGGER[b.trigger] || b.trigger}`,
    `开始 ${time(b.startedAt || b.queuedAt)}`,
    `用时 ${duration(b)}`,
    b.pages !== null && b.pages !== undefined ? `${b.pages} 个页面` : null,
    b.skipped && b.skipped.length ? `跳过 ${b.skipped.length} 条` : null,
    b.hint ? `增量：改 ${b.hint.changed} 删 ${b.hint.removed}` : null,
  ].filter(Boolean);
  return el(
    'li',
    { class: `build build-${b.status}${b.current ? ' build-current' : ''}`, 'data-id': b.id },
    el(
      'div',
      { class: 'build-head' },
      el('span', { class: 'build-id' }, `构建 #${b.id}`),
      el('span', { class: `status status-${b.status}` }, STATUS[b.status] || b.status),
      b.current ? el('span', { class: 'status status-current' }, '线上版本') : null,
    ),
    el('p', { class: 'build-facts' }, facts.join(' · ')),
    b.error ? el('p', { class: 'error' }, b.error) : null,
    actions,
  );
}

async function refreshBuilds() {
  const { builds } = await api('GET', '/builds');
  const list = $('builds');
  list.replaceChildren(...builds.map(buildItem));
  $('builds-empty').hidden = builds.length > 0;
  return builds.some((b) => b.status === 'queued' || b.status === 'running');
}

async function refreshDetail() {
  if (!selected) return false;
  const b = await api('GET', `/builds/${encodeURIComponent(selected)}`);
  $('detail-title').textContent = `构建 #${b.id} 详情`;
  const facts = [
    ['状态', STATUS[b.status] || b.status],
    ['触发', TRIGGER[b.trigger] || b.trigger],
    ['排队', time(b.queuedAt)],
    ['开始', time(b.startedAt)],
    ['结束', time(b.finishedAt)],
    ['页面', b.pages === null || b.pages === undefined ? '—' : String(b.pages)],
    ['版本', b.releaseId || '—'],
  ];
  $('detail-facts').replaceChildren(...facts.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
  const running = b.status === 'running' || b.status === 'queued';
  $('progress').hidden = !running;
  if (running && b.progress) {
    $('progress-step').textContent = STEP[b.progress.step] || b.progress.step || '准备中';
    $('progress-percent').textContent = `${Math.round(b.progress.percent || 0)}%`;
    $('progress-bar').value = Math.round(b.progress.percent || 0);
  }
  $('detail-error').textContent = b.error || '';
  $('detail-error').hidden = !b.error;
  const skipped = b.skipped || [];
  $('skipped-empty').hidden = skipped.length > 0;
  $('skipped').hidden = skipped.length === 0;
  $('skipped')
    .querySelector('tbody')
    .replaceChildren(
      ...skipped.map((s) => el('tr', {}, el('td', {}, s.productId), el('td', {}, s.commentId), el('td', {}, s.reason))),
    );
  $('log').textContent = (b.log || []).join('\n');
  $('detail').hidden = false;
  return running;
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

const publishBuild = (id, button) =>
  act(button, async () => {
    const r = await api('POST', `/builds/${encodeURIComponent(id)}/publish`);
    notice(`已切换到构建 #${r.id} 的版本（${r.ms} 毫秒）`);
  });

const restore = (t, button) =>
  act(button, async () => {
    await api('DELETE', `/takedowns/${encodeURIComponent(t.productId)}/${encodeURIComponent(t.commentId)}`);
    notice(`已恢复晒单 ${t.commentId}，将在下次发布后重新出现在列表中`);
  });

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
    const r = await api('POST', '/builds', {});
    notice(`已加入发布队列：构建 #${r.id}`);
    selected = r.id;
  }),
);
$('takedown-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const form = e.currentTarget;
  const body = Object.fromEntries(['productId', 'commentId', 'reason'].map((k) => [k, form.elements[k].value.trim()]));
  void act(form.querySelector('button'), async () => {
    await api('POST', '/takedowns', body);
    form.reset();
    notice(`晒单 ${body.commentId} 已下架，页面立即返回 410；列表和站点地图将在下次发布后更新`);
  });
});

show(!!token);
if (token) void refresh();
