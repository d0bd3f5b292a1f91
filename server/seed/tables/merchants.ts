import type { DB } from '../../db/open';
import { mediaImage } from '../../media/urls';
import type { Rng } from '../prng';
import { json, priceTag } from '../reference';
import { MERCHANTS } from '../vocab';

const CARRIERS: Record<string, string[]> = {
  US: ['UPS Ground', 'FedEx Home Delivery', 'USPS Priority Mail'],
  GB: ['Royal Mail Tracked 48', 'DPD'],
  DE: ['DHL Paket', 'Hermes'],
  FR: ['Colissimo', 'Chronopost'],
  IT: ['BRT', 'Poste Italiane'],
  DK: ['PostNord', 'GLS'],
};

/**
 * Each merchant's return policy (issue 45), fixed by what it sells: department stores and fashion
 * shops take returns by mail within their usual window, the shopper paying the parcel back
 * abroad; food, supplements and opened cosmetics are not taken back (days 0). Not drawn from
 * the random stream: the draws of every later table stay as they were.
 */
const RETURN_DAYS: Record<string, number> = {
  'Westbrook Department Store': 30,
  'Hudson & Vine': 30,
  SoleCity: 30,
  VitaHarbor: 0,
  'Maison Rivoli': 14,
  'Kaufhaus Adler': 14,
  'Thames & Hale': 28,
  'Milano Moda Outlet': 14,
  'Camden Beauty House': 0,
  'BabyNest USA': 30,
  'Gadget Depot': 15,
  'Nordic Pantry': 0,
};

/** Merchants: the fixed list (vocab.ts), random shipping details. Returns how many. */
export function seedMerchants(db: DB, rng: Rng): number {
  const ins = db.prepare(
    'INSERT INTO merchants (id, name, name_cn, country, origin, currency, website, description, logo, banner, shipping) VALUES (?,?,?,?,?,?,?,?,?,?,?)',
  );
  MERCHANTS.forEach((m, i) => {
    const id = i + 1;
    const threshold = rng.pick([4900, 7500, 9900, 15000]);
    const shipping = {
      currency: m.currency,
      freeShippingThresholdCents: threshold,
      rules: [
        { minCents: 0, maxCents: threshold, feeCents: rng.pick([499, 599, 795, 995]) },
        { minCents: threshold, maxCents: null, feeCents: 0 },
      ],
      estimatedDays: { min: rng.int(1, 3), max: rng.int(4, 7) },
      carrier: rng.pick(CARRIERS[m.country] ?? ['Standard']),
      note: `${m.origin}境内段运费由商家收取，满${priceTag(threshold, m.currency)}免运费；国际段运费另计。`,
      returns: { days: RETURN_DAYS[m.name] ?? 0, returnTo: m.country, fees: 'CUSTOMER' },
    };
    ins.run(
      id,
      m.name,
      m.nameCN,
      m.country,
      m.origin,
      m.currency,
      m.website,
      m.description,
      json(mediaImage('merchant', `mc${id}`, 240, 120)),
      json(mediaImage('banner', `mc${id}`, 750, 300)),
      json(shipping),
    );
  });
  return MERCHANTS.length;
}
