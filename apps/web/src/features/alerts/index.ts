/**
 * The alerts feature's public surface for other features: open the alert dialog from the chart or the order
 * ticket. Light on purpose (no MUI, no API): the dialog and the panel load lazily in the shell's alerts host.
 */
export { type AlertPrefill, openAlertDialog } from './alert-dialog-store';
