import type { DB } from '../../db/open';
import { mediaPath } from '../../media/urls';
import type { Rng } from '../prng';
import { DAY, REFERENCE_DATE, json } from '../reference';
import { FIRST_USER_ID, HOSTILE_USER_ID, HOSTILE_USER_LABEL } from '../special';
import { MEDALS, NICK_PREFIX, NICK_SUFFIX } from '../vocab';

/** How many reviewers a data set of `reviews` reviews has (the hostile user aside). */
export const userCount = (reviews: number) => Math.max(40, Math.ceil(reviews / 4));

/** Users: the hostile one, then `count` reviewers from FIRST_USER_ID. */
export function seedUsers(db: DB, rng: Rng, count: number): void {
  const ins = db.prepare('INSERT INTO users (id, label, avatar, medals, phone, created_at) VALUES (?,?,?,?,NULL,?)');
  const medalsOf = (n: number) =>
    rng
      .sample(MEDALS, n)
      .map((m) => ({ image: { url: mediaPath('medal', m.id, 72, 72, 'webp') }, text: { text: m.text } }));
  ins.run(
    HOSTILE_USER_ID,
    HOSTILE_USER_LABEL,
    mediaPath('avatar', `u${HOSTILE_USER_ID}`, 160, 160),
    json(medalsOf(1)),
    REFERENCE_DATE - 400 * DAY,
  );
  for (let i = 0; i < count; i++) {
    const id = FIRST_USER_ID + i;
    const label = rng.weighted<() => string>([
      [() => rng.pick(NICK_PREFIX) + rng.pick(NICK_SUFFIX) + (rng.chance(0.3) ? String(rng.int(1, 999)) : ''), 80],
      [() => `1${rng.int(30, 99)}****${String(rng.int(0, 9999)).padStart(4, '0')}`, 12],
      [() => '匿名用户', 8],
    ])();
    const avatar = rng.chance(0.92) ? mediaPath('avatar', `u${id}`, 160, 160) : null;
    const medals = medalsOf(
      rng.weighted([
        [0, 50],
        [1, 35],
        [2, 15],
      ] as const),
    );
    ins.run(id, label, avatar, json(medals), REFERENCE_DATE - rng.int(30, 1500) * DAY);
  }
}
