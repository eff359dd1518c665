export { LazyNotificationsBell } from './lazy-notifications-bell';
export { ALERTS_PARAM, ALERTS_TAB_PARAM, manageAlertsHref } from './manage-alerts';
