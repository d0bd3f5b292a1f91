// A photo-id upload as raw bytes (request head and multipart body), for the tests that send it
// over a socket at their own pace (slow-uploads tests, on the server and through nginx).
export function rawPhotoUpload(session: Record<string, string>, photo: Buffer): { head: string; payload: Buffer } {
  const payload = Buffer.concat([
    Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="image"; filename="id.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    ),
    photo,
    Buffer.from('\r\n--b--\r\n'),
  ]);
  const head =
    `POST /api/v2/profile/photo-ids HTTP/1.1\r\nHost: x\r\nX-Session-User: ${session['X-Session-User']}\r\n` +
    `X-Session-Key: ${session['X-Session-Key']}\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
    `Content-Length: ${payload.length}\r\n\r\n`;
  return { head, payload };
}
