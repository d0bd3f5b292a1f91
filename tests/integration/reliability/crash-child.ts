// The reference server in a child process the crash test can `kill -9`: prints its URL and every
// dev SMS code on stdout (tests read them), nothing else.
import { startServer } from '../../../server/start';

startServer({
  port: 0,
  host: '127.0.0.1',
  dbFile: process.env.DB_FILE,
  mediaDir: process.env.MEDIA_DIR,
  seedReviews: 200,
  // CRASH_SMS_BUDGET=roomy: the sign-in crash test signs in more phones than one client may.
  ...(process.env.CRASH_SMS_BUDGET === 'roomy'
    ? { smsBudget: { perClient: [{ max: 10_000, windowMs: 60_000 }], global: [{ max: 10_000, windowMs: 60_000 }] } }
    : {}),
  devCodeLog: (phone, code) => process.stdout.write(`CODE ${phone} ${code}\n`),
}).then(
  (s) => process.stdout.write(`URL=${s.url}\n`),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
