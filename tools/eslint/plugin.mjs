// The lint rules that encode this project's own traps (eslint.config.mjs turns them on).
import { oneShotLoader } from './one-shot-loader.mjs';

export default { meta: { name: 'merchant-ads-project' }, rules: { 'one-shot-loader': oneShotLoader } };
