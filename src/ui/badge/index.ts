export { Badge, type BadgeProps } from './Badge';
export { badgeText } from './badge-text';
