/**
 * "Login Successfully" crosses a page load: the sign-in page (login.html) is a page of
 * its own, so it leaves the notice in this tab's sessionStorage and the back office shows
 * it as a toast once it has read the new session.
 */
const noticeKey = 'signed-in-notice';

/** Called by the sign-in page just before it leaves for the back office. */
export function leaveSignInNotice(): void {
  try {
    window.sessionStorage.setItem(noticeKey, '1');
  } catch {
    // Storage blocked: the person is signed in all the same, without the toast.
  }
}

/** True once after the sign-in page signed this tab in; the notice is then gone. */
export function takeSignInNotice(): boolean {
  try {
    const left = window.sessionStorage.getItem(noticeKey) !== null;
    window.sessionStorage.removeItem(noticeKey);
    return left;
  } catch {
    return false;
  }
}
