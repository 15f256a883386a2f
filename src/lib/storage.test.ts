import { expect } from 'chai';
import { createStorage } from './storage';

/** Records the keys written to localStorage while `fn` runs; `refuse` makes matching writes fail as a full quota does. */
function watchWrites(fn: () => void, refuse: (key: string) => boolean = () => false): string[] {
  const original = Storage.prototype.setItem;
  const written: string[] = [];
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    written.push(key);
    if (refuse(key)) throw new DOMException('full', 'QuotaExceededError');
    return original.call(this, key, value);
  };
  try {
    fn();
  } finally {
    Storage.prototype.setItem = original;
  }
  return written;
}

describe('prefixed storage', () => {
  it('writes nothing outside its prefix, not even to probe whether storage works', () => {
    const written = watchWrites(() => {
      const s = createStorage('probe-test:');
      s.set('lang', 'de');
      s.remove('lang');
    });
    expect(written.length).to.be.greaterThan(0);
    expect(written.filter((k) => !k.startsWith('probe-test:'))).to.deep.equal([]);
  });

  it('a value refused for quota is still read back for the rest of the session', () => {
    const s = createStorage('quota-test:');
    s.set('lang', 'en');
    watchWrites(
      () => s.set('lang', 'de'),
      (k) => k === 'quota-test:lang',
    );
    expect(s.get('lang')).to.equal('de');
    // Once storage takes writes again, the stored value is the one read, and remove clears both.
    s.set('lang', 'fr');
    expect(s.get('lang')).to.equal('fr');
    expect(localStorage.getItem('quota-test:lang')).to.equal('"fr"');
    s.remove('lang');
    expect(s.get('lang')).to.equal(null);
  });
});
