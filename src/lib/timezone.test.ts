import { expect } from 'chai';
import { timeZoneHeader, timeZoneName } from './timezone';

/** Counts the Intl.DateTimeFormat formatters built while `fn` runs (the first one sets up the locale's data). */
function countFormatters(fn: () => void): number {
  const original = Intl.DateTimeFormat;
  let built = 0;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    built++;
    return new original(...args);
  } as typeof Intl.DateTimeFormat;
  try {
    fn();
  } finally {
    Intl.DateTimeFormat = original;
  }
  return built;
}

describe('timeZoneName', () => {
  const temporal = (globalThis as { Temporal?: unknown }).Temporal;

  it('names the zone Intl names', () => {
    expect(timeZoneName()).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(timeZoneHeader(new Date('2026-01-15T12:00:00Z'))).to.match(/^[\w/+-]+; GMT[+-]\d\d:\d\d$/);
  });

  it('builds no date formatter where Temporal names the zone (it costs a phone tens of ms in one task)', function () {
    if (!temporal) this.skip();
    expect(countFormatters(() => timeZoneName())).to.equal(0);
  });

  it('asks Intl where the engine has no Temporal', () => {
    const g = globalThis as { Temporal?: unknown };
    const had = Object.getOwnPropertyDescriptor(globalThis, 'Temporal');
    if (had) delete g.Temporal;
    try {
      let name = '';
      expect(countFormatters(() => (name = timeZoneName()))).to.equal(1);
      expect(name).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (had) Object.defineProperty(globalThis, 'Temporal', had);
    }
  });
});
