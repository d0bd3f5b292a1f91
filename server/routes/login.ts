// WeChat and shihuo logins (spec section 7, "Login"), emulated with test codes
// (server/repositories/logins.ts; docs/server.md, "Emulated logins"). Successful logins answer
// the SMS sign-in's SignInResult; the bind SMS goes through the same code store and budgets.
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireUser, signedIn } from '../context';
import { requirePhone } from '../phone';
import { SmsSendBudget, type SmsBudgetOptions } from '../sms-budget';
import { siteConfig } from '../../src/site-config';
import {
  CodeQuery,
  GiftAmount,
  OpenIdResult,
  Sent,
  ShihuoLoginInfo,
  ShihuoLoginQuery,
  ShihuoSign,
  ShihuoTokenBody,
  SignInResult,
  UrlQuery,
  WechatBindPhoneBody,
  WechatBindSmsBody,
  WechatCodeBody,
  WechatJsTicket,
  WechatLoginResult,
} from '../../src/storefront/wire/login';

export interface LoginOptions {
  devCodeLog?: (phone: string, code: string) => void;
  logCodes?: boolean;
  /** The SMS sign-in's send budgets (one per app: a bind code costs as much as a sign-in code). */
  budget: SmsSendBudget;
  /** Sessions and bind tokens the emulated logins may create; default DEFAULT_LOGIN_BUDGET. */
  loginBudget?: Partial<SmsBudgetOptions>;
  now?: () => number;
}

/**
 * The emulated logins need no SMS, so without a budget of their own anyone could create users,
 * sessions and bind tokens without end (rows on disk). Counted per client address and for the
 * server, like the SMS budgets; only successful logins count.
 */
export const DEFAULT_LOGIN_BUDGET: SmsBudgetOptions = {
  perClient: [
    { max: 10, windowMs: 10 * 60_000 },
    { max: 30, windowMs: 24 * 3_600_000 },
  ],
  global: [
    { max: 60, windowMs: 60_000 },
    { max: 300, windowMs: 3_600_000 },
  ],
  maxClients: 10_000,
};

export const loginRoutes: FastifyPluginAsync<LoginOptions> = async (fastify, opts) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const logins = app.repos.logins;
  const budget = opts.budget;
  const loginBudget = new SmsSendBudget({ ...DEFAULT_LOGIN_BUDGET, ...opts.loginBudget }, opts.now, {
    global: '登录繁忙，请稍后再试',
    client: '登录过于频繁，请稍后再试',
  });
  /** Runs a login within the login budget of the client; only a success is counted. */
  const budgeted = <T>(ip: string, login: () => T): T => {
    loginBudget.check(ip);
    const result = login();
    loginBudget.charge(ip);
    return result;
  };

  app.post(
    '/v1/wechat-login/login/web',
    { schema: { body: WechatCodeBody, response: { 200: WechatLoginResult } } },
    async (req) => budgeted(req.ip, () => logins.wechatLogin(req.body.code)),
  );

  app.post(
    '/v1/wechat-login/sms/bind',
    { schema: { body: WechatBindSmsBody, response: { 200: Sent } } },
    async (req) => {
      const phone = requirePhone(req.body.phone);
      logins.checkBind(req.body.bindToken, phone);
      budget.check(req.ip, phone);
      const { code } = app.repos.auth.issueCode(phone);
      budget.charge(req.ip, phone);
      if (opts.logCodes) req.log.warn(`dev SMS code for ${phone}: ${code} (reference server: no SMS is sent)`);
      opts.devCodeLog?.(phone, code);
      return { sent: true };
    },
  );

  app.post(
    '/v1/wechat-login/bind/phone',
    { schema: { body: WechatBindPhoneBody, response: { 200: SignInResult } } },
    async (req) => {
      const phone = requirePhone(req.body.phone);
      const openId = logins.checkBind(req.body.bindToken, phone);
      const result = app.repos.auth.verify(phone, req.body.code.trim());
      return logins.bind(req.body.bindToken, openId, result);
    },
  );

  app.get(
    '/v1/wechat/openId',
    { schema: { querystring: CodeQuery, response: { 200: OpenIdResult } } },
    async (req) => ({
      openId: logins.openIdOf(req.query.code),
    }),
  );

  app.get(
    '/v1/wechat-jsticket',
    { schema: { querystring: UrlQuery, response: { 200: WechatJsTicket } } },
    async (req) => logins.jsTicket(req.query.url),
  );

  // The mini-program's new-user gift: the site's gift package (spec section 9: 688 yuan).
  app.get('/v1/wechat/miniprogram/gift-amount', { schema: { response: { 200: GiftAmount } } }, async () => ({
    amountCents: siteConfig.giftPackageYuan * 100,
  }));

  app.get(
    '/v1/shihuo/login',
    { schema: { querystring: ShihuoLoginQuery, response: { 200: ShihuoLoginInfo } } },
    async (req) => ({
      partner: 'shihuo',
      testMode: logins.emulated,
      ...(req.query.token === undefined ? {} : { tokenValid: logins.shihuoPhone(req.query.token) !== null }),
    }),
  );

  app.post('/v1/shihuo/login', { schema: { body: ShihuoTokenBody, response: { 200: SignInResult } } }, async (req) =>
    budgeted(req.ip, () => logins.shihuoLogin(req.body.token)),
  );

  app.get(
    '/v1/shihuo/login/sign',
    { onRequest: signedIn(app), schema: { response: { 200: ShihuoSign } } },
    async (req) => {
      const key = req.headers['x-session-key'];
      return logins.shihuoSign(requireUser(app, req), String(Array.isArray(key) ? key[0] : key));
    },
  );

  app.post('/v1/shihuo/login/sign', { schema: { body: ShihuoSign, response: { 200: SignInResult } } }, async (req) =>
    budgeted(req.ip, () => logins.redeemShihuoSign(req.body)),
  );
};
