import css from './palette.css';
import { addStyles } from '../styles';

/**
 * The palette of what loads on demand (./palette.css), right after the tokens in every widget's sheet. Each file
 * loaded on demand imports this module (a route group's index, the overlay views), so whichever comes first brings
 * it; the build puts it in the file they share.
 */
addStyles(css, 'palette');
