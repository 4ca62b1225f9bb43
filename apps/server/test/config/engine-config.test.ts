import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

describe('engine configuration', () => {
  it('replaces engine workers above 768 MB unless told otherwise, and refuses a limit no worker could meet', () => {
    expect(loadConfig({}).ENGINE_WORKER_MAX_RSS_MB).toBe(768);
    expect(loadConfig({ ENGINE_WORKER_MAX_RSS_MB: '1536' }).ENGINE_WORKER_MAX_RSS_MB).toBe(1536);
    // A worker with its models loaded sits near 500 MB: a lower limit would replace it after every task.
    expect(() => loadConfig({ ENGINE_WORKER_MAX_RSS_MB: '400' })).toThrow(/ENGINE_WORKER_MAX_RSS_MB/);
  });
});
