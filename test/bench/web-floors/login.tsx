import '@cloudscape-design/global-styles/index.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { configureAuth } from './auth';
import { LoginForm } from './login-form';

/**
 * The /login floor (test/bench/web-size.ts): React, react-dom, react-router, Amplify's
 * sign-in call and the Cloudscape components of the login form. No texts, no layout,
 * no toasts, no schema: no sign-in page on this stack can load less.
 */
configureAuth();
const router = createBrowserRouter([{ path: '*', element: <LoginForm /> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
