import selectorsModule from '@cloudscape-design/components/test-utils/selectors';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { totpCode } from '../support/cognito';
import type { StackInfo } from '../support/stack-process';

// The selectors package is CommonJS; its default export arrives wrapped under Node's ESM.
const createWrapper = ((selectorsModule as unknown as { default?: typeof selectorsModule })
  .default ?? selectorsModule) as typeof selectorsModule;
const wrapper = createWrapper();

/** Page objects: what a person sees and does, on Cloudscape's own test selectors. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  readonly form = () => this.page.locator('[data-testid="login-form"]');

  /** The sign-in page's own language switch (a light page: no back-office menu). */
  async switchLanguage(language: 'en' | 'zh'): Promise<void> {
    await this.page.locator(`[data-testid="language-${language}"]`).click();
    await this.page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });
  }

  /**
   * Signs in with email and password; when the page then asks for the authenticator code,
   * enters the current code of `totpSecret` (by default the stack admin's, for the stack
   * admin's email). Returns once the page has answered the password (or the code).
   */
  async signIn(
    email: string,
    password: string,
    totpSecret: string | undefined = stackAdminSecret(email),
  ): Promise<void> {
    await this.page.locator('[data-testid="login-email"] input').fill(email);
    await this.page.locator('[data-testid="login-password"] input').fill(password);
    await this.page.locator('[data-testid="login-submit"]').click();
    if (totpSecret && (await this.codeAsked())) await this.enterCode(totpCode(totpSecret));
  }

  /** The code step's form (an account with an authenticator app). */
  readonly codeForm = () => this.page.locator('[data-testid="totp-form"]');

  /** Types a code into the code step and sends it. */
  async enterCode(code: string): Promise<void> {
    await this.page.locator('[data-testid="totp-code"] input').fill(code);
    await this.page.locator('[data-testid="totp-submit"]').click();
  }

  /**
   * Whether the password's answer is the code step: waits until the form is no longer
   * busy (a wrong password, another step, or on into the app) or the code step shows.
   */
  private async codeAsked(): Promise<boolean> {
    try {
      const answer = await this.page.waitForFunction(
        () => {
          if (document.querySelector('[data-testid="totp-form"]')) return 'code';
          const form = document.querySelector('[data-testid="login-form"]');
          return !form || form.getAttribute('aria-busy') !== 'true' ? 'other' : false;
        },
        undefined,
        { timeout: 30_000 },
      );
      return (await answer.jsonValue()) === 'code';
    } catch {
      // The page went on into the app meanwhile (a navigation ends the wait).
      return false;
    }
  }
}

/** The stack admin's authenticator secret, for its email (e2e files run with a stack). */
function stackAdminSecret(email: string): string | undefined {
  let stack: StackInfo | undefined;
  try {
    stack = inject('stack');
  } catch {
    return undefined; // outside a test file of a project that provides the stack
  }
  return stack && email.toLowerCase() === stack.admin.email.toLowerCase()
    ? stack.admin.totpSecret
    : undefined;
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
    await new UserMenu(this.page).open('signout');
  }
}

/** The SES emulator's page: the local stand-in for the visitor's inbox. */
export class MailViewer {
  constructor(private readonly page: Page) {}

  /** Opens the newest mail to `to` with `subject` and returns the href of its link named `linkText`. */
  async linkInMail(to: string, subject: string, linkText: string): Promise<string> {
    const mail = this.page
      .locator('.email')
      .filter({ hasText: `To: ${to}` })
      .filter({ hasText: subject })
      .first();
    await mail.waitFor();
    await mail.getByRole('button', { name: 'Toggle HTML view' }).click();
    const link = mail.frameLocator('iframe').getByRole('link', { name: linkText });
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`No link "${linkText}" in the mail to ${to}`);
    return href;
  }
}

/**
 * Opens a dropdown (a menu, a select's options) with `trigger` and chooses `item`, as a
 * person would. A Cloudscape dropdown closes when what holds it is drawn again (a list
 * reloading after a filter was typed, the top bar laying itself out, a toast going),
 * taking the item with it: a person opens it again, and so does this, until `chosen`
 * holds (by default: the click went through).
 */
export async function chooseFromMenu(
  trigger: Locator,
  item: Locator,
  chosen: () => Promise<boolean> = async () => true,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if (!(await item.isVisible())) await trigger.click({ timeout: 5_000 });
      await item.click({ timeout: 5_000 });
      if (await chosen()) return;
    } catch {
      // The dropdown closed under the pointer: open it again.
    }
    if (Date.now() > deadline) throw new Error(`${String(item)} could not be chosen from its menu`);
  }
}

/** Switches the interface language with the language menu, as a person would. */
export async function switchLanguage(page: Page, language: 'en' | 'zh'): Promise<void> {
  const switched = page.locator(`html[lang^="${language}"]`);
  await chooseFromMenu(
    page.locator('[data-testid="language-menu"]:visible button').first(),
    page.locator(`[data-testid="${language}"]:visible`).first(),
    async () => {
      await switched.waitFor({ state: 'attached', timeout: 2_000 });
      return true;
    },
  );
}

/** Picks an option of a Cloudscape Select by its visible label. */
export async function choose(page: Page, testId: string, label: string): Promise<void> {
  await chooseFromMenu(
    page.locator(`[data-testid="${testId}"] button`).first(),
    page
      .locator(wrapper.findSelect().findDropdown().findOptions().toSelector())
      .filter({ hasText: label })
      .first(),
  );
}

/** The interface preferences panel, opened from the user menu. */
export class PreferencesPanel {
  constructor(private readonly page: Page) {}

  readonly modal = () => this.page.locator('[data-testid="preferences-modal"]:visible');

  async open(): Promise<void> {
    await new UserMenu(this.page).open('preferences');
    await this.modal().waitFor();
  }

  /** Picks a choice (by its visible label) of one preference, e.g. `theme`, `Dark`. */
  async choose(preference: string, label: string): Promise<void> {
    await this.page
      .locator(`[data-testid="preference-${preference}"]`)
      .getByText(label, { exact: true })
      .click();
  }

  async close(): Promise<void> {
    await this.page.locator('[data-testid="preferences-close"]:visible').click();
    await this.modal().waitFor({ state: 'detached' });
  }

  /** "Reset to defaults". */
  async reset(): Promise<void> {
    await this.page.locator('[data-testid="preferences-reset"]:visible').click();
  }

  /** Whether a choice (by its visible label) is offered but cannot be taken now. */
  async isDisabled(preference: string, label: string): Promise<boolean> {
    return this.page
      .locator(`[data-testid="preference-${preference}"]`)
      .getByRole('radio', { name: label, exact: true })
      .isDisabled();
  }

  readonly preview = () => this.page.locator('[data-testid="preferences-preview"]:visible');
}

/** The user menu in the top bar: the account pages, preferences, sign-out. */
export class UserMenu {
  constructor(private readonly page: Page) {}

  async open(item: 'account-settings' | 'user-profile' | 'preferences' | 'signout') {
    await chooseFromMenu(
      this.page.locator('[data-testid="user-menu"]:visible button').first(),
      this.page.locator(`[data-testid="${item}"]:visible`).first(),
    );
  }

  /** The name and role line under the email. */
  readonly description = () =>
    this.page.locator('[data-testid="user-menu"]:visible button').first();
}

/** `/pages/account-settings/account`: name, email, role, language, password, sessions. */
export class AccountSettingsPage {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.locator('[data-testid="account-settings"]');
  readonly name = () => this.page.locator('[data-testid="account-name"] input');
  readonly email = () => this.page.locator('[data-testid="account-email"] input');
  readonly role = () => this.page.locator('[data-testid="account-role"] input');
  readonly toasts = () => this.page.locator(wrapper.findFlashbar().findItems().toSelector());
  /** The messages under the fields of a form (`account-form`, `change-password-form`). */
  readonly fieldErrors = (form: 'account-form' | 'change-password-form') =>
    this.page
      .locator(`[data-testid="${form}"]`)
      // Cloudscape's selector starts at `body`; inside the form it starts below it.
      .locator(
        wrapper
          .findFormField()
          .findError()
          .toSelector()
          .replace(/^body /, ''),
      );
  /** The change-password form's message for the whole form (e.g. too many attempts). */
  readonly passwordError = () => this.page.locator('[data-testid="change-password-error"]');

  async rename(name: string): Promise<void> {
    await this.name().fill(name);
    await this.page.locator('[data-testid="account-save"]').click();
  }

  async changePassword(current: string, next: string, confirm = next): Promise<void> {
    await this.page.locator('[data-testid="current-password"] input').fill(current);
    await this.page.locator('[data-testid="new-password"] input').fill(next);
    await this.page.locator('[data-testid="confirm-new-password"] input').fill(confirm);
    await this.page.locator('[data-testid="change-password-submit"]').click();
  }

  async signOutEverywhere(): Promise<void> {
    await this.page.locator('[data-testid="sign-out-everywhere"]').click();
    await this.page.locator('[data-testid="sign-out-everywhere-confirm"]:visible').click();
  }
}

/** `/pages/user-profile/profile`: who you are, and what you changed lately. */
export class UserProfilePage {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.locator('[data-testid="user-profile"]');
  readonly fact = (name: 'name' | 'email' | 'role' | 'member-since') =>
    this.page.locator(`[data-testid="profile-${name}"]`);
  /** The "Recent activity" section: the own audit entries, newest first. */
  readonly activity = () => this.page.locator('[data-testid="recent-activity"]');
  readonly activityRows = () =>
    this.page.locator(
      wrapper
        .findTable('[data-testid="recent-activity"] [data-testid="history-table"]')
        .findRows()
        .toSelector(),
    );
  readonly activityHeaders = () =>
    this.page.locator(
      wrapper
        .findTable('[data-testid="recent-activity"] [data-testid="history-table"]')
        .findColumnHeaders()
        .toSelector(),
    );
  readonly activityCount = () =>
    this.page.locator('[data-testid="recent-activity"] [data-testid="history-count"]');
  readonly activityEmpty = () =>
    this.page.locator('[data-testid="recent-activity"] [data-testid="history-empty"]');
  readonly activityLoadMore = () =>
    this.page.locator('[data-testid="recent-activity"] [data-testid="history-load-more"]');
}

/** The public Test Report Center (/search), its preview and its verify mode. */
export class ReportCenterPage {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.locator('[data-testid="report-center"]');
  readonly serial = () => this.page.locator('[data-testid="report-serial"] input');
  readonly email = () => this.page.locator('[data-testid="report-email"] input');
  readonly consent = () => this.page.locator('[data-testid="report-consent"] input');
  readonly submit = () => this.page.locator('button[data-testid="report-submit"]');
  readonly failure = () => this.page.locator('[data-testid="report-failure"]');
  readonly startupFailure = () => this.page.locator('[data-testid="startup-error"]');
  readonly preview = () => this.page.locator('[data-testid="report-preview"]');
  readonly verdict = () => this.page.locator('[data-testid="report-verdict"]');
  readonly results = () => this.page.locator('[data-testid="report-results"] tbody tr');
  readonly pdfLink = () => this.page.locator('a[data-testid="report-pdf-link"]');
  readonly toasts = () => this.page.locator(wrapper.findFlashbar().findItems().toSelector());
  /** The message under a form field (`report-serial`, `report-email`). */
  readonly fieldError = (testId: string) =>
    this.page.locator(wrapper.findFormField(`[data-testid="${testId}"]`).findError().toSelector());

  /** Types a serial and an email, agrees to the statement and asks for the report. */
  async search(serial: string, email: string): Promise<void> {
    await this.serial().fill(serial);
    await this.email().fill(email);
    if (!(await this.consent().isChecked())) await this.consent().check();
    await this.submit().click();
  }

  /** Switches the page's language with its English / 中文 buttons. */
  async switchLanguage(language: 'en' | 'zh'): Promise<void> {
    await this.page.locator(`[data-testid="language-${language}"]`).click();
    await this.page.locator(`html[lang^="${language}"]`).waitFor({ state: 'attached' });
  }

  readonly verifiedReport = () => this.page.locator('[data-testid="verify-report"]');
  readonly verifiedFingerprint = () => this.page.locator('[data-testid="verify-fingerprint"]');
  readonly verifyFailure = () => this.page.locator('[data-testid="verify-failure"]');
  readonly verifyOutcome = () => this.page.locator('[data-testid="verify-outcome"]');

  /** Gives the verify page a file, as choosing it in the file dialog would. */
  async checkFile(name: string, bytes: Buffer): Promise<void> {
    await this.page
      .locator('[data-testid="verify-file"] input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  }
}

/** The dashboard: figures by name (`reportRequests`, `machineResults`, ...), charts, latest requests. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  readonly figures = () => this.page.locator('[data-testid="dashboard-figures"]');
  readonly figure = (name: string) => this.page.locator(`[data-testid="dashboard-${name}"]`);
  readonly requestsChart = () => this.page.locator('[data-testid="dashboard-requests-chart"]');
  readonly resultsChart = () => this.page.locator('[data-testid="dashboard-results-chart"]');
  readonly recent = () => this.page.locator('[data-testid="dashboard-recent"]');
  readonly refresh = () => this.page.locator('[data-testid="dashboard-refresh"]');
}

/** The search history (/searches): filters, rows, the admin's resend. */
export class SearchHistoryPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.locator('[data-testid="searches-table"]');
  readonly rows = () =>
    this.page.locator(wrapper.findTable('[data-testid="searches-table"]').findRows().toSelector());
  readonly serial = () => this.page.locator('[data-testid="searches-serial"] input');
  readonly email = () => this.page.locator('[data-testid="searches-email"] input');
  readonly resendModal = () => this.page.locator('[data-testid="resend-modal"]:visible');

  /** Clicks "Resend" on a request's row and confirms. */
  async resend(id: string): Promise<void> {
    await this.page.locator(`[data-testid="resend-${id}"]`).click();
    await this.page.locator('[data-testid="resend-modal-confirm"]:visible').click();
  }
}

/** The Machine Data page: results and unit history, CSV upload, machine keys (admins). */
export class MachineDataPage {
  constructor(private readonly page: Page) {}

  readonly results = () => this.page.locator('[data-testid="results-table"]');
  readonly resultRows = () =>
    this.page.locator(wrapper.findTable('[data-testid="results-table"]').findRows().toSelector());
  readonly resultsTitle = () => this.page.locator('[data-testid="results-title"]');
  readonly serialFilter = () => this.page.locator('[data-testid="results-serial"] input');
  readonly machines = () => this.page.locator('[data-testid="machines-table"]');
  readonly uploadProblems = () =>
    this.page.locator(wrapper.findTable('[data-testid="upload-problems"]').findRows().toSelector());

  /** Opens a tab by its label. */
  async openTab(label: string): Promise<void> {
    await this.page
      .locator(wrapper.findTabs('[data-testid="machine-data-tabs"]').findTabLinks().toSelector())
      .filter({ hasText: label })
      .click();
  }

  /** "Create key" with a name and a note; returns the key the dialog shows once. */
  async createKey(name: string, note: string): Promise<string> {
    await this.page.locator('[data-testid="machine-create"]').click();
    await this.page.locator('[data-testid="machine-name"] input').fill(name);
    await this.page.locator('[data-testid="machine-note"] input').fill(note);
    await this.page.locator('[data-testid="machine-create-submit"]').click();
    const key = this.page.locator('[data-testid="machine-key"]');
    await key.waitFor();
    return ((await key.textContent()) ?? '').trim();
  }

  /** Gives the upload a CSV file, as choosing it in the file dialog would. */
  async chooseCsv(name: string, csv: string): Promise<void> {
    await this.page
      .locator('[data-testid="upload-file"] input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  }
}

/** Types an absolute range (`YYYY-MM-DD`) into a Cloudscape DateRangePicker and applies it. */
export async function chooseDateRange(
  page: Page,
  testId: string,
  from: string,
  to: string,
): Promise<void> {
  const picker = wrapper.findDateRangePicker(`[data-testid="${testId}"]`);
  await page.locator(picker.findTrigger().toSelector()).click();
  const dropdown = picker.findDropdown({ expandToViewport: true });
  // The inputs are masked: typed digit by digit, as a person would, the separators come by themselves.
  for (const [input, date] of [
    [dropdown.findStartDateInput(), from],
    [dropdown.findEndDateInput(), to],
  ] as const) {
    const field = page.locator(input.findNativeInput().toSelector());
    await field.fill('');
    await field.pressSequentially(date.replaceAll('-', ''));
  }
  await page.locator(dropdown.findApplyButton().toSelector()).click();
  await page.locator(dropdown.toSelector()).waitFor({ state: 'detached' });
}

/** A record's "History" section (edit pages) or dialog (staff accounts). */
export class RecordHistory {
  constructor(
    private readonly page: Page,
    private readonly scope = '',
  ) {}

  readonly section = () => this.page.locator('[data-testid="record-history"]');
  readonly table = () => this.page.locator(`${this.scope} [data-testid="history-table"]`.trim());
  readonly rows = () =>
    this.page.locator(
      wrapper
        .findTable(`${this.scope} [data-testid="history-table"]`.trim())
        .findRows()
        .toSelector(),
    );
  readonly count = () => this.page.locator('[data-testid="history-count"]');
  readonly loadMore = () => this.page.locator('[data-testid="history-load-more"]');

  /** Opens the section (its header is a button) and waits for the first entries. */
  async expand(): Promise<void> {
    await this.page
      .locator(
        wrapper
          .findExpandableSection('[data-testid="record-history"]')
          .findExpandButton()
          .toSelector(),
      )
      .click();
    await this.table().waitFor();
  }
}

/**
 * Chooses from the Select `testId` as a person finds a name in a long list: opens it, types
 * `typed` into its filter, and picks the option showing `label`. Opened again should the
 * dropdown close under the pointer (see {@link chooseFromMenu}).
 */
export async function chooseFromList(
  page: Page,
  testId: string,
  typed: string,
  label: string,
): Promise<void> {
  const select = wrapper.findSelect(`[data-testid="${testId}"]`);
  const trigger = page.locator(select.findTrigger().toSelector());
  const filter = page.locator(select.findFilteringInput().findNativeInput().toSelector());
  const option = page
    .locator(select.findDropdown().findOptions().toSelector())
    .filter({ hasText: label })
    .first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if (!(await filter.isVisible())) await trigger.click({ timeout: 5_000 });
      if ((await filter.inputValue({ timeout: 5_000 })) !== typed) {
        await filter.fill(typed, { timeout: 5_000 });
      }
      await option.click({ timeout: 5_000 });
      return;
    } catch {
      // The dropdown closed under the pointer, or the search is still under way.
    }
    if (Date.now() > deadline) throw new Error(`"${label}" could not be chosen in ${testId}`);
  }
}

/** What a Select shows as chosen (its trigger's text). */
export const chosenIn = (page: Page, testId: string) =>
  page.locator(wrapper.findSelect(`[data-testid="${testId}"]`).findTrigger().toSelector());

/** The admins' Activity page (/activity): the whole audit trail with filters and export. */
export class ActivityPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.locator('[data-testid="activity-table"]');
  readonly rows = () =>
    this.page.locator(wrapper.findTable('[data-testid="activity-table"]').findRows().toSelector());
  /** The person (or machine) chosen, as the filter shows it. */
  readonly actor = () => chosenIn(this.page, 'activity-actor');
  /** The record chosen, as the filter shows it. */
  readonly record = () => chosenIn(this.page, 'activity-record');
  readonly clear = () => this.page.locator('[data-testid="activity-clear"]');

  /** Clicks the actor of the first row showing `text`: the list narrows to that actor. */
  async filterByActorOf(text: string): Promise<void> {
    await this.rows().filter({ hasText: text }).first().locator('button').first().click();
  }
}

/** The Products list (/products) and its search box. */
export class ProductsPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.locator('[data-testid="products-table"]');
  readonly search = () => this.page.locator('[data-testid="products-filter"] input');
  readonly rows = () =>
    this.page.locator(wrapper.findTable('[data-testid="products-table"]').findRows().toSelector());
  /** The product names the list shows, in order (each row's name link). */
  async names(): Promise<string[]> {
    const names = await this.rows().evaluateAll((rows) =>
      rows.map((row) => row.querySelector('a')?.textContent?.trim() ?? ''),
    );
    return names.filter(Boolean);
  }
}

/**
 * The Serial Numbers list (/serial-numbers), a range's add or edit form and the range's
 * delete dialog. Menu items are named in the page's language (`item`).
 */
export class SerialNumbersPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.locator('[data-testid="serial-table"]');
  readonly filter = () => this.page.locator('[data-testid="serial-filter"] input');
  /** The list's rows showing `text`. */
  readonly rows = (text: string) =>
    this.page
      .locator(wrapper.findTable('[data-testid="serial-table"]').findRows().toSelector())
      .filter({ hasText: text });
  readonly headers = () =>
    this.page.locator(
      wrapper.findTable('[data-testid="serial-table"]').findColumnHeaders().toSelector(),
    );

  /** The text of the cell under the column headed `header` in the row showing `rowText`. */
  async cell(rowText: string, header: string): Promise<string> {
    const headers = (await this.headers().allTextContents()).map((text) => text.trim());
    const index = headers.indexOf(header);
    if (index < 0) throw new Error(`No column "${header}" in ${headers.join(' | ')}`);
    return (await this.rows(rowText).first().locator('th, td').nth(index).textContent()) ?? '';
  }

  readonly form = () => this.page.locator('[data-testid="serial-form"]');
  readonly materialField = () => this.page.locator('[data-testid="serial-material-field"]');
  /** The message under a form field (`serial-material-field`, ...). */
  readonly fieldError = (testId: string) =>
    this.page.locator(wrapper.findFormField(`[data-testid="${testId}"]`).findError().toSelector());
  readonly submit = () => this.page.locator('button[data-testid="serial-submit"]');

  readonly deleteDialog = () => this.page.locator('[data-testid="serial-delete-modal"]:visible');
  readonly deleteConfirm = () =>
    this.page.locator('button[data-testid="serial-delete-modal-confirm"]:visible');
  readonly deleteCancel = () =>
    this.page.locator('button[data-testid="serial-delete-modal-cancel"]:visible');

  /** Opens a range's delete dialog from its actions menu (`item`: the menu's "Delete"). */
  async openDelete(rangeId: string, item: string): Promise<void> {
    await chooseFromMenu(
      this.page.locator(`[data-testid="serial-actions-${rangeId}"] button`).first(),
      this.page.getByRole('menuitem', { name: item }),
    );
    await this.deleteDialog().waitFor();
  }
}

/** The test-plan editor on a product's edit page. */
export class TestPlanEditor {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.locator('[data-testid="test-plan-form"]');
  readonly tests = () => this.page.locator('[data-testid="test-plan-test"]');
  readonly version = () => this.page.locator('[data-testid="test-plan-version"]');
  readonly templateNotice = () => this.page.locator('[data-testid="test-plan-template-notice"]');
  readonly save = () => this.page.locator('button[data-testid="test-plan-save"]');

  /** The test at `index` (0-based) whose field `field` (name, method, unit, lower, upper, holdSeconds). */
  readonly field = (index: number, field: string) =>
    this.tests().nth(index).locator(`[data-testid="plan-test-${field}"] input`);

  /** A field's message under it, on the test at `index`. */
  readonly fieldError = (index: number, field: string) =>
    this.tests()
      .nth(index)
      .locator(
        // Within the test: the selector without its leading `body`.
        wrapper
          .findFormField(`[data-testid="plan-test-${field}-field"]`)
          .findError()
          .toSelector()
          .replace(/^body /, ''),
      );

  /** The tests' names, in plan order. */
  async names(): Promise<string[]> {
    return this.tests()
      .locator('[data-testid="plan-test-name"] input')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  }

  async fillFromTemplate(): Promise<void> {
    await this.page.locator('[data-testid="test-plan-template"]').click();
  }
}

// ---------------------------------------------------------------------------------------
// Units and site settings (test/e2e/units.test.ts): a unit's page, its void dialog, the
// serial lookup that leads to it, and the admins' site settings page.
// ---------------------------------------------------------------------------------------

/** "Find a serial" on the Serial Numbers page, and its way to the unit's page. */
export class SerialLookupPanel {
  constructor(private readonly page: Page) {}

  readonly result = () => this.page.locator('[data-testid="serial-lookup-result"]');
  /** The found serial's link to its unit's page. */
  readonly unitLink = () => this.page.locator('[data-testid="serial-lookup-unit"]');

  async find(serial: string): Promise<void> {
    await this.page.locator('[data-testid="serial-lookup-input"] input').fill(serial);
    await this.page.locator('[data-testid="serial-lookup-submit"]').click();
    await this.result().waitFor();
  }
}

/** A unit's page (/units/:serial): overview, results (and their voids), reports, history. */
export class UnitPage {
  constructor(private readonly page: Page) {}

  readonly serial = () => this.page.locator('[data-testid="unit-serial"]');
  readonly overview = () => this.page.locator('[data-testid="unit-overview"]');
  /** The verdict's status; `data-verdict` names it. */
  readonly verdict = () => this.page.locator('[data-testid="unit-verdict"] [data-verdict]');
  readonly judgedBy = () => this.page.locator('[data-testid="unit-judged-by"]');
  readonly material = () => this.page.locator('[data-testid="unit-material"]');
  readonly product = () => this.page.locator('[data-testid="unit-product"]');
  readonly range = () => this.page.locator('[data-testid="unit-range"]');
  readonly results = () => this.page.locator('[data-testid="unit-results"]');
  readonly resultRows = () =>
    this.page.locator(wrapper.findTable('[data-testid="unit-results"]').findRows().toSelector());
  /** The row of the result of `testName`. */
  readonly resultRow = (testName: string) => this.resultRows().filter({ hasText: testName });
  readonly reportRows = () =>
    this.page.locator(wrapper.findTable('[data-testid="unit-reports"]').findRows().toSelector());
  readonly identity = () => this.page.locator('[data-testid="unit-identity"]');
  readonly historyRows = () =>
    this.page.locator(
      wrapper
        .findTable('[data-testid="record-history"] [data-testid="history-table"]')
        .findRows()
        .toSelector(),
    );

  /** Whether the result of `testName` is shown struck through (voided). */
  async isStruck(testName: string): Promise<boolean> {
    return (await this.resultRow(testName).locator('.unit-voided').count()) > 0;
  }

  /** Opens the void dialog of the result of `testName`. */
  async startVoid(testName: string): Promise<VoidResultDialog> {
    await this.resultRow(testName).locator('[data-testid="result-void"]').click();
    const dialog = new VoidResultDialog(this.page);
    await dialog.root().waitFor();
    return dialog;
  }
}

/** "Void this result?": the reason, checked as typed, then the void. */
export class VoidResultDialog {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.locator('[data-testid="void-modal"]:visible');
  readonly reason = () => this.page.locator('[data-testid="void-reason"] textarea');
  readonly reasonError = () =>
    this.page.locator(
      wrapper
        .findModal('[data-testid="void-modal"]')
        .findContent()
        .findFormField()
        .findError()
        .toSelector(),
    );
  readonly error = () => this.page.locator('[data-testid="void-error"]');

  async confirm(): Promise<void> {
    await this.page.locator('[data-testid="void-confirm"]:visible').click();
  }
}

/** The admins' site settings (/settings): the verdicts visitors may receive, and the history. */
export class SiteSettingsPage {
  constructor(private readonly page: Page) {}

  readonly form = () => this.page.locator('[data-testid="settings-form"]');
  readonly explanation = () => this.page.locator('[data-testid="settings-explanation"]');
  readonly saved = () => this.page.locator('[data-testid="settings-saved"]');
  /** The checkbox of a verdict (`pass`, `fail`, `incomplete`, `untested`). */
  readonly verdict = (verdict: string) =>
    this.page.locator(`[data-testid="settings-verdict-${verdict}"] input`);
}

/**
 * A back-office table's preferences (the settings button above it): the columns it offers
 * and which of them show, chosen as a person does. `words`: the button's name and
 * "Confirm" in the page's language.
 */
export class TablePreferences {
  constructor(
    private readonly page: Page,
    private readonly tableTestId: string,
    private readonly words = { open: 'Preferences', confirm: 'Confirm' },
  ) {}

  private readonly columnList = () =>
    wrapper.findCollectionPreferences().findModal().findContentDisplayPreference();
  readonly dialog = () =>
    this.page.locator(wrapper.findCollectionPreferences().findModal().toSelector());

  /** Opens the dialog (its code is fetched when first used). */
  async open(): Promise<void> {
    await this.page
      .locator(`[data-testid="${this.tableTestId}"]`)
      .getByRole('button', { name: this.words.open })
      .click();
    await this.page.locator(this.columnList().toSelector()).waitFor();
  }

  /** The names of the columns the open dialog offers, in their order. */
  async columns(): Promise<string[]> {
    // Every option's label: the first one's selector without its place in the list.
    const first = this.columnList().findOptionByIndex(1).findLabel().toSelector();
    const labels = await this.page.locator(first.replace(':nth-child(1)', '')).allTextContents();
    return labels.map((label) => label.trim());
  }

  /** Shows (true) or hides (false) columns by their names, then confirms. */
  async choose(columns: Record<string, boolean>): Promise<void> {
    const dialog = this.dialog();
    for (const [name, shown] of Object.entries(columns)) {
      await dialog.getByLabel(name, { exact: true }).setChecked(shown);
    }
    await dialog.getByRole('button', { name: this.words.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** Opens the dialog, shows or hides the columns named, confirms. */
  async show(columns: Record<string, boolean>): Promise<void> {
    await this.open();
    await this.choose(columns);
  }
}

/**
 * A list's import dialog (Products, Serial Numbers): opened with the list's "Import" button
 * (`openWith`: its test id), a CSV file chosen, the server's check, the import.
 */
export class ImportDialog {
  constructor(private readonly page: Page) {}

  readonly dialog = () => this.page.locator('[data-testid="import-modal"]:visible');
  readonly ready = () => this.page.locator('[data-testid="import-ready"]');
  readonly refused = () => this.page.locator('[data-testid="import-refused"]');
  readonly progress = () => this.page.locator('[data-testid="import-progress"]');
  readonly submit = () => this.page.locator('button[data-testid="import-submit"]');
  readonly problemsHeader = () =>
    this.page.locator(
      wrapper.findTable('[data-testid="import-problems"]').findHeaderSlot().toSelector(),
    );
  /** The problems table's rows on its current page: line, column, message. */
  readonly problems = () =>
    this.page.locator(wrapper.findTable('[data-testid="import-problems"]').findRows().toSelector());

  async openWith(buttonTestId: string): Promise<void> {
    await this.page.locator(`[data-testid="${buttonTestId}"]`).click();
    await this.dialog().waitFor();
  }

  /** Gives the dialog a CSV file, as choosing it in the file dialog would. */
  async chooseCsv(name: string, csv: string): Promise<void> {
    await this.page
      .locator('[data-testid="import-file"] input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  }

  /** Each listed problem as `[line, column, message]`, from the table's current page. */
  async problemRows(): Promise<string[][]> {
    return this.problems().evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
      ),
    );
  }
}

/**
 * Row selection and the actions on the selected rows of a list (docs/web-app.md, "Actions
 * on many rows"): rows are ticked by their checkboxes' names ("Select …", as a screen
 * reader hears them), actions chosen from the "N selected" menu (`menuTestId`).
 */
export class RowSelection {
  constructor(
    private readonly page: Page,
    private readonly menuTestId: string,
  ) {}

  /** The checkbox a screen reader names `name` (e.g. "Select AV-1 – AV-9"). */
  readonly checkbox = (name: string) => this.page.getByRole('checkbox', { name, exact: true });
  readonly menu = () => this.page.locator(`[data-testid="${this.menuTestId}"] button`).first();

  async select(name: string): Promise<void> {
    await this.checkbox(name).check();
  }

  /** Chooses the action named `item` (in the page's language) from the menu. */
  async choose(item: string): Promise<void> {
    await chooseFromMenu(this.menu(), this.page.getByRole('menuitem', { name: item }));
  }
}
