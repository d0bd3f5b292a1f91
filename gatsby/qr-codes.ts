// Build-time QR codes for the footer (spec section 2, "Shell"): one SVG per configured URL,
// written to public/qr/ so the browser only loads small images, never the qrcode library.
// Called from gatsby-node's onPreBootstrap (after Gatsby may have emptied public/).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { qrTargets, type QrTarget } from '../src/components/shell/qr-targets';

/** The SVG markup of one QR code: quiet zone of 2 modules, medium error correction. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
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
