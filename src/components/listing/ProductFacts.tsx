import * as React from 'react';
import type { FactsView } from '../../listing/facts-view';
import { TAX_RULE_TEXT } from '../../listing/landed-cost';
import { SizeChart } from './SizeChart';
import { FitSummary } from './FitSummary';

const yuan = (n: number) => `¥${n.toFixed(2)}`;
const days = (min: number, max: number) => (min === max ? `${min} 天` : `${min}-${max} 天`);

/**
 * The facts beside a product's reviews (issue 45): offers, landed cost, delivery, fit and size
 * chart, the original name. Static markup only (<details> opens without script), rendered by the
 * build with renderToStaticMarkup (gatsby/pages/facts.ts factsMarkup), never in the browser:
 * nothing here may need script or state. `mark`: on a review page, the chart row of the size the
 * reviewer bought (src/listing/bought-size.ts).
 */
export function ProductFacts({ facts: f, mark }: { facts: FactsView; mark?: string | null }) {
  const { landed, delivery } = f;
  return (
    <section className="pd-facts" aria-label="商品信息">
      {(f.promo || f.groupBuy) && (
        <ul className="pd-facts__offers" aria-label="优惠活动">
          {f.promo && (
            <li className="pd-facts__promo">
              <strong>{f.promo.label}</strong> 活动价 {f.promo.price}
            </li>
          )}
          {f.groupBuy && (
            <li className="pd-facts__group">
              <strong>{f.groupBuy.label}</strong> 拼团价 {f.groupBuy.price}，{f.groupBuy.minMembers}人成团
            </li>
          )}
        </ul>
      )}
      {landed && (
        <div className="pd-facts__block pd-facts__landed">
          <h2>到手价估算</h2>
          <dl className="pd-facts__cost">
            <dt>商品价</dt>
            <dd data-part="price">{yuan(landed.priceYuan)}</dd>
            <dt>税费</dt>
            <dd data-part="tax">
              {landed.taxYuan == null ? '以海关计征为准' : yuan(landed.taxYuan)}
              <small>{TAX_RULE_TEXT[landed.taxRule]}</small>
            </dd>
            <dt>运费</dt>
            <dd data-part="shipping">
              {landed.shippingYuan == null ? '以结算页为准' : yuan(landed.shippingYuan)}
              <small>
                {landed.domesticYuan != null && `商家境内段 ${yuan(landed.domesticYuan)} + `}国际段{' '}
                {yuan(landed.crossBorderYuan)}
              </small>
            </dd>
            <dt>合计</dt>
            <dd data-part="total" className="pd-facts__total">
              {landed.totalYuan == null ? '以结算页为准' : yuan(landed.totalYuan)}
            </dd>
          </dl>
        </div>
      )}
      {delivery && (
        <div className="pd-facts__block pd-facts__delivery">
          <h2>配送时效</h2>
          <p className="pd-facts__eta">
            {delivery.domestic ? '' : '国际段'}约 {days(delivery.minDays, delivery.maxDays)}送达
          </p>
          <ul className="pd-facts__legs">
            {delivery.domestic && (
              <li data-leg="domestic">
                商家境内段：{delivery.domestic.carrier ? `${delivery.domestic.carrier}，` : ''}
                {days(delivery.domestic.minDays, delivery.domestic.maxDays)}
                {delivery.domestic.freeFromYuan != null && `，满 ${yuan(delivery.domestic.freeFromYuan)} 免运费`}
                <small>来源：商家公布的境内配送信息</small>
              </li>
            )}
            <li data-leg="cross-border">
              国际段：{delivery.crossBorder.name}，{days(delivery.crossBorder.minDays, delivery.crossBorder.maxDays)}
              <small>来源：{delivery.crossBorder.source}</small>
            </li>
            {delivery.domestic?.returns && (
              <li data-leg="returns">
                退货：
                {delivery.domestic.returns.days === 0
                  ? '该商家不支持退货'
                  : `签收后 ${delivery.domestic.returns.days} 天内可寄回商家（${delivery.domestic.returns.place}），退货运费${delivery.domestic.returns.free ? '由商家承担' : '由买家承担'}`}
                <small>来源：商家公布的退货政策</small>
              </li>
            )}
          </ul>
        </div>
      )}
      {(f.fit || f.sizeChart) && (
        <div className="pd-facts__block pd-facts__size">
          <h2>尺码</h2>
          {f.fit && <FitSummary fit={f.fit} />}
          {f.sizeChart && <SizeChart chart={f.sizeChart} mark={mark} />}
        </div>
      )}
      {f.original && (
        <details className="pd-facts__original">
          <summary>查看英文原名</summary>
          <p lang="en" className="pd-facts__original-name">
            {f.original.name}
          </p>
          {f.original.description && <p lang="en">{f.original.description}</p>}
        </details>
      )}
    </section>
  );
}
