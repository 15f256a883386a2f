// The element's entry defines <merchant-ads> when imported, before Svelte renders the first one: Svelte then sees
// the element's own properties and sets them (language, theme) instead of attributes.
import 'merchant-ads-sdk/element';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app') });
