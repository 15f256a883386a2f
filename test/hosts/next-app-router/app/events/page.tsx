// A Server Component page cannot hand a function to a client component; a partner who listens to the app's events
// puts the component in a client component of their own, as here.
import { ListeningAds } from './listening-ads';

export default function EventsPage() {
  return <ListeningAds />;
}
