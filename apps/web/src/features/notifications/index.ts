export { ALERTS_PARAM, ALERTS_TAB_PARAM, manageAlertsHref } from './manage-alerts';
export { NotificationsBell } from './notifications-bell';
