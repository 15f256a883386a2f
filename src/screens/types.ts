import type { Location } from '../router/router';

export interface ScreenProps {
  location: Location;
}
