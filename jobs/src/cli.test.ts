import { describe, expect, it } from 'vitest';
import { tickSummary } from './cli.ts';

describe('walkon-jobs tick summary', () => {
  it('says what a tick did, also when it sent nothing', () => {
    expect(tickSummary('mk', 60, 0, 0)).toBe('tick mk: read 60 live entities, 0 alerts sent (no watched ride qualified)');
    expect(tickSummary('mk', 1, 1, 1)).toBe('tick mk: read 1 live entity, 1 alert sent');
    expect(tickSummary('mk', 60, 3, 2)).toBe('tick mk: read 60 live entities, 2 alerts sent (1 not sent; see the log)');
    expect(tickSummary('mk', null, 0, 0)).toBe('tick mk: skipped (another tick of this park is running), 0 alerts sent');
  });
});
