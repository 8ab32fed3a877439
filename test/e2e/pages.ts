import selectorsModule from '@cloudscape-design/components/test-utils/selectors';
import type { Page } from 'playwright-core';

// The selectors package is CommonJS; its default export arrives wrapped under Node's ESM.
const createWrapper = ((selectorsModule as unknown as { default?: typeof selectorsModule })
  .default ?? selectorsModule) as typeof selectorsModule;
const wrapper = createWrapper();

/** Page objects: what a person sees and does, on Cloudscape's own test selectors. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly form = () => this.page.locator('[data-testid="login-form"]');

  async signIn(email: string, password: string): Promise<void> {
    await this.page.locator('[data-testid="login-email"] input').fill(email);
    await this.page.locator('[data-testid="login-password"] input').fill(password);
    await this.page.locator('[data-testid="login-submit"]').click();
  }
}

export class AppShell {
  constructor(private readonly page: Page) {}

  readonly layout = () => this.page.locator(wrapper.findAppLayout().toSelector());
  readonly title = () =>
    this.page.locator(wrapper.findTopNavigation().findIdentityLink().toSelector());
  readonly sideLink = (href: string) =>
    this.page.locator(wrapper.findSideNavigation().findLinkByHref(href).toSelector());
  readonly toasts = () => this.page.locator(wrapper.findFlashbar().findItems().toSelector());

  async signOut(): Promise<void> {
    await this.page.locator('[data-testid="user-menu"]:visible button').click();
    await this.page.locator('[data-testid="signout"]').click();
  }
}
