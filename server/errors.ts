// The contract's error shape for every 4xx/5xx: `{ messages: [text], message: text, statusCode, code }`
// (clients read messages[0], then errors[0], then message). User-facing texts are Chinese.
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A failure a route or repository throws on purpose: the status, the Chinese text, the
 * contract's code and any headers (Retry-After) of the answer. (The client's counterpart is
 * src/storefront/errors.ts ApiError, what a failed call rejects with.)
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = codeOf(statusCode),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (msg = '请求参数无效') => new HttpError(400, msg);
export const unauthorized = (msg = '请先登录') => new HttpError(401, msg);
export const notFound = (msg = '请求的内容不存在') => new HttpError(404, msg);

function codeOf(status: number): string {
  return (
    (
      {
        400: 'BAD_REQUEST',
        401: 'UNAUTHORIZED',
        403: 'FORBIDDEN',
        404: 'NOT_FOUND',
        405: 'METHOD_NOT_ALLOWED',
        408: 'REQUEST_TIMEOUT',
        410: 'GONE',
        413: 'PAYLOAD_TOO_LARGE',
        414: 'URI_TOO_LONG',
        415: 'UNSUPPORTED_MEDIA_TYPE',
        429: 'TOO_MANY_REQUESTS',
        431: 'HEADERS_TOO_LARGE',
        502: 'BAD_GATEWAY',
        503: 'UNAVAILABLE',
      } as Record<number, string>
    )[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR')
  );
}

export interface ErrorPayload {
  messages: string[];
  message: string;
  statusCode: number;
  code: string;
}

export function errorBody(statusCode: number, message: string, code = codeOf(statusCode)): ErrorPayload {
  return { messages: [message], message, statusCode, code };
}

const GENERIC: Record<number, string> = {
  400: '请求参数无效',
  401: '请先登录',
  403: '没有权限',
  404: '请求的内容不存在',
  405: '不支持的请求方法',
  408: '请求超时',
  410: '内容已下架',
  413: '请求内容过大',
  414: '请求地址过长',
  415: '不支持的内容类型',
  429: '请求过于频繁，请稍后再试',
  431: '请求头过大',
  502: '上游服务暂时不可用',
  503: '服务暂时不可用',
};

/** The generic Chinese text of a status (never anything taken from the request or an exception). */
function genericText(status: number): string {
  return GENERIC[status] ?? (status >= 500 ? '服务器开小差了，请稍后再试' : '请求无效');
}

interface AjvLikeError {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** One Chinese sentence for the first schema violation, e.g. "参数 size 不能大于 500". */
function validationMessage(err: FastifyError): string {
  const v = (err.validation?.[0] ?? {}) as AjvLikeError;
  const ctx = err.validationContext ?? '';
  const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = v.keyword === 'required' ? String(v.params?.missingProperty ?? '') : '';
  const field =
    missing ||
    path ||
    ({ body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' } as Record<string, string>)[
      ctx
    ] ||
    '参数';
  const p = v.params ?? {};
  switch (v.keyword) {
    case 'required':
      return `缺少参数 ${field}`;
    case 'type':
      return `参数 ${field} 类型错误，应为 ${({ integer: '整数', number: '数字', string: '字符串', boolean: '布尔值', object: '对象', array: '数组' } as Record<string, string>)[String(p.type)] ?? String(p.type)}`;
    case 'minimum':
      return `参数 ${field} 不能小于 ${String(p.limit)}`;
    case 'maximum':
      return `参数 ${field} 不能大于 ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `参数 ${field} 必须大于 ${String(p.limit)}`;
    case 'minLength':
      return `参数 ${field} 过短`;
    case 'maxLength':
      return `参数 ${field} 过长`;
    case 'pattern':
    case 'format':
      return `参数 ${field} 格式不正确`;
    case 'enum':
    case 'const':
      return `参数 ${field} 取值无效`;
    case 'additionalProperties':
      return `不支持的参数 ${String(p.additionalProperty ?? '')}`.trim();
    default:
      return `参数 ${field} 无效`;
  }
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.code(400).send(errorBody(400, validationMessage(fe)));
    }
    const status =
      typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status < 500) {
      // Fastify's own client errors: bad JSON, empty JSON body, wrong content type, too large...
      const text =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? '请求体不是有效的 JSON'
          : genericText(status);
      return reply.code(status).send(errorBody(status, text));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(500, '服务器开小差了，请稍后再试'));
  });
}

/**
 * Fastify's errors that happen before routing (issue 12, item 8): a URL that does not decode
 * (FST_ERR_BAD_URL) and a path parameter longer than routerOptions.maxParamLength. Fastify's
 * own answers echo the URL and name its error code; these carry the contract's shape only.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.code === 'FST_ERR_BAD_URL' ? 400 : err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
  const text = status === 400 ? '请求地址无效' : genericText(status);
  void reply.code(status).header('Cache-Control', 'no-store').send(errorBody(status, text));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed request line, headers
 * over the size limit, timeouts): the same shape, written on the socket, then closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(errorBody(status, genericText(status)));
  const reason = (
    { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' } as Record<number, string>
  )[status];
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

const isContractError = (v: unknown, status: number): boolean => {
  const b = v as Partial<ErrorPayload> | null;
  return (
    !!b &&
    Array.isArray(b.messages) &&
    b.messages.length === 1 &&
    typeof b.messages[0] === 'string' &&
    b.message === b.messages[0] &&
    b.statusCode === status &&
    typeof b.code === 'string' &&
    Object.keys(b).length === 4
  );
};

/**
 * The last line of defence for the error shape (issue 12, item 8): any JSON error answer that a
 * route or a plugin built by hand (Fastify's default 404, the script proxy's 403/502) leaves
 * the server in the contract's shape. A Chinese `messages[0]` written by our code is kept;
 * everything else (English text, `e.message`, extra keys) is replaced by the status's generic
 * text. Answers already in shape pass untouched; HTML error pages (the site's 404) are not JSON.
 */
export function installErrorShapeGuard(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    const status = reply.statusCode;
    const type = String(reply.getHeader('content-type') ?? '');
    if (status < 400 || typeof payload !== 'string' || !type.includes('json')) return done(null, payload);
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      parsed = undefined;
    }
    if (isContractError(parsed, status)) return done(null, payload);
    const first = (parsed as { messages?: unknown } | undefined)?.messages;
    const kept =
      Array.isArray(first) && typeof first[0] === 'string' && /[\u4e00-\u9fff]/.test(first[0]) && first[0].length <= 200
        ? first[0]
        : undefined;
    reply.header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(errorBody(status, kept ?? genericText(status))));
  });
}

/**
 * ajv 8 coerces "1e400" and "Infinity" in a query to the number Infinity, takes it for an
 * integer and skips minimum/maximum for non-finite numbers, so `size=1e400` reached SQLite (a
 * 500). Refused here, after validation, for every number of the query, params and body.
 * Bytes are never walked (what JSON parses to is at most 64 KB): an upload's Buffer used to be
 * walked byte by byte, freezing every request for seconds (issue 25, F2).
 */
export function refuseNonFiniteNumbers(scope: FastifyInstance): void {
  scope.addHook('preHandler', (req, _reply, done) => {
    const bad = nonFinite(req.query, '') ?? nonFinite(req.params, '') ?? nonFinite(req.body, '');
    done(bad === undefined ? undefined : new HttpError(400, `参数 ${bad} 超出范围`));
  });
}

function nonFinite(v: unknown, at: string, depth = 0): string | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : at || '参数';
  if (typeof v !== 'object' || v === null || depth > 8 || isBytes(v)) return undefined;
  for (const [k, x] of Object.entries(v)) {
    const found = nonFinite(x, at ? `${at}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Bytes (a Buffer or another typed array: an upload's body) are never walked. Query and
 * params objects have their parser's own prototypes, so the test is on what is excluded.
 */
function isBytes(v: object): boolean {
  return ArrayBuffer.isView(v) || v instanceof ArrayBuffer;
}

/** JSON 404 for unknown paths under a prefix (the API and /media). */
export function installNotFound(scope: FastifyInstance, text = '接口不存在'): void {
  scope.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, text));
  });
}
