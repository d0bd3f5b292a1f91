import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyText } from '../../../src/storefront/clipboard';

// The success path runs in real Chromium (tests/integration/client/browser.test.ts).

test('copyText is false outside a browser, never throws', async () => {
  assert.equal(await copyText('x'), false);
});

test('copyText is false when the Clipboard API rejects and execCommand is unavailable', async () => {
  const g = globalThis as Record<string, unknown>;
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } },
  });
  try {
    assert.equal(await copyText('x'), false);
    g.document = {
      body: {},
      execCommand: () => {
        throw new Error('blocked');
      },
      createElement: () => ({ style: {}, setAttribute() {}, select() {}, remove() {} }),
    };
    (g.document as { body: { appendChild: () => void } }).body.appendChild = () => {};
    assert.equal(await copyText('x'), false);
  } finally {
    delete g.document;
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete g.navigator;
  }
});

test('copyText is true when the Clipboard API accepts', async () => {
  const copied: string[] = [];
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { clipboard: { writeText: async (t: string) => void copied.push(t) } },
  });
  try {
    assert.equal(await copyText('晒单链接'), true);
    assert.deepEqual(copied, ['晒单链接']);
  } finally {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
    else delete (globalThis as Record<string, unknown>).navigator;
  }
});
