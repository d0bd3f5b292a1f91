// Hostile and malformed inputs for the fuzz (issue 12, "Reliability suite"): the classes of
// the Big List of Naughty Strings (reserved words, numbers that are not, unicode oddities,
// injection and traversal payloads), long values, wrong types, bad JSON and huge bodies.
import zlib from 'node:zlib';

/** Strings tried in every query field, path parameter, body field and session header. */
export const NAUGHTY: readonly string[] = [
  // Empty, blank, reserved words, numbers that are not
  '',
  ' ',
  '\t',
  '\n',
  '\r\n',
  '\u00a0',
  '\u3000',
  'undefined',
  'null',
  'NULL',
  'nil',
  'None',
  'true',
  'false',
  'NaN',
  'Infinity',
  '-Infinity',
  '0',
  '-0',
  '-1',
  '1.0',
  '1e3',
  '1e400',
  '0x10',
  '0b1',
  '0o7',
  '1_000',
  '١٢٣',
  '９９',
  '01',
  '+1',
  '2147483648',
  '9007199254740993',
  '-9999999999999999999999',
  '1/0',
  '0.0000001',
  '1,000',
  '1-2-3',
  '-',
  '--',
  '.5-',
  '- 1',
  // Prototype and object keys
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '[object Object]',
  '{}',
  '[]',
  '{"a":1}',
  '[1,2]',
  // Injection payloads
  "'",
  '"',
  '`',
  "' OR '1'='1",
  '1; DROP TABLE reviews; --',
  "1' UNION SELECT sql FROM sqlite_master --",
  '%',
  '_',
  '%%',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}',
  '{{7*7}}',
  '#{7*7}',
  '%s%s%s%n',
  '$(id)',
  '`id`',
  '| cat /etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\ufeff',
  '\ufffe',
  '\ud800',
  '\udfff',
  // Traversal and URLs
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f',
  '....//',
  '//evil.example',
  'http://169.254.169.254/',
  'file:///etc/passwd',
  'data:text/html,<b>x</b>',
  '/review/../api',
  'C:\\Windows',
  '~',
  '.env',
  '.git/config',
  // Unicode oddities
  '😀',
  '👨‍👩‍👧‍👦',
  '🏳️‍🌈',
  'Ω≈ç√∫',
  '表ポあA鷗ŒéＢ逍Üßªąñ丂㐀𠀀',
  '‮RTL‮',
  '\u200b',
  '\u2028\u2029',
  'ｓｃｒｉｐｔ',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
  'İ',
  'ß',
  'ﬀ',
  'ǅ',
  'ℌ',
  '\u0301',
  'ᚠᛇᚻ',
  'שָׁלוֹם',
  'مرحبا',
  '田中さんにあげて下さい',
  '防晒',
  '羊绒大衣',
  // Format look-alikes of our own values
  '0-100',
  '100-',
  '-50',
  '0-99999999',
  'a,b,c',
  ',',
  ',,,',
  'k00,'.repeat(60),
  'posted_at',
  'likes',
  'popular',
  'zh-CN',
  'MTc0MDAwMDAwMDAwMDo1MDAwMDAx',
  'bm90IG91cnM',
  '!!!',
  'PRODUCT_DETAILS',
  '13812345678',
  '+86 138 1234 5678',
  '000000',
];

/** Long values: 1 KB and 15 KB of the characters that stress patterns and parsers. */
export const LONG: readonly string[] = [
  ' '.repeat(1024),
  '+'.repeat(1024),
  '9'.repeat(1024),
  'a'.repeat(1024),
  ',a'.repeat(512),
  '%'.repeat(1024),
  ' '.repeat(15 * 1024),
  '9'.repeat(15 * 1024),
  'x,'.repeat(7 * 1024),
  '😀'.repeat(2000),
  '-'.repeat(15 * 1024),
  '.'.repeat(15 * 1024),
];

/** Whole bodies for routes that take one: bad JSON, wrong types, huge, nested. */
export const BODIES: readonly { type: string; body: string | Buffer; label: string }[] = [
  ...[
    '{',
    '}',
    '{"q":',
    '{"q":"x",}',
    "{'q':'x'}",
    'nul',
    'undefined',
    'NaN',
    '{"q":NaN}',
    '{"q":Infinity}',
    '\u0000',
    '\ufeff{"q":"x"}',
    '{"q":"\\ud800"}',
    '{"q":"x"}{"q":"y"}',
    '[]',
    '[{}]',
    '0',
    '"q"',
    'true',
    'null',
    '{"__proto__":{"polluted":1},"q":"x"}',
    '{"constructor":{"prototype":{"polluted":1}},"q":"x"}',
    '{"q":{"$gt":""}}',
    '{"q":["a","b"]}',
    '{"q":1e400}',
    '{"phone":13812345678}',
    '{"phone":null,"code":null}',
    '{"q":"x","f":-1,"t":1e9}',
    '{"q":"x","f":"0","t":"10"}',
    ' '.repeat(100),
  ].map((body) => ({ type: 'application/json', body, label: `json ${JSON.stringify(body.slice(0, 30))}` })),
  { type: 'application/json', body: '['.repeat(20_000) + ']'.repeat(20_000), label: 'json nested 20,000 deep' },
  { type: 'application/json', body: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), label: 'json objects 5,000 deep' },
  { type: 'application/json', body: JSON.stringify({ q: 'x'.repeat(60 * 1024) }), label: 'json 60 KB' },
  { type: 'application/json', body: Buffer.alloc(1024 * 1024, 0x20), label: 'json 1 MB of spaces' },
  {
    type: 'application/json',
    body: JSON.stringify({ q: 'a', pad: Array.from({ length: 5000 }, (_, i) => i) }),
    label: 'json big array',
  },
  { type: 'application/json; charset=utf-16', body: '{"q":"x"}', label: 'json charset utf-16' },
  { type: 'application/json', body: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), label: 'json invalid utf-8' },
  { type: 'text/plain', body: 'q=x', label: 'text/plain' },
  { type: 'application/x-www-form-urlencoded', body: 'q=x&phone=1', label: 'form' },
  {
    type: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="q"\r\n\r\nx\r\n--x--',
    label: 'multipart',
  },
  {
    type: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><q>&e;</q>',
    label: 'xml entity',
  },
  { type: '', body: '{"q":"x"}', label: 'no content type' },
  { type: 'application/json', body: Buffer.alloc(3 * 1024 * 1024, 0x61), label: 'json 3 MB' },
];

const part = (boundary: string, disposition: string, data: string | Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${extra}\r\n`),
    Buffer.isBuffer(data) ? data : Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
const closing = (boundary: string) => Buffer.from(`--${boundary}--\r\n`);
const IMAGE = 'form-data; name="image"; filename="a.jpg"';

/** A PNG header claiming a huge size (a decompression bomb's first bytes): refused before decoding. */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Multipart bodies for the photo-id upload (POST /api/v2/profile/photo-ids, issue 15): broken
 * framing, wrong fields, non-images, images that lie about their size. Sent signed in.
 */
export const MULTIPART_BODIES: readonly { type: string; body: string | Buffer; label: string }[] = [
  { type: 'multipart/form-data', body: 'x', label: 'multipart without boundary' },
  { type: 'multipart/form-data; boundary=', body: '--\r\n', label: 'multipart empty boundary' },
  { type: `multipart/form-data; boundary=${'b'.repeat(71)}`, body: 'x', label: 'multipart boundary of 71' },
  { type: 'multipart/form-data; boundary=abc', body: 'no delimiter here', label: 'multipart no delimiter' },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.from('--abc\r\nContent-Disposition: form-data; name="image"\r\n\r\nxx'),
    label: 'multipart truncated part',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([Buffer.from(`--abc\r\nX: ${'h'.repeat(6000)}\r\n\r\nx\r\n`), closing('abc')]),
    label: 'multipart part header 6 KB',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', 'form-data; name="file"', 'x'), closing('abc')]),
    label: 'multipart no image field',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', 'form-data; name=image', 'x'), closing('abc')]),
    label: 'multipart unquoted name',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, 'not an image at all'), closing('abc')]),
    label: 'multipart text as image',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, ''), closing('abc')]),
    label: 'multipart empty image',
  },
  {
    type: 'multipart/form-data; boundary="q q"',
    body: Buffer.concat([part('q q', IMAGE, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])), closing('q q')]),
    label: 'multipart quoted boundary, JPEG header only',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, pngHeader(50_000, 50_000)), closing('abc')]),
    label: 'multipart PNG claiming 50000x50000',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, pngHeader(0x7fffffff, 1)), closing('abc')]),
    label: 'multipart PNG claiming 2^31 wide',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')), closing('abc')]),
    label: 'multipart GIF',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([
      ...Array.from({ length: 50 }, (_, i) => part('abc', `form-data; name="f${i}"`, 'x')),
      closing('abc'),
    ]),
    label: 'multipart 50 parts',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([part('abc', IMAGE, Buffer.alloc(6 * 1024 * 1024, 0xff)), closing('abc')]),
    label: 'multipart 6 MB image',
  },
  {
    type: 'multipart/form-data; boundary=abc',
    body: Buffer.concat([
      part('abc', `form-data; name="image"; filename="../../${'x'.repeat(300)}"`, 'x'),
      closing('abc'),
    ]),
    label: 'multipart traversal filename',
  },
];

/** Wrong shapes of a query field `k` (arrays, objects, repeats). */
export const QUERY_SHAPES: readonly ((k: string) => string)[] = [
  (k) => `${k}[]=1&${k}[]=2`,
  (k) => `${k}[a]=1`,
  (k) => `${k}=1&${k}=2`,
  (k) => `${k}`,
  (k) => `${k}=`,
  (k) => `${k}==`,
  (k) => `${k}=%`,
  (k) => `${k}=%zz`,
  (k) => `${k}=%C0%AF`,
  (k) => `${k}=%FF%FE`,
  (k) => `${k}=a%00b`,
  (k) => `&&&${k}=1&&&`,
  (k) => `${k}=1;${k}=2`,
  (k) => `${encodeURIComponent(`${k}\u0000`)}=1`,
];

/** JSON values of every type for a body field. */
export const JSON_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  [],
  ['a'],
  {},
  { a: 1 },
  [[[]]],
  '',
  'x'.repeat(200),
];

/** Requests written by hand on a socket (what fetch would refuse to send). */
export const RAW_REQUESTS: readonly string[] = [
  'GARBAGE\r\n\r\n',
  'GET /api/v1/brands HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /api/v1/products/../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /api/v1/products/1 2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /review/..%2f..%2fpackage.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET /api/v2/discover?pr=\u00ff\u00fe HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'GET http://evil.example/api/v1/brands HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
  'GET * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'POST /api/v3/discover HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{"q":"x"}',
  'POST /api/v3/discover HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 9\r\nConnection: close\r\n\r\n9\r\n{"q":"x"}\r\n0\r\n\r\n',
  'POST /api/v3/discover HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{"q":"x"}\r\n0\r\n\r\n',
  'PROPFIND /api/v1/brands HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  'TRACE /api/v1/brands HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  `GET /api/v1/brands HTTP/1.1\r\nHost: x\r\n${'X-A: b\r\n'.repeat(3000)}Connection: close\r\n\r\n`,
  'GET /api/v1/brands HTTP/1.1\r\nHost: x\r\nX-Session-User: 1\r\nX-Session-User: 2\r\nX-Session-Key: \u00ff\r\nConnection: close\r\n\r\n',
  'GET /api/v1/brands HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nConnection: close\r\n\r\n',
  'GET /api/v1/brands HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n',
];
