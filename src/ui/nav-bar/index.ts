export { NavBar, type NavBarProps } from './NavBar';
