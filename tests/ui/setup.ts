import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no ResizeObserver; Headless UI observes element sizes with it.
// A no-op observer is enough: jsdom does no layout anyway.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver as unknown as typeof ResizeObserver;

// jsdom's Blob has no arrayBuffer() (browsers have it): read through jsdom's FileReader.
const blobPrototype: { arrayBuffer?: (this: Blob) => Promise<ArrayBuffer> } = Blob.prototype;
if (!('arrayBuffer' in blobPrototype)) {
  blobPrototype.arrayBuffer = function (this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(this);
    });
  };
}

afterEach(() => {
  cleanup();
});
