import { comingSoon } from '../misc/coming-soon';

export const notificationRoutes = [comingSoon({ path: '/notification', backRoute: '/ad-center', icons: { language: true } })];
