// The partner's page around two widgets, with no glue code: Angular binds the element's attributes, its theme
// property and its events like any other element's. The event names are the hyphenated twins
// (merchant-ads-ready): in an Angular template `(merchant-ads:ready)` would mean the event "ready" on a global
// target named "merchant-ads". No zone.js (Angular's default): a listener bound in the template marks the component
// for checking when it runs, so the plain fields below show on the page as soon as an event arrives.
import { Component, CUSTOM_ELEMENTS_SCHEMA } from '@angular/core';
import type { MerchantAdsElementEventMap } from 'merchant-ads-sdk/element';

@Component({
  selector: 'app-root',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <header class="bar">
      <button type="button" (click)="shown = !shown">{{ shown ? 'Hide widget' : 'Show widget' }}</button>
      <button type="button" (click)="lang = lang === 'de' ? 'en' : 'de'">
        {{ lang === 'de' ? 'English' : 'Deutsch' }}
      </button>
      <p role="status" aria-label="First widget">ready: {{ ready }}, language: {{ language }}</p>
      <p role="status" aria-label="Second widget">ready: {{ secondReady }}</p>
    </header>
    @if (shown) {
      <merchant-ads
        id="first"
        api-base="/api"
        routing="memory"
        [attr.language]="lang"
        [theme]="theme"
        (merchant-ads-ready)="onReady($event)"
        (merchant-ads-language)="onLanguage($event)"
      ></merchant-ads>
    }
    <merchant-ads
      id="second"
      api-base="/api"
      routing="memory"
      (merchant-ads-ready)="secondReady = secondReady + 1"
    ></merchant-ads>
  `,
  styles: `
    :host {
      display: block;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      align-items: center;
      padding: 8px;
    }
    .bar p {
      margin: 0;
    }
    merchant-ads {
      display: block;
      height: 70vh;
    }
  `,
})
export class App {
  shown = true;
  /** The language the page asks of the first widget; none at first (the widget's own default: English). */
  lang: string | null = null;
  readonly theme = { primary: '#e60012' };
  ready = 0;
  language = '(none)';
  secondReady = 0;

  // Strict templates type $event from the package's own HTMLElementEventMap: a CustomEvent with its detail, no cast.
  onReady(event: MerchantAdsElementEventMap['merchant-ads-ready']) {
    console.info(`merchant-ads ${event.detail.version} ready on ${event.detail.route}`);
    this.ready++;
  }

  onLanguage(event: MerchantAdsElementEventMap['merchant-ads-language']) {
    this.language = event.detail.lang;
  }
}
