// The reference server in a child process the crash test can `kill -9`: prints its URL and every
// dev SMS code on stdout (tests read them), nothing else.
import { startServer } from '../../../server/start';

startServer({
  port: 0,
  host: '127.0.0.1',
  dbFile: process.env.DB_FILE,
  mediaDir: process.env.MEDIA_DIR,
  seedReviews: 200,
  devCodeLog: (phone, code) => process.stdout.write(`CODE ${phone} ${code}\n`),
}).then((s) => process.stdout.write(`URL=${s.url}\n`), (e) => { console.error(e); process.exit(1); });
