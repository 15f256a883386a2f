import { defineScreen } from '../../define';
import checkInCss from './checkin.css';
import { Home } from './Home';
import bannersCss from './home-banners.css';
import chartCss from './home-chart.css';
import faqsCss from './home-faqs.css';
import overviewCss from './home-overview.css';
import profileCss from './home-profile.css';
import shortcutsCss from './home-shortcuts.css';
import tickerCss from './home-ticker.css';
import css from './home.css';
import { homeRoute } from './route';

// The order is part of the styles: a later rule wins over an earlier one of the same weight. The frame's sheet comes
// first, then one per part in the order the screen shows them, then the check-in's.
export const homeScreen = defineScreen(homeRoute, Home, [
  css,
  profileCss,
  bannersCss,
  shortcutsCss,
  overviewCss,
  chartCss,
  tickerCss,
  faqsCss,
  checkInCss,
]);
