// Every stylesheet of the UI primitives, in one string injected once into each mount's shadow root.
import tokens from './styles/tokens.css';
import badge from './badge/badge.css';
import button from './button/button.css';
import checkbox from './checkbox/checkbox.css';
import dialog from './dialog/dialog.css';
import empty from './empty/empty.css';
import field from './field/field.css';
import icon from './icon/icon.css';
import list from './list/list.css';
import navBar from './nav-bar/nav-bar.css';
import passwordInput from './password-input/password-input.css';
import picker from './picker/picker.css';
import popup from './popup/popup.css';
import pullRefresh from './pull-refresh/pull-refresh.css';
import richText from './rich-text/rich-text.css';
import skeleton from './skeleton/skeleton.css';
import tabs from './tabs/tabs.css';
import toast from './toast/toast.css';
import uploader from './uploader/uploader.css';

export const uiCss = [tokens, badge, button, checkbox, dialog, empty, field, icon, list, navBar, passwordInput, picker, popup, pullRefresh, richText, skeleton, tabs, toast, uploader].join('\n');
