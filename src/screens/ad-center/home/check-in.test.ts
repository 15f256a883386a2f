/** The daily check-in: the strip, the tap and the done state, a failed refresh after it, and nothing known yet. */
import { expect } from 'chai';
import type { CheckInDay } from '../../../api/shapes/ad-center';
import {
  $,
  $$,
  apiCalls,
  apiFault,
  streamDown,
  toastText,
  unmountAll,
  waitFor,
  type Mounted,
} from '../../../../test/browser/support/app';
import { expectAxeClean, settle } from '../../../../test/browser/support/render';
import { captureIntervals, type CapturedIntervals } from '../../../../test/browser/support/timers';
import { STATS, checkIn, checkInButtons, merchantWithStreak, openHome, serverStatus, visible } from './test-check-in';

const SIGN_IN = '/user/sign_in';

/** Each day of the strip as a screen reader hears it. */
const stripWords = (m: Mounted) =>
  $$(m, '.ma-checkin__strip > li').map((li) => li.querySelector('.ma-sr-only')?.textContent ?? '');

/** The English words the strip should say for the server's days. */
function expectedWords(days: CheckInDay[]): string[] {
  return days.map((d) => {
    const credit = `credit score +${d.reward}`;
    if (d.today)
      return d.done
        ? `Day ${d.day}, today: checked in, ${credit}`
        : `Day ${d.day}, today: not checked in yet, ${credit}`;
    return d.done ? `Day ${d.day}: checked in, ${credit}` : `Day ${d.day}: to come, ${credit}`;
  });
}

describe('ad-centre home: the daily check-in', () => {
  let timers: CapturedIntervals | undefined;
  afterEach(() => {
    unmountAll();
    timers?.restore();
    timers = undefined;
  });

  it("check in: the strip shows the server's streak and today's reward; after the tap the done state is words, not a button; a reload keeps it", async () => {
    const merchant = await merchantWithStreak(3);
    const before = await serverStatus(merchant.token);
    expect(before.check_in.streak, 'the test API gave a streak').to.equal(3);
    expect(before.check_in.days.map((d) => [d.done, d.today])).to.deep.equal([
      [true, false],
      [true, false],
      [true, false],
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);

    const m = await openHome(merchant.token);
    const button = await waitFor(() => checkInButtons(m).find((b) => visible(b) === 'Check in'), 'the Check in button');
    expect(visible($(m, '.ma-checkin__title'))).to.equal('Daily check\u2011in');
    expect(visible($(m, '.ma-checkin__streak'))).to.equal('Days in a row:\u00a03');
    expect(visible($(m, '.ma-checkin__reward'))).to.equal(
      `Check in today for credit score +${before.check_in.today_reward}`,
    );
    expect($(m, '.ma-checkin__strip')!.tagName, 'a list').to.equal('OL');
    expect($(m, '.ma-checkin__strip')!.getAttribute('aria-label')).to.equal('Your 7-day check-in cycle');
    expect(stripWords(m)).to.deep.equal(expectedWords(before.check_in.days));
    expect($(m, '.ma-checkin__item--today')!.getAttribute('aria-current')).to.equal('date');
    const box = button.getBoundingClientRect();
    expect(box.width, 'touch target width').to.be.at.least(44);
    expect(box.height, 'touch target height').to.be.at.least(44);
    await expectAxeClean(checkIn(m)!);

    button.click();
    await waitFor(
      () => toastText(m) === `Checked in: credit score +${before.check_in.today_reward}`,
      "the toast names the day's reward",
    );
    const done = await waitFor(() => $(m, '.ma-checkin__done'), 'the done state');
    expect(visible(done)).to.equal('Checked in today');
    expect(done.closest('button'), 'the done state is not a button').to.equal(null);
    expect(checkInButtons(m), 'no button left in the check-in').to.have.length(0);
    expect($$(m, 'button').map(visible)).not.to.include('Check in');

    const after = await serverStatus(merchant.token);
    expect(after.check_in.done_today).to.equal(true);
    expect(after.check_in.streak).to.equal(4);
    expect(after.credit_score, "the server paid day 4's reward").to.equal(
      before.credit_score + before.check_in.today_reward,
    );
    await waitFor(() => visible($(m, '.ma-checkin__streak')) === 'Days in a row:\u00a04', 'the streak moves on');
    expect(stripWords(m)).to.deep.equal(expectedWords(after.check_in.days));
    expect(stripWords(m)[3]).to.equal(`Day 4, today: checked in, credit score +${after.check_in.today_reward}`);
    expect(visible($(m, '.ma-checkin__reward'))).to.equal(`Credit score +${after.check_in.today_reward} earned today`);
    await expectAxeClean(checkIn(m)!);
    expect(await apiCalls(SIGN_IN, merchant.token), 'one check-in request').to.equal(1);

    // A reload: the server says done, so the done state comes back, with no button.
    unmountAll();
    const again = await openHome(merchant.token);
    await waitFor(() => visible($(again, '.ma-checkin__done')) === 'Checked in today', 'done after a reload');
    expect(checkInButtons(again)).to.have.length(0);
    expect(stripWords(again)).to.deep.equal(expectedWords(after.check_in.days));
  });

  it("the overview failing to refresh after a check-in keeps the done state (the check-in's own answer counts), even on later failed refreshes", async () => {
    timers = captureIntervals();
    const merchant = await merchantWithStreak(0);
    // The change stream down: the 30-second refresh stands in for it, driven here by the captured timers.
    await streamDown(merchant.token);
    const m = await openHome(merchant.token);
    const button = await waitFor(() => checkInButtons(m).find((b) => visible(b) === 'Check in'), 'the Check in button');
    await apiFault(STATS, merchant.token, 'fail');
    try {
      const asked = await apiCalls(STATS, merchant.token);
      button.click();
      await waitFor(() => toastText(m) === 'Checked in: credit score +1', 'checked in');
      // The overview's reload after the check-in was sent, and failed.
      await waitFor(async () => (await apiCalls(STATS, merchant.token)) > asked, 'the overview asked again');
      await settle();
      await settle();
      expect(visible($(m, '.ma-checkin__done'))).to.equal('Checked in today');
      expect(checkInButtons(m)).to.have.length(0);
      expect(stripWords(m)[0]).to.equal('Day 1, today: checked in, credit score +1');
      expect(visible($(m, '.ma-checkin__streak'))).to.equal('Days in a row:\u00a01');

      // The 30 s refresh fails too: still done.
      const n = await apiCalls(STATS, merchant.token);
      timers.fire(30_000);
      await waitFor(async () => (await apiCalls(STATS, merchant.token)) > n, 'the refresh');
      await settle();
      await settle();
      expect(visible($(m, '.ma-checkin__done'))).to.equal('Checked in today');
      expect(checkInButtons(m)).to.have.length(0);
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
    expect((await serverStatus(merchant.token)).check_in.done_today).to.equal(true);
  });

  it('nothing known yet: a skeleton and no button while the overview loads; if it fails, the card says so with one Retry, never an active Check in', async () => {
    const merchant = await merchantWithStreak(0);
    await apiFault(STATS, merchant.token, 'hold');
    let m: Mounted;
    try {
      m = await openHome(merchant.token);
      await waitFor(
        () =>
          checkIn(m)?.getAttribute('aria-busy') === 'true' &&
          checkIn(m)!.querySelectorAll('.ma-checkin__mark').length === 7,
        'the skeleton',
      );
      expect(checkInButtons(m)).to.have.length(0);
      expect($$(m, 'button').map(visible)).not.to.include('Check in');
      await apiFault(STATS, merchant.token, 'fail');
      const card = $(m, '.ma-home__profile')!;
      await waitFor(
        () => visible(card).includes('Could not load your shop level, deposit, balance and check-in.'),
        'the failure',
      );
      expect(checkIn(m), 'no check-in of its own while nothing is known').to.equal(null);
      expect($$(m, 'button').map(visible)).not.to.include('Check in');
    } finally {
      await apiFault(STATS, merchant.token, null);
    }
    Array.from($(m!, '.ma-home__profile')!.querySelectorAll('button'))
      .find((b) => visible(b) === 'Retry')!
      .click();
    await waitFor(() => checkInButtons(m).find((b) => visible(b) === 'Check in'), 'the Check in button after Retry');
    expect(await apiCalls(SIGN_IN, merchant.token), 'nothing was checked in meanwhile').to.equal(0);
  });
});
