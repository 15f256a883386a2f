import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export interface VitalMetric {
  name: string;
  value: number;
  rating: string;
  delta: number;
  id: string;
}

/** Reports LCP, INP, CLS, FCP and TTFB as web-vitals measures them for the page the widget is on. */
export function observeVitals(report: (m: VitalMetric) => void): void {
  const send = (m: Metric) => report({ name: m.name, value: m.value, rating: m.rating, delta: m.delta, id: m.id });
  onLCP(send);
  onINP(send);
  onCLS(send);
  onFCP(send);
  onTTFB(send);
}
