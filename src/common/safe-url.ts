// User-generated URLs are untrusted: only http(s) URLs and root-relative paths may become
// links or image sources. `javascript:`, `data:`, `vbscript:`, protocol-relative and
// malformed URLs are dropped (DEVELOPERS.md, "Standards").

export function safeUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // Browsers ignore ASCII whitespace and control characters inside schemes ("java\tscript:").
  const url = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (!url || /[\u0000-\u001f\u007f]/.test(url)) return null;
  if (url.startsWith('/')) {
    // "//host/x" is protocol-relative, "/\host" is treated the same way by browsers.
    return url.startsWith('//') || url.startsWith('/\\') ? null : url;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}
