import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { bannerDetailScreen } from './banner-detail';
import { editLoginPasswordScreen } from './edit-login-password';
import { homeScreen } from './home';
import { levelScreen } from './level';
import { quesDetailScreen } from './ques-detail';

/** The ad centre's file: the dashboard and the pages it links to. Prefetched once a session exists or the login shows. */
export default defineGroup([homeScreen, bannerDetailScreen, editLoginPasswordScreen, levelScreen, quesDetailScreen]);
