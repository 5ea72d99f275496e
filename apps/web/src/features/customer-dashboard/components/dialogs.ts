/**
 * The rider's dialogs (a ride's receipt, rating and tipping it later, adding and editing a card), loaded together on first use:
 * one lazy chunk rather than one per dialog keeps the shared chunks of the pages that offer them
 * (the dashboard, and the booking page's receipt) from being split further.
 */
export { ReceiptDialogContent } from './receipt-dialog';
export { AddPaymentMethodForm, EditPaymentMethodForm } from './payment-method-forms';
export { FeedbackDialogContent } from './feedback-dialog';
