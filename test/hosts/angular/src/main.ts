// Defines <merchant-ads> on import, before Angular renders the first template that holds one.
import 'merchant-ads-sdk/element';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideBrowserGlobalErrorListeners } from '@angular/core';
import { App } from './app';

bootstrapApplication(App, { providers: [provideBrowserGlobalErrorListeners()] }).catch((err) => console.error(err));
