/** The deposit toasts of spec section 8 that the dialog and its reopened payment step share. */
export const ADDRESS_GENERATED_MESSAGE = 'Deposit address generated successfully!';
export const DEPOSIT_CONFIRMED_MESSAGE = 'Deposit confirmed successfully!';
export const ADDRESS_EXPIRED_MESSAGE = 'Deposit address expired. Please generate a new one.';
