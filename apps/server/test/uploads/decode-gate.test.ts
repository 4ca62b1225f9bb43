import { describe, expect, it } from 'vitest';
import { DecodeGate } from '../../src/modules/uploads/decode-gate.ts';

const settled = () => new Promise((r) => setImmediate(r));

describe('decode gate', () => {
  it('lets small shares in side by side, keeps order, and never lets a small one overtake a large one', async () => {
    const gate = new DecodeGate(100, 5);
    const order: string[] = [];
    const take = (name: string, share: number) => gate.acquire(share).then((release) => (order.push(name), release));
    const a = await take('a', 40);
    const b = await take('b', 40);
    const large = take('large', 100);
    const small = take('small', 10);
    await settled();
    // 'small' would fit beside a and b, but waits behind 'large'.
    expect(order).toEqual(['a', 'b']);
    a();
    await settled();
    expect(order).toEqual(['a', 'b']);
    b();
    const releaseLarge = await large;
    await settled();
    expect(order).toEqual(['a', 'b', 'large']);
    releaseLarge();
    releaseLarge(); // a second call frees nothing more
    (await small)();
    expect(order).toEqual(['a', 'b', 'large', 'small']);
  });

  it('counts a share past the capacity as all of it, and answers 503 past the queue', async () => {
    const gate = new DecodeGate(10, 1);
    const release = await gate.acquire(1000);
    const waiting = gate.acquire(1);
    await expect(gate.acquire(1)).rejects.toMatchObject({ status: 503, code: 'busy' });
    release();
    (await waiting)();
  });
});
