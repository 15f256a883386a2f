export { List, type ListProps } from './List';
