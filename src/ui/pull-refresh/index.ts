export { PullRefresh, dampPull, type PullRefreshProps, type PullStatus } from './PullRefresh';
