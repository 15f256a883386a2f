import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseTz } from '../lib/tz';

// The defect this replays: any offset up to ±14:59 was taken, so a merchant's "day" could be moved to where no one lives.
test('X-TZ offsets are taken only within real zones, -12:00 to +14:00', () => {
  const at = (h: string) => parseTz(h).offsetMinutes;
  assert.equal(at('UTC+14:00'), 840);
  assert.equal(at('UTC-12:00'), -720);
  assert.equal(at('UTC+05:45'), 345);
  assert.equal(at('GMT-3:30'), -210);
  for (const h of ['UTC+14:59', 'UTC+14:01', 'UTC-12:01', 'UTC-14:00', 'UTC-14:59', 'UTC+15:00', 'UTC+05:60'])
    assert.equal(at(h), undefined, h);
  // A named zone is judged by the runtime's own data: Kiritimati is +14:00, a real zone.
  assert.equal(parseTz('Pacific/Kiritimati').name, 'Pacific/Kiritimati');
});
