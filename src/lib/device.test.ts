import { expect } from 'chai';
import { isMobileDevice } from './device';

/** A window as isMobileDevice reads it: a width, touch or not, and a user agent. */
const win = (userAgent: string, innerWidth = 1280, maxTouchPoints = 0) =>
  ({ innerWidth, navigator: { userAgent, maxTouchPoints } }) as unknown as Window;

const PHONES = {
  iPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'iPhone web view':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  iPod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.7 Mobile/15E148 Safari/604.1',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Safari/605.1.15',
  'Android phone':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Android tablet':
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Android web view':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36',
  HarmonyOS:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0 Safari/537.36 ArkWeb/4.1.6.1 HarmonyOS',
  'Windows Phone':
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0 Mobile Safari/537.36 Edge/15.15063',
};
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('isMobileDevice', () => {
  for (const [name, ua] of Object.entries(PHONES)) {
    it(`a ${name} is a phone, at any width`, () => {
      expect(isMobileDevice(win(ua))).to.equal(true);
    });
  }

  it('a desktop browser is not, unless it is a touch screen at most 768 px wide', () => {
    expect(isMobileDevice(win(DESKTOP))).to.equal(false);
    expect(isMobileDevice(win(DESKTOP, 768))).to.equal(false);
    expect(isMobileDevice(win(DESKTOP, 768, 5))).to.equal(true);
    expect(isMobileDevice(win(DESKTOP, 769, 5))).to.equal(false);
  });
});
