// The photo-id upload's multipart reader (server/multipart.ts): well-formed bodies give their
// parts byte for byte; broken framing gives null, never an exception or a partial part.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundaryOf, parseMultipart } from '../../../server/multipart';

const body = (...parts: string[]) => Buffer.from(parts.join(''), 'latin1');

test('the boundary of a Content-Type', () => {
  assert.equal(boundaryOf('multipart/form-data; boundary=abc'), 'abc');
  assert.equal(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b"; x=1'), 'a b');
  assert.equal(boundaryOf('multipart/form-data'), null);
  assert.equal(boundaryOf('multipart/form-data; boundary='), null);
  assert.equal(boundaryOf(`multipart/form-data; boundary=${'b'.repeat(71)}`), null);
  assert.equal(boundaryOf('application/json; boundary=abc'), null);
  assert.equal(boundaryOf(undefined), null);
});

test('parts with names, file names, types and binary data', () => {
  const data = '\r\n--ab\xff\x00\r\n';
  const parts = parseMultipart(
    body(
      'preamble\r\n--xyz\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n',
      '--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: Image/JPEG\r\n\r\n',
      data,
      '\r\n--xyz--\r\n',
    ),
    'xyz',
  );
  assert.ok(parts);
  assert.deepEqual(
    parts.map((p) => [p.field, p.filename, p.contentType]),
    [
      ['note', null, null],
      ['image', 'a.jpg', 'image/jpeg'],
    ],
  );
  assert.equal(parts[1].data.toString('latin1'), data);
});

test('broken framing is null', () => {
  const head = '--b\r\nContent-Disposition: form-data; name="image"\r\n\r\n';
  assert.equal(parseMultipart(body('no delimiter'), 'b'), null);
  assert.equal(parseMultipart(body(head, 'truncated'), 'b'), null);
  assert.equal(parseMultipart(body('--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--'), 'b'), null, 'no name');
  assert.equal(parseMultipart(body('--bX\r\n'), 'b'), null);
  assert.equal(parseMultipart(body(`--b\r\nX: ${'h'.repeat(5000)}\r\n\r\nx\r\n--b--`), 'b'), null, 'long headers');
  const many = Array.from({ length: 12 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`);
  assert.equal(parseMultipart(body(...many, '--b--'), 'b'), null, 'too many parts');
  assert.deepEqual(parseMultipart(body('--b--'), 'b'), [], 'no parts');
});
