/**
 * A bound account number as the wallet shows it outside the bind-card form: its last four characters behind dots
 * ("•••• 6789"), so a glance over the merchant's shoulder does not read the whole number. A number of four or
 * fewer characters is shown as dots only.
 */
export const maskAccount = (account: string): string => {
  const a = account.replace(/\s+/g, '');
  return a.length > 4 ? `•••• ${a.slice(-4)}` : '••••';
};
