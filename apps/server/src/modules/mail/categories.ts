import type { NotificationCategory } from '@coride/domain';
import type { MailTemplate } from './templates';

/**
 * Which preference category each mail belongs to (ADR 026), or `always`: security and legal mails a
 * user cannot turn off (verification, password reset and change, account deletion). A new template
 * must be placed here (the type asks for every one).
 */
export const mailCategoryOf: Record<MailTemplate, NotificationCategory | 'always'> = {
  'email-verification': 'always',
  'password-reset': 'always',
  'password-changed': 'always',
  'account-deletion': 'always',
  'driver-application-approved': 'applications',
  'driver-application-rejected': 'applications',
  'licensee-application-approved': 'applications',
  'licensee-application-rejected': 'applications',
  'ride-receipt': 'rides',
  'dispute-opened': 'disputes',
  'dispute-resolved': 'disputes',
  'payout-sent': 'payouts',
  // Whether a driver may work: told whatever they turned off (ADR 031).
  'driver-suspended': 'always',
  'driver-reinstated': 'always',
  // To a user's emergency contacts, not to an account: nothing to turn off (ADR 032).
  'sos-alert': 'always',
};
