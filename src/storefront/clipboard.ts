// Copy to clipboard (spec section 8: failure reports false). Tries the async Clipboard API
// (secure contexts only), then the legacy execCommand('copy') on a hidden textarea. Never
// throws: any failure, including running outside a browser, resolves to false.

export async function copyText(text: string): Promise<boolean> {
  const g = globalThis as { navigator?: Navigator; document?: Document };
  try {
    if (g.navigator?.clipboard?.writeText) {
      await g.navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or not focused: try the fallback.
  }
  return execCommandCopy(g.document, text);
}

function execCommandCopy(doc: Document | undefined, text: string): boolean {
  if (!doc?.body || typeof doc.execCommand !== 'function') return false;
  const area = doc.createElement('textarea');
  try {
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.top = '0';
    area.style.left = '-9999px';
    doc.body.appendChild(area);
    area.select();
    return doc.execCommand('copy') === true;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
