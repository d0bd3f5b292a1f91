// Build-time QR codes for the footer (spec section 2, "Shell"): one SVG per configured URL,
// written to public/qr/ so the browser only loads small images, never the qrcode library.
// Called from gatsby-node's onPreBootstrap (after Gatsby may have emptied public/).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { qrTargets, type QrTarget } from '../src/components/shell/qr-targets';

/** The SVG markup of one QR code: quiet zone of 2 modules, medium error correction. */
function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** Writes every footer QR code under `publicDir`; returns the targets with their file paths. */
export async function writeQrCodes(publicDir: string, targets: QrTarget[] = qrTargets()) {
  const written: Array<QrTarget & { file: string }> = [];
  for (const t of targets) {
    const file = join(publicDir, ...t.path.split('/').filter(Boolean));
    await mkdir(join(file, '..'), { recursive: true });
    try {
      await writeFile(file, await qrSvg(t.url));
    } catch (err) {
      throw new Error(`QR code for ${t.key} (${t.url}) could not be written to ${file}: ${(err as Error).message}`);
    }
    written.push({ ...t, file });
  }
  return written;
}

/** Minimal slice of Gatsby's Node API arguments this hook uses. */
interface PreBootstrapArgs {
  store: { getState(): { program: { directory: string } } };
  reporter: { info(msg: string): void; panic(msg: string, err?: Error): never };
}

/**
 * gatsby-node `onPreBootstrap`: writes public/qr/*.svg. Runs after Gatsby has cleared a
 * stale public/ and before pages render, for `gatsby build` and `gatsby develop` alike.
 * Fails the build with the cause when a code cannot be written.
 */
export async function qrCodesOnPreBootstrap({ store, reporter }: PreBootstrapArgs) {
  const publicDir = join(store.getState().program.directory, 'public');
  try {
    const written = await writeQrCodes(publicDir);
    reporter.info(`footer QR codes: ${written.map((w) => w.path).join(', ')}`);
  } catch (err) {
    reporter.panic(`footer QR codes (gatsby/qr-codes.ts): ${(err as Error).message}`, err as Error);
  }
}
