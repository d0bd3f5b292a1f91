// The contract's error shape for every 4xx/5xx: `{ messages: [text], message: text, statusCode, code }`
// (clients read messages[0], then errors[0], then message). User-facing texts are Chinese.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export class ApiError extends Error {
  constructor(readonly statusCode: number, message: string, readonly code = codeOf(statusCode), readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export const badRequest = (msg = '请求参数无效') => new ApiError(400, msg);
export const unauthorized = (msg = '请先登录') => new ApiError(401, msg);
export const notFound = (msg = '请求的内容不存在') => new ApiError(404, msg);

function codeOf(status: number): string {
  return ({ 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 405: 'METHOD_NOT_ALLOWED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'TOO_MANY_REQUESTS' } as Record<number, string>)[status]
    ?? (status >= 500 ? 'INTERNAL_ERROR' : 'ERROR');
}

export interface ErrorPayload { messages: string[]; message: string; statusCode: number; code: string }

export function errorBody(statusCode: number, message: string, code = codeOf(statusCode)): ErrorPayload {
  return { messages: [message], message, statusCode, code };
}

const GENERIC: Record<number, string> = {
  400: '请求参数无效', 401: '请先登录', 403: '没有权限', 404: '请求的内容不存在', 405: '不支持的请求方法',
  413: '请求内容过大', 414: '请求地址过长', 415: '不支持的内容类型', 429: '请求过于频繁，请稍后再试',
};

interface AjvLikeError { instancePath?: string; keyword?: string; params?: Record<string, unknown>; message?: string }

/** One Chinese sentence for the first schema violation, e.g. "参数 size 不能大于 500". */
function validationMessage(err: FastifyError): string {
  const v = (err.validation?.[0] ?? {}) as AjvLikeError;
  const ctx = err.validationContext ?? '';
  const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = v.keyword === 'required' ? String(v.params?.missingProperty ?? '') : '';
  const field = missing || path || ({ body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' } as Record<string, string>)[ctx] || '参数';
  const p = v.params ?? {};
  switch (v.keyword) {
    case 'required': return `缺少参数 ${field}`;
    case 'type': return `参数 ${field} 类型错误，应为 ${({ integer: '整数', number: '数字', string: '字符串', boolean: '布尔值', object: '对象', array: '数组' } as Record<string, string>)[String(p.type)] ?? String(p.type)}`;
    case 'minimum': return `参数 ${field} 不能小于 ${String(p.limit)}`;
    case 'maximum': return `参数 ${field} 不能大于 ${String(p.limit)}`;
    case 'exclusiveMinimum': return `参数 ${field} 必须大于 ${String(p.limit)}`;
    case 'minLength': return `参数 ${field} 过短`;
    case 'maxLength': return `参数 ${field} 过长`;
    case 'pattern':
    case 'format': return `参数 ${field} 格式不正确`;
    case 'enum':
    case 'const': return `参数 ${field} 取值无效`;
    case 'additionalProperties': return `不支持的参数 ${String(p.additionalProperty ?? '')}`.trim();
    default: return `参数 ${field} 无效`;
  }
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return reply.code(err.statusCode).send(errorBody(err.statusCode, err.message, err.code));
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      return reply.code(400).send(errorBody(400, validationMessage(fe)));
    }
    const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
    if (status < 500) {
      // Fastify's own client errors: bad JSON, empty JSON body, wrong content type, too large...
      const text = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError ? '请求体不是有效的 JSON' : (GENERIC[status] ?? '请求无效');
      return reply.code(status).send(errorBody(status, text));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBody(500, '服务器开小差了，请稍后再试'));
  });
}

/** JSON 404 for unknown paths under a prefix (the API and /media). */
export function installNotFound(scope: FastifyInstance, text = '接口不存在'): void {
  scope.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody(404, text));
  });
}
