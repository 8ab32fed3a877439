import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { configureAuth } from './auth';
import { LoginForm } from './login-form';

/**
 * The /login floor (test/bench/web-size.ts): React, react-dom, Amplify's sign-in call and
 * the Cloudscape components of the login form, on a page of its own as /login is (no
 * router). No texts, no layout, no toasts, no schema: no sign-in page on this stack can
 * load less.
 */
configureAuth();
createRoot(document.getElementById('root')!).render(<LoginForm />);
