/**
 * The start of the reason the Cognito message trigger gives when a recipient has had its
 * quota of code mails (lambdas/auth/code-mail-quota.ts). Cognito answers the call that
 * asked for the mail with `UserLambdaValidationException` "CustomMessage failed with error
 * <reason>.", so the web app knows a refusal to wait out from another failure by it.
 */
export const codeMailLimitReason = 'Too many mails to this address';
